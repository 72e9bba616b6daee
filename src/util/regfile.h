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

/* The largest source file cudalint reads: clang's source locations are
 * 31-bit offsets, so a bigger file cannot be parsed (clang "runs out of
 * source locations"), and reading one whole (its suppressions, its
 * __CUDA_ARCH__ search, its cache key) would only cost time and memory.
 * The front end reports such a file as not analysed. */
#define CL_SOURCE_MAX ((size_t)1 << 31)

/* PATH opened for reading ("rb"), or NULL with errno set and WHY (LEN
 * bytes) holding the reason: "not a regular file", or VERB ": " and
 * strerror (VERB as the caller's messages say it, e.g. "cannot read").
 * ST, when not NULL, receives fstat's answer for the opened file. */
FILE *cl_fopen_regular(const char *path, const char *verb, struct stat *st, char *why, size_t len);

/* The whole regular file PATH, NUL-terminated, *N bytes, malloc'd; NULL
 * with WHY set (as cl_fopen_regular, or "larger than MAX bytes"). */
char *cl_read_regular(const char *path, const char *verb, size_t max, size_t *n, char *why, size_t len);

/* Standard input as a file (`cudalint - --stdin-filename F`): from now
 * on, PATH (compared as spelled) reads as the N bytes of DATA, which the
 * caller keeps alive, instead of what the disk holds, if anything. Every
 * reader goes through the two functions above, and the parser passes the
 * bytes to clang as an unsaved file (cl_regfile_overlay_of), so the
 * configuration, the analysis, suppressions, fingerprints and the report
 * all see one text. One file at most: a second call replaces the first. */
void cl_regfile_overlay(const char *path, const char *data, size_t n);
/* The overlay's bytes when PATH is its file, else NULL. */
const char *cl_regfile_overlay_of(const char *path, size_t *n);
/* The overlay's file (*N its length), or NULL when there is none. */
const char *cl_regfile_overlay_path(size_t *n);

#endif
