#include "util/source.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cached {
	struct cached *next;
	char *path;
	char *text; /* NULL if unreadable */
	size_t len;
};

static struct cached *cache;

const char *source_text(const char *path, size_t *len)
{
	for (struct cached *c = cache; c; c = c->next)
		if (!strcmp(c->path, path)) {
			*len = c->len;
			return c->text;
		}
	struct cached *c = xcalloc(1, sizeof *c);
	c->path = xstrdup(path);
	FILE *f = fopen(path, "rb");
	if (f) {
		size_t cap = 1 << 16, n = 0, r;
		char *buf = xmalloc(cap + 1);
		while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
			n += r;
			if (n == cap) {
				cap *= 2;
				buf = xrealloc(buf, cap + 1);
			}
		}
		buf[n] = 0;
		fclose(f);
		c->text = buf;
		c->len = n;
	}
	c->next = cache;
	cache = c;
	*len = c->len;
	return c->text;
}

const char *source_line(const char *path, unsigned line, size_t *len)
{
	size_t n;
	const char *t = source_text(path, &n);
	if (!t || !line)
		return NULL;
	const char *p = t, *end = t + n;
	for (unsigned l = 1; l < line; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	const char *e = memchr(p, '\n', (size_t)(end - p));
	if (!e)
		e = end;
	if (e > p && e[-1] == '\r')
		e--;
	*len = (size_t)(e - p);
	return p;
}
