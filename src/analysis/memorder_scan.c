/* memorder_scan.c - the ordering scans (memorder_scan.h): from a
 * synchronisation point, the accesses after it (or before it) up to the
 * first ordering point, through the helpers it returns into. */
#include "analysis/memorder_scan.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

enum mem_scope mo_needed_scope(enum ir_space flag_space, enum mo_extent x)
{
	return flag_space == SPACE_SHARED || x != EXTENT_CROSS ? SCOPE_BLOCK : SCOPE_DEVICE;
}

static enum mem_scope needed_scope(const struct mo_scan *s)
{
	return mo_needed_scope(s->flag_space, s->extent);
}

static bool orders(const struct mo_scan *s, const struct mo_access *a)
{
	switch (a->kind) {
	case ACC_FENCE:
		return a->scope == SCOPE_NONE || a->scope >= needed_scope(s);
	case ACC_BARRIER:
		return mo_barrier_orders(a, needed_scope(s));
	case ACC_ATOMIC:
		if (s->dir == MO_SCAN_AFTER)
			return a->order == ORDER_ACQUIRE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST;
		return a->order == ORDER_RELEASE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST;
	default:
		return false;
	}
}

bool mo_published_data(const struct memorder *m, const struct mo_access *a)
{
	bool store = a->kind == ACC_STORE ||
	             (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD && !mo_rmw_reads_only(a->e));
	if (!store || !a->obj || a->space == SPACE_LOCAL || mo_is_sync(m, a->obj, a->field))
		return false;
	/* data no thread of the kernel reads (an output, a counter nobody
	 * looks at before the kernel ends) needs no release, unless a plain
	 * store to it elsewhere may land in either order (two critical
	 * sections writing one location); atomic updates of a counter give
	 * the same sum in any order */
	return mo_is_read(m, a->obj, a->field) ||
	       (a->kind == ACC_STORE && mo_is_rewritten(m, a->obj, a->field));
}

static int visit(const struct mo_access *a, void *arg)
{
	struct mo_scan *s = arg;
	if (orders(s, a) || a->kind == ACC_CALL)
		return 1; /* ordered, or beyond what cudalint can see: stop quietly */
	if (a->kind == ACC_FENCE && !s->narrowed) {
		s->narrowed = true; /* a fence, but of too narrow a scope */
		s->narrow = *a;
	}
	if (!a->obj || mo_same_object(a->obj, a->field, s->flag, s->flag_field) || a->space == SPACE_LOCAL)
		return 0;
	if (s->dir == MO_SCAN_AFTER) {
		/* a load can see data older than the flag; a store can land
		 * before the flag was seen, under the stores the thread that
		 * set it made before (a critical section entered without
		 * acquire): it matters where another store to the object is
		 * followed by a write of the flag */
		bool load = a->kind == ACC_LOAD && !mo_is_waited(s->m, a->obj, a->field) &&
		            mo_load_written(s->m, a);
		bool store = s->stores && a->kind == ACC_STORE &&
		             mo_released_elsewhere(s->m, a->obj, a->field, a->e, s->flag, s->flag_field);
		if ((!load && !store) || mo_is_sync(s->m, a->obj, a->field))
			return 0;
		if (s->only_decided && (!mo_in_decided_branch(s->m, s->fn, a->stmt) ||
		                        mo_holds_ticket(s->m, a->obj)))
			return 0;
	} else {
		/* what another block reads is not in this block's __shared__
		 * memory */
		if (!mo_published_data(s->m, a) || (a->space == SPACE_SHARED && needed_scope(s) == SCOPE_DEVICE))
			return 0;
	}
	s->found = true;
	s->hit = *a;
	s->hit_fn = s->fn;
	return 1;
}

/* After the end of helper fn: what follows each call of it, in the
 * caller (and, where that runs off its end too, in the caller's
 * callers), up to MO_INLINE_DEPTH calls up. Stops at the first unordered
 * access found. */
static void after_return(struct mo_scan *s, const struct ir_func *fn, int depth)
{
	if (!fn || fn->is_global || depth >= MO_INLINE_DEPTH)
		return;
	const struct ir_func *own = s->fn;
	for (int i = 0; i < s->m->ncalls && !s->found; i++) {
		const struct mo_call *c = &s->m->calls[i];
		if (c->callee != fn || c->caller == fn)
			continue;
		s->fn = c->caller;
		if (!mo_after(s->m, c->stmt, visit, s))
			after_return(s, c->caller, depth + 1);
	}
	s->fn = own;
}

void mo_scan_run(struct mo_scan *s, struct ir_stmt *st)
{
	s->found = false;
	s->narrowed = false;
	if (s->dir == MO_SCAN_BEFORE) {
		mo_before(s->m, st, visit, s);
		return;
	}
	/* the branches a condition decides come first */
	int stop = 0;
	switch (st->kind) {
	case SK_IF:
		stop = mo_stmt_accesses(s->m, st->u.if_.then, visit, s) ||
		       mo_stmt_accesses(s->m, st->u.if_.els, visit, s);
		break;
	case SK_SWITCH:
		stop = mo_stmt_accesses(s->m, st->u.sw.body, visit, s);
		break;
	default:
		break;
	}
	/* a poll in a helper (a lock's lock()) is left for good when it
	 * returns; a ticket's decision in a helper ends with the helper */
	if (!stop && !mo_after(s->m, st, visit, s) && !s->only_decided)
		after_return(s, mo_func_of(s->m, st), 0);
}

struct prefix { const struct mo_access *a; struct mo_access *v; int n, cap, at; };

static int note_prefix(const struct mo_access *a, void *arg)
{
	struct prefix *p = arg;
	if (p->at < 0 && a->e == p->a->e && a->kind == p->a->kind)
		p->at = p->n;
	CL_VEC_PUSH(p->v, p->n, p->cap, *a);
	return 0;
}

void mo_scan_from(struct mo_scan *s, const struct mo_access *a)
{
	if (!a->via || s->dir != MO_SCAN_BEFORE) {
		mo_scan_run(s, a->stmt);
		return;
	}
	/* the helper's accesses before a, nearest first, then the caller's
	 * before the statement of the call */
	s->found = false;
	s->narrowed = false;
	struct prefix p = { .a = a, .at = -1 };
	mo_expr_accesses(s->m, a->via, a->stmt, note_prefix, &p);
	int stop = 0;
	for (int i = p.at - 1; i >= 0 && !stop; i--)
		stop = visit(&p.v[i], s);
	free(p.v);
	if (!stop)
		mo_before(s->m, a->stmt, visit, s);
}

const struct memorder *mo_facts(const struct ir_unit *u)
{
	return u->memorder;
}

/* What a helper seen through writes and the caller's data is not
 * published by: a counter it bumps (atomicAdd, atomicInc, atomicMax, ...:
 * a ticket, a ring buffer's head), which its caller cannot be told to
 * fence for, and a plain store (a slot's bookkeeping, whose object
 * cudalint may have merged with a flag's through the pointers the helper
 * returns). Only a flag the helper writes with an exchange, a
 * compare-and-swap or an atomic store (a lock's unlock()) is taken for
 * one. */
bool mo_helper_no_publication(const struct mo_access *a)
{
	if (!a->via)
		return false;
	if (a->kind != ACC_ATOMIC)
		return true;
	const char *n = a->e->u.call->name;
	return n && !strstr(n, "Exch") && !strstr(n, "exchange") && !strstr(n, "CAS") && !strstr(n, "compare") &&
	       !strstr(n, "store") && a->in != IN_ATOMIC_STORE;
}
