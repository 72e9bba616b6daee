/* deps.h - what a parsed unit read (deps.c). */
#ifndef CUDALINT_FRONTEND_DEPS_H
#define CUDALINT_FRONTEND_DEPS_H

#include "frontend/clang_api.h" /* libclang, loaded on first use */

struct ir_unit;

/* The directory, which does not exist on disk, of the headers cudalint
 * hands libclang as unsaved files (parse.c); they are no dependency. */
#define CL_VDIR "/__cudalint__/include"

/* Fills U's deps (every file TU read, in the order clang entered them),
 * includes (the project's headers, with the #include of the main file
 * that brought each in) and uses_cuda_arch, in one pass over the
 * inclusions. */
void cl_record_deps(CXTranslationUnit tu, struct ir_unit *u);

#endif
