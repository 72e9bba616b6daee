/* regfile.h - opening the files cudalint reads, regular files only.
 *
 * open(2) of a FIFO blocks until a writer comes, and a device such as
 * /dev/zero never ends: either hangs a run, and no time limit covers the
 * configuration, the baseline, the compile database or the caches. So
 * every file cudalint reads itself is opened here, without blocking, and
 * refused unless fstat(2) of the opened file says it is a regular file
 * (which also covers a symlink to a device). */
#ifndef CUDALINT_REGFILE_H
#define CUDALINT_REGFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

/* PATH opened for reading ("rb"), or NULL with errno set and WHY (LEN
 * bytes) holding the reason: "not a regular file", or VERB ": " and
 * strerror (VERB as the caller's messages say it, e.g. "cannot read").
 * ST, when not NULL, receives fstat's answer for the opened file. */
FILE *cl_fopen_regular(const char *path, const char *verb, struct stat *st, char *why, size_t len);

/* The whole regular file PATH, NUL-terminated, *N bytes, malloc'd; NULL
 * with WHY set (as cl_fopen_regular, or "larger than MAX bytes"). */
char *cl_read_regular(const char *path, const char *verb, size_t max, size_t *n, char *why, size_t len);

#endif
