/* readall.h - a whole stream into memory, and a whole buffer out. */
#ifndef CUDALINT_READALL_H
#define CUDALINT_READALL_H

#include <stddef.h>
#include <stdio.h>

/* Reads FP to its end into a malloc'd, NUL-terminated buffer; *N is its
 * length. NULL with errno set when reading fails, or with EFBIG when there
 * is more than MAX bytes (FP is left open). EXPECT: the size the caller
 * knows of (a regular file's), 0 when none; the buffer starts that large,
 * so a file that is what it was is read without copies. */
char *cl_read_all(FILE *fp, size_t max, size_t expect, size_t *n);

/* The same from descriptor FD, which may have been opened O_NONBLOCK (a
 * read that would block clears the flag and waits); FD is left open. */
char *cl_read_fd(int fd, size_t max, size_t expect, size_t *n);

/* Writes all N bytes of P to FD, again after EINTR and short writes: 0,
 * or -1 with errno set. */
int cl_write_full(int fd, const void *p, size_t n);

#endif
