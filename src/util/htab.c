/* htab.c - see htab.h. */
#include "util/htab.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

/* keys of up to INLINE bytes live in the entry; longer ones are copied to
 * the heap */
#define INLINE 16

struct entry {
	uint64_t hash;
	size_t len; /* SIZE_MAX: an empty entry */
	void *val;
	union {
		unsigned char bytes[INLINE];
		unsigned char *heap;
	} key;
};

struct cl_htab {
	struct entry *e;
	size_t cap, count; /* cap: 0 or a power of two */
};

static const unsigned char *key_of(const struct entry *e)
{
	return e->len <= INLINE ? e->key.bytes : e->key.heap;
}

struct cl_htab *cl_htab_new(void)
{
	return xcalloc(1, sizeof(struct cl_htab));
}

void cl_htab_free(struct cl_htab *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->cap; i++)
		if (t->e[i].len != SIZE_MAX && t->e[i].len > INLINE)
			free(t->e[i].key.heap);
	free(t->e);
	free(t);
}

size_t cl_htab_count(const struct cl_htab *t)
{
	return t->count;
}

/* Eight-byte keys (a pointer's value, CL_HTAB_PTRKEY) are most of the
 * lookups the block simulation makes: hashed with a multiply-xorshift
 * mixer (MurmurHash3's finalizer) and compared as one word instead of
 * through XXH3 and memcmp. */
static uint64_t hash_word(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static uint64_t hash_of(const void *key, size_t len)
{
	if (len == sizeof(uint64_t)) {
		uint64_t w;
		memcpy(&w, key, sizeof w);
		return hash_word(w);
	}
	return XXH3_64bits(key, len);
}

static int same_key(const struct entry *e, const void *key, size_t len)
{
	if (len == sizeof(uint64_t)) { /* inline: INLINE >= 8 */
		uint64_t a, b;
		memcpy(&a, e->key.bytes, sizeof a);
		memcpy(&b, key, sizeof b);
		return a == b;
	}
	return !memcmp(key_of(e), key, len);
}

/* The entry of KEY, or the empty one where it would go. */
static struct entry *find(const struct cl_htab *t, uint64_t h, const void *key, size_t len)
{
	size_t mask = t->cap - 1;
	for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
		struct entry *e = &t->e[i];
		if (e->len == SIZE_MAX)
			return e;
		if (e->hash == h && e->len == len && same_key(e, key, len))
			return e;
	}
}

static void grow(struct cl_htab *t)
{
	struct entry *old = t->e;
	size_t n = t->cap;
	t->cap = n ? n * 2 : 16;
	t->e = xmalloc(t->cap * sizeof *t->e);
	for (size_t i = 0; i < t->cap; i++)
		t->e[i].len = SIZE_MAX;
	for (size_t i = 0; i < n; i++)
		if (old[i].len != SIZE_MAX) {
			size_t mask = t->cap - 1, j = (size_t)old[i].hash & mask;
			while (t->e[j].len != SIZE_MAX)
				j = (j + 1) & mask;
			t->e[j] = old[i];
		}
	free(old);
}

void *cl_htab_get(const struct cl_htab *t, const void *key, size_t len)
{
	if (!t->count)
		return NULL;
	const struct entry *e = find(t, hash_of(key, len), key, len);
	return e->len == SIZE_MAX ? NULL : e->val;
}

void **cl_htab_put(struct cl_htab *t, const void *key, size_t len)
{
	if ((t->count + 1) * 2 > t->cap)
		grow(t);
	uint64_t h = hash_of(key, len);
	struct entry *e = find(t, h, key, len);
	if (e->len == SIZE_MAX) {
		e->hash = h;
		e->len = len;
		e->val = NULL;
		if (len <= INLINE) {
			memcpy(e->key.bytes, key, len);
		} else {
			e->key.heap = xmalloc(len);
			memcpy(e->key.heap, key, len);
		}
		t->count++;
	}
	return &e->val;
}
