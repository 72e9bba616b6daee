/* compdb.h - compile_commands.json (read by libclang's own reader), for
 * the include paths, macros and architecture each file is built with. */
#ifndef CUDALINT_COMPDB_H
#define CUDALINT_COMPDB_H

#include <stddef.h>
#include "frontend/nvcc_args.h"

struct compdb;

/* PATH is a directory holding compile_commands.json, or that file itself
 * (as clang-tidy's -p). NULL and a one-line message, "FILE: reason", when
 * it is missing, cannot be read or is not a compilation database; libclang
 * prints nothing of its own. */
struct compdb *compdb_open(const char *path, char *err, size_t errlen);
void compdb_free(struct compdb *db);

/* The clang arguments of file's compile command: 1 found, 0 no entry
 * (headers get one interpolated from a nearby source by libclang), -1 the
 * command could not be read (a missing response file). */
int compdb_args(struct compdb *db, const char *file, struct strvec *out, char **arch);

#endif
