/* arena.h - bump allocation for data that lives as long as one file's
 * analysis: the IR, interned strings, analysis facts. Freed in one go. */
#ifndef CUDALINT_ARENA_H
#define CUDALINT_ARENA_H

#include <stddef.h>

struct arena;

struct arena *arena_new(void);
void arena_free(struct arena *a);
void *arena_alloc(struct arena *a, size_t n);          /* zeroed */
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A growable array of pointers, stored in the arena when finished. */
struct ptrvec {
	void **v;
	int n, cap;
};
void ptrvec_push(struct ptrvec *pv, void *p);
void **ptrvec_finish(struct ptrvec *pv, struct arena *a, int *n);

#endif
