#include "util/arena.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK (64 * 1024)

struct chunk {
	struct chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct arena {
	struct chunk *head;
};

struct arena *arena_new(void)
{
	return xcalloc(1, sizeof(struct arena));
}

void arena_free(struct arena *a)
{
	if (!a)
		return;
	for (struct chunk *c = a->head, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

void *arena_alloc(struct arena *a, size_t n)
{
	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	struct chunk *c = a->head;
	if (!c || c->size - c->used < n) {
		size_t size = n > CHUNK ? n : CHUNK;
		c = xmalloc(sizeof(*c) + size);
		c->used = 0;
		c->size = size;
		c->next = a->head;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = arena_alloc(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void ptrvec_push(struct ptrvec *pv, void *p)
{
	CL_VEC_PUSH(pv->v, pv->n, pv->cap, p);
}

void **ptrvec_finish(struct ptrvec *pv, struct arena *a, int *n)
{
	*n = pv->n;
	void **out = NULL;
	if (pv->n) {
		out = arena_alloc(a, (size_t)pv->n * sizeof(void *));
		memcpy(out, pv->v, (size_t)pv->n * sizeof(void *));
	}
	free(pv->v);
	pv->v = NULL;
	pv->n = pv->cap = 0;
	return out;
}
