/* atomic_file.h - write a file so that readers see the old or the new
 * contents, never a half-written one: a temporary file in the same
 * directory (so rename(2) stays within one file system), fsync, rename. */
#ifndef CUDALINT_ATOMIC_FILE_H
#define CUDALINT_ATOMIC_FILE_H

#include <stdio.h>

struct cl_atomic_file {
	FILE *fp;   /* write through this between open and commit */
	char *path; /* the destination; NULL when writing to stdout ("-") */
	char *tmp;  /* the temporary file, PATH.tmpXXXXXX */
	int in_place; /* PATH exists and is neither a regular file nor a
	               * symbolic link (a device, a FIFO): written directly,
	               * never replaced. A link is replaced, not followed. */
};

/* Opens a temporary file next to PATH. PATH "-" means standard output
 * (commit then only flushes). 0 on success; -1 with errno set. */
int cl_atomic_open(struct cl_atomic_file *af, const char *path);

/* Like cl_atomic_open, but PATH is always replaced by the rename, whatever
 * it is now: for cudalint's own caches, where a FIFO or a symlink at PATH
 * is damage to repair (writing through it could block, or reach a
 * device), never something to preserve. */
int cl_atomic_replace(struct cl_atomic_file *af, const char *path);

/* Flushes, fsyncs, closes and renames the temporary file over PATH.
 * On any failure the temporary file is removed and PATH is untouched.
 * 0 on success; -1 with errno set. AF is released either way. */
int cl_atomic_commit(struct cl_atomic_file *af);

/* Closes and removes the temporary file; PATH is untouched. */
void cl_atomic_abort(struct cl_atomic_file *af);

#endif
