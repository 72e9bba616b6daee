/* clang_args.h - which clang arguments may reach libclang.
 *
 * cudalint runs on repositories it did not write (pull requests, the
 * pre-commit hook), and a repository chooses clang arguments: its
 * .cudalint.yaml's clang-args, its compile database, the hook's
 * --extra-arg. clang has arguments that write files (-MD -MF, -ftime-trace,
 * -Xclang -dependency-file, -fmodules-cache-path), read further arguments
 * from a file (@FILE, --config=), load code (-fplugin, -Xclang -load) or
 * hand arguments to another tool unchecked (-Wp,, -mllvm, -Xpreprocessor).
 * So the arguments are data checked against one list (clang_args.c,
 * docs/security.md): only options that read are passed, and every route
 * refuses the rest before anything is parsed. The parser checks again
 * (cl_parser_new), so a route that forgot to is an error, not a write. */
#ifndef CUDALINT_CLANG_ARGS_H
#define CUDALINT_CLANG_ARGS_H

#include <stddef.h>

/* NULL when every one of ARGV[0..ARGC) may reach libclang. Otherwise a
 * message in BUF (LEN bytes) that quotes the first argument that may not
 * and says why, without a trailing period: "'-MF' is not an option cudalint
 * passes to clang (...)". */
const char *cl_clang_args_refused(const char *const *argv, int argc, char *buf, size_t len);

#endif
