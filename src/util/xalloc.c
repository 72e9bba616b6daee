#include "util/xalloc.h"
#include "util/guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The guard names the file and, in a worker, lets the parent report
 * it: an exit(2) here would read as a worker's crash. */
static void oom(void)
{
	guard_out_of_memory();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		oom();
	return p;
}
