/* includers.h - the files of a project that #include a header. */
#ifndef CUDALINT_INCLUDERS_H
#define CUDALINT_INCLUDERS_H

#include <stddef.h>

/* Candidate includers of HEADER below its project's root (the nearest
 * directory above it holding .git; without one, the nearest holding a
 * project marker - CMakeLists.txt, Makefile, compile_commands.json,
 * .cudalint.yaml and the like - below $HOME and /; else its own
 * directory; written to ROOT): every .cu or header there with an #include naming the header's
 * file name, nearest first. *OUT is a NULL-terminated malloc'd array of
 * malloc'd paths; returns how many. */
int cl_find_includers(const char *header, char ***out, char *root, size_t rootlen);

/* The project root of FILE, as cl_find_includers finds it, in ROOT. */
void cl_project_root(const char *file, char *root, size_t len);

/* Calls FN on every source file and header below ROOT but SKIP (hidden
 * folders left out, at most 50,000 files, none over 4 MB), with its text,
 * until FN returns non-zero. */
void cl_walk_project(const char *root, const char *skip, int (*fn)(const char *path, const char *text, size_t len, void *arg),
                     void *arg);

/* The identity of a candidate list (ROOT and the N paths, in order) in
 * HEX: what the result cache keeps of an includer search, since which
 * includer is chosen depends on it (docs/cli.md#the-result-cache). */
void cl_includers_digest(const char *root, char *const *cands, int n, char hex[33]);

/* HEADER's candidate list searched again, its digest in HEX; 0. */
int cl_includers_probe(const char *header, char hex[33]);

#endif
