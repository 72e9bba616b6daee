/* memorder_internal.h - what the parts of the memory-ordering analysis
 * share. memorder_access.c: accesses in program order; memorder_poll.c:
 * spin-wait loops; memorder_ticket.c: atomics whose results decide
 * branches; memorder.c: memory objects, descriptions and the per-unit
 * cache. */
#ifndef CUDALINT_MEMORDER_INTERNAL_H
#define CUDALINT_MEMORDER_INTERNAL_H

#include "analysis/memorder.h"

bool mo_in_set(const struct ir_var *const *v, int n, const struct ir_var *x);
bool mo_in_keys(const struct mo_objkey *v, int n, const struct ir_var *obj, const char *field);
void mo_add_key(struct mo_objkey **v, int *n, const struct ir_var *obj, const char *field);
void mo_add_obj(const struct ir_var ***v, int *n, const struct ir_var *x);
/* Appends the loops of f that poll memory to m->polls. */
void mo_poll_scan_function(struct memorder *m, const struct ir_func *f);
/* A loop that counts to a bound (memorder_poll.c): it ends by itself,
 * so none of its exits waits; and whether s is the loop, or a top-level
 * `if (c) break;` of its body, of such a loop. */
bool mo_counting_loop(const struct ir_stmt *loop, int nvars);
bool mo_counting_exit(const struct ir_stmt *s, int nvars);
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
