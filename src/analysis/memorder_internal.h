/* memorder_internal.h - what the parts of the memory-ordering analysis
 * share. Each fact has one home, and the parts call only sideways into
 * the files that own the facts they need, never up into memorder.c:
 *   memorder.c          the per-unit facts: builds them from the parts
 *   memorder_access.c   accesses in program order (the access model)
 *   memorder_objects.c  memory objects and the sets of them
 *   memorder_rmw.c      what a read-modify-write atomic does
 *   memorder_loops.c    loops that count to a bound
 *   memorder_poll.c     spin-wait loops
 *   memorder_ticket.c   atomics whose results decide branches
 *   memorder_level.c    pointers told from their targets
 *   memorder_pins.c     the blocks a statement runs in (blockIdx pins)
 *   memorder_sites.c    publications and observations of sync objects
 *   memorder_barrier.c  what block barriers order
 *   memorder_extent.c   which threads a hand-off connects
 *   memorder_describe.c lvalues spelt for messages
 * Above them, for the rules (memorder_scan.h): memorder_scan.c, the
 * ordering scans, and memorder_scan_sites.c, the sites they start from. */
#ifndef CUDALINT_MEMORDER_INTERNAL_H
#define CUDALINT_MEMORDER_INTERNAL_H

#include "analysis/memorder.h"

bool mo_in_set(const struct ir_var *const *v, int n, const struct ir_var *x);
bool mo_in_keys(const struct mo_objkey *v, int n, const struct ir_var *obj, const char *field);
void mo_add_key(struct mo_objkey **v, int *n, const struct ir_var *obj, const char *field);
void mo_add_obj(const struct ir_var ***v, int *n, const struct ir_var *x);
/* Appends the loops of f that poll memory to m->polls. */
void mo_poll_scan_function(struct memorder *m, const struct ir_func *f);
/* A loop that counts to a bound (memorder_loops.c): it ends by itself,
 * so none of its exits waits; and whether s is the loop, or a top-level
 * `if (c) break;` of its body, of such a loop. */
bool mo_counting_loop(const struct ir_stmt *loop, int nvars);
bool mo_counting_exit(const struct ir_stmt *s, int nvars);
/* The condition of `if (c) break;` (or return) at the top level of a
 * loop body, or NULL. */
struct ir_expr *mo_break_cond(const struct ir_stmt *x);
/* Appends f's deciding atomics to m->deciding and their taint. */
void mo_find_deciding(struct memorder *m, const struct ir_func *fn);

/* ---- pins (memorder_pins.c) ---- */

/* Per dimension of blockIdx: blockIdx == eq, blockIdx not in ne[0..n),
 * and whether a condition cudalint cannot read (`blockIdx.x < half`)
 * narrows it further. The site runs in a subset of what the equality or
 * the exclusions allow. */
#define MO_PIN_MAXNE 4

struct mo_pins {
	struct { bool has_eq, dep; unsigned char n; int64_t eq, ne[MO_PIN_MAXNE]; } d[3];
};

enum mo_exit { EXIT_ANY, EXIT_EQ, EXIT_NE };

struct mo_site {
	const struct ir_func *fn;
	const struct ir_func *kernel; /* the kernel fn runs in, when one call chain leads to it */
	struct ir_stmt *stmt;
	const struct ir_expr *e;     /* the store's lvalue, the atomic call, or the poll's load */
	const struct ir_var *obj;
	const char *field;
	enum ir_space space;
	unsigned write : 1, read : 1;
	unsigned accumulates : 1;    /* atomicAdd, atomicInc, ...: many writers by design */
	unsigned has_value : 1;      /* a write of a constant */
	unsigned isolated : 1;       /* a write alone with its object between two barriers */
	int64_t value;
	enum mo_exit exit;           /* an observation: the values it leaves its loop on */
	int64_t exit_value;
	struct mo_pins pins;
};

/* The pins of statement st of fn: the conditions of the branches it
 * sits in, and those of earlier `if (c) return;` at every level above. */
void mo_site_pins(struct mo_pins *p, const struct ir_func *fn, struct ir_stmt *st);
/* Runs in every block: nothing pins it. */
bool mo_pins_unpinned(const struct mo_pins *p);
/* Whether a and b provably run in different sets of blocks. */
bool mo_pins_differ(const struct mo_pins *a, const struct mo_pins *b);
/* p narrowed by q too (a callee's pins under its call's). */
void mo_pins_and(struct mo_pins *p, const struct mo_pins *q);
bool mo_pins_equal(const struct mo_pins *a, const struct mo_pins *b);

/* ---- sites (memorder_sites.c, memorder_barrier.c) ---- */

/* Finds the publications and observations of the unit's sync objects
 * and what the blocks that run them are. */
void mo_collect_sites(struct memorder *m, const struct ir_unit *u);
void mo_free_sites(struct memorder *m);
/* Whether write w is alone with its object between two block barriers
 * (memorder_barrier.c). */
bool mo_site_isolated(const struct memorder *m, const struct mo_site *w);

/* A compare-and-swap: against a constant (atomicCAS(&lock, 0, 1), a lock
 * taken) or against a value read before (a lock-free update, retried
 * until it lands). */
enum mo_cas { CAS_NONE, CAS_LOCK, CAS_UPDATE };
enum mo_cas mo_cas_kind(const struct ir_expr *call);

#endif
