/* includers.h - the files of a project that #include a header. */
#ifndef CUDALINT_INCLUDERS_H
#define CUDALINT_INCLUDERS_H

#include <stddef.h>

/* Candidate includers of HEADER below its project's root (the nearest
 * directory above it holding .git, else its own directory, written to
 * ROOT): every .cu or header there with an #include naming the header's
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

#endif
