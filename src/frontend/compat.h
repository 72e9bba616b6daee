/* compat.h - what makes libclang's device-side parse accept the CUDA that
 * nvcc 13 accepts (docs/cli.md, "nvcc compatibility"): extra clang
 * arguments, the resource directory of the libclang in use, and the clang
 * errors that leave the AST as the analyses need it. */
#ifndef CUDALINT_COMPAT_H_
#define CUDALINT_COMPAT_H_

#include "frontend/clang_api.h" /* libclang, loaded on first use */

/* Arguments for every parse, NULL-terminated. */
extern const char *const compat_args[];

/* lib/clang/<major> of the libclang loaded in this process (malloc'd), or
 * NULL when no candidate holds clang's CUDA headers. */
char *compat_resource_dir(void);

/* Whether the error d (its spelling is msg) of tu is one nvcc does not
 * give and after which the AST still holds what the analyses read. */
int compat_tolerated(CXTranslationUnit tu, CXDiagnostic d, const char *msg);

#endif
