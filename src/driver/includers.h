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

#endif
