/* htab.h - the one hash table of the tree, after cproc's htab: keys are
 * byte strings (a pointer's bytes, a string, a small struct with no
 * padding), values are a void * slot the caller fills. Open addressing
 * with linear probing, kept at most half full; hashed with XXH3 (the
 * library hash.h already uses), except eight-byte keys, which a word mixer
 * hashes (the pointer keys of the block simulation's caches). The table copies each key, so a caller may
 * look up with a key built in a stack buffer.
 *
 * Tables whose values are indices into the caller's own array store
 * index + 1 (cl_htab_put's slot is NULL for a new key), through
 * CL_HTAB_INDEX and CL_HTAB_SET_INDEX. Iteration order is unspecified:
 * nothing that reaches the output may depend on it. */
#ifndef CUDALINT_HTAB_H
#define CUDALINT_HTAB_H

#include <stddef.h>
#include <stdint.h>

struct cl_htab;

struct cl_htab *cl_htab_new(void);
void cl_htab_free(struct cl_htab *t);
/* the number of keys */
size_t cl_htab_count(const struct cl_htab *t);
/* the value of KEY, or NULL when it is not in the table */
void *cl_htab_get(const struct cl_htab *t, const void *key, size_t len);
/* the value slot of KEY, added (its value NULL) when it is not there yet;
 * valid until the next cl_htab_put */
void **cl_htab_put(struct cl_htab *t, const void *key, size_t len);

/* keyed by a pointer's value */
#define CL_HTAB_PTRKEY(p) (&(const void *){ (p) }), sizeof(const void *)

/* the index stored in a value slot (-1 for an empty slot), and storing one */
#define CL_HTAB_INDEX(v) ((int)(intptr_t)(v) - 1)
#define CL_HTAB_SET_INDEX(slot, i) (*(slot) = (void *)(intptr_t)((i) + 1))

#endif
