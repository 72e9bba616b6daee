/* hints.h - the likely cause of a clang error, from the project tree. */
#ifndef CUDALINT_HINTS_H
#define CUDALINT_HINTS_H

/* For ERR, a clang error in the parse of FILE that says an identifier is
 * not declared (or a type, or a template) or a header is not found: a
 * sentence naming the project header that declares it, or is that
 * header, and the -include or -I the build likely passes (malloc'd); NULL
 * when ERR is of another kind or no such header is below the project's
 * root (includers.h). */
char *cl_hint_for_error(const char *file, const char *err);

#endif
