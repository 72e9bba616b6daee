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
	bool only_decided;               /* reads count only inside branches a ticket decides */
	enum order_dir dir;
	/* result */
	bool found;
	struct access hit;               /* the unordered data access */
};

/* Scans from statement st (after: its nested branches first, then what
 * follows; before: what precedes) for a data access of another object
 * that is not ordered; after: loads of objects device code writes;
 * before: stores. Stops quietly at an ordering point or an opaque call. */
void order_scan_run(struct order_scan *s, struct ir_stmt *st);

/* The memory object a unit's memorder facts are keyed by. */
const struct memorder *order_facts(const struct ir_unit *u);

/* "__threadfence()" for a block, device or system scope. */
const char *fence_for_scope(enum mem_scope s);

#endif
