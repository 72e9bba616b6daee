#ifndef CUDALINT_LOWER_H
#define CUDALINT_LOWER_H

#include <clang-c/Index.h>

struct ir_unit;

/* Lowers the functions and variables defined in the main file of tu. */
struct ir_unit *lower_unit(CXTranslationUnit tu, const char *path);

#endif
