/* compdb.h - compile_commands.json (read by libclang's own reader), for
 * the include paths, macros and architectures each file is built with. */
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

/* One compile command of a file, as clang arguments. */
struct compdb_cmd {
	struct strvec args;  /* -I, -isystem, -D, -U, -include, -std */
	struct strvec archs; /* "sm_80", in the command's order; empty: it names none */
};

/* Every compile command of FILE, in the database's order (a file built
 * twice has two; a header gets one that libclang interpolates from a
 * nearby source). Returns how many were read into *out (malloc'd, NULL
 * when none); *nbad counts those that could not be read (a missing
 * response file). */
int compdb_commands(struct compdb *db, const char *file, struct compdb_cmd **out, int *nbad, char *why,
                    size_t whylen);
void compdb_cmds_free(struct compdb_cmd *v, int n);

/* The compile command ARGV (ARGC words, argv[0] the compiler) run in DIR
 * for FILE, as one entry of the database would be read (the launcher
 * mode, docs/ci.md): returns 1 with *OUT (one command, malloc'd), or 0
 * with *NBAD 1 and WHY when it cannot be read (a missing response file),
 * or 0 with *NBAD 0 when FILE does not exist. */
int compdb_command_of_argv(const char *const *argv, int argc, const char *dir, const char *file,
                           struct compdb_cmd **out, int *nbad, char *why, size_t whylen);

#endif
