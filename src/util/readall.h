/* readall.h - a whole stream into memory. */
#ifndef CUDALINT_READALL_H
#define CUDALINT_READALL_H

#include <stddef.h>
#include <stdio.h>

/* Reads FP to its end into a malloc'd, NUL-terminated buffer; *N is its
 * length. NULL with errno set when reading fails, or with EFBIG when there
 * is more than MAX bytes (FP is left open). */
char *cl_read_all(FILE *fp, size_t max, size_t *n);

#endif
