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
 *   memorder_describe.c lvalues spelt for messages */
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

/* Finds the publications and observations of the unit's sync objects
 * and what the blocks that run them are (memorder_extent.c). */
void mo_collect_sites(struct memorder *m, const struct ir_unit *u);
void mo_free_sites(struct memorder *m);

/* A compare-and-swap: against a constant (atomicCAS(&lock, 0, 1), a lock
 * taken) or against a value read before (a lock-free update, retried
 * until it lands). */
enum mo_cas { CAS_NONE, CAS_LOCK, CAS_UPDATE };
enum mo_cas mo_cas_kind(const struct ir_expr *call);

#endif
