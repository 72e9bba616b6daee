/* xalloc.h - allocation that never returns NULL: out of memory is fatal
 * (exit status 2, as for any input cudalint could not analyse). */
#ifndef CUDALINT_XALLOC_H
#define CUDALINT_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
