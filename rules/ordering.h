/* ordering.h - what the memory-ordering rules share: finding the first
 * data access on one side of a synchronisation point that no fence,
 * barrier or acquire/release operation orders. */
#ifndef CUDALINT_ORDERING_H
#define CUDALINT_ORDERING_H

#include "analysis/memorder.h"
#include "check.h"

enum order_dir { ORDER_AFTER, ORDER_BEFORE };

struct order_scan {
	const struct memorder *m;
	const struct ir_func *fn;
	const struct ir_var *flag;       /* the synchronisation object itself */
	const char *flag_field;
	enum ir_space flag_space;        /* SPACE_SHARED: a block-local hand-off */
	enum mo_extent extent;           /* which threads the hand-off connects: block
	                                  * scope and barriers order it unless CROSS */
	bool stores;                     /* after: stores count too (to objects written
	                                  * elsewhere as well), not only loads */
	bool only_decided;               /* reads count only inside branches a ticket decides */
	enum order_dir dir;
	/* result */
	bool found;
	struct access hit;               /* the unordered data access */
	const struct ir_func *hit_fn;    /* the function it is in (a caller of fn, after a helper returns) */
};

/* Scans from statement st (after: its nested branches first, then what
 * follows; before: what precedes) for a data access of another object
 * that is not ordered; after: loads of objects device code writes (and
 * with .stores, stores to objects stored to elsewhere too); before:
 * stores to objects device code reads. Stops quietly at an ordering
 * point or an opaque call. */
void order_scan_run(struct order_scan *s, struct ir_stmt *st);
/* The same from access a: when a is a helper's, seen through from the
 * call a->via, what precedes it in the helper comes first. */
void order_scan_from(struct order_scan *s, const struct access *a);

/* The memory object a unit's memorder facts are keyed by. */
const struct memorder *order_facts(const struct ir_unit *u);

/* Whether access a stores data a publication after it must order: to an
 * object other than a sync object that device code reads, or (a plain
 * store) stores to elsewhere too. */
bool order_published_data(const struct memorder *m, const struct access *a);

/* A write in a helper seen through that is not taken for a publication
 * of the caller's data: anything but an exchange, a compare-and-swap or
 * an atomic store (ordering.c says why). */
bool order_helper_no_publication(const struct access *a);

/* The scope the ordering of a hand-off of that extent needs. */
enum mem_scope order_needed_scope(enum ir_space flag_space, enum mo_extent x);

/* The fence to suggest, with its backticks: block scope for a BLOCK
 * extent, device scope otherwise, and for UNKNOWN a word on when block
 * scope would do. */
const char *order_fence_advice(enum ir_space flag_space, enum mo_extent x);

/* "__threadfence()" for a block, device or system scope. */
const char *fence_for_scope(enum mem_scope s);

#endif
