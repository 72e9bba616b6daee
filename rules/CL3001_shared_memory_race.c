/* CL3001 shared-memory-race: two accesses to the same __shared__ object
 * by different threads in one barrier interval, one of them a write.
 *
 *  - read-after-write: a write, then (no barrier between) a read of an
 *    element another thread wrote;
 *  - write-after-read across iterations: a loop with one barrier, whose
 *    part after the barrier reads what the part before it writes in the
 *    next iteration.
 *
 * Indices are compared as affine functions of threadIdx (affine.h), one
 * subscript at a time. Anything undecided stays quiet; atomics do not
 * race; a __syncwarp() between the two accesses also keeps it quiet. */
#include "analysis/affine.h"
#include "analysis/callgraph.h"
#include "analysis/memorder.h"
#include "analysis/uniformity.h"
#include "checks.h"
#include "ordering.h"

#include <string.h>

#define MAX_DIMS 4

struct shape {
	int n;
	struct affine dim[MAX_DIMS];
};

/* The subscripts of a[i][j] (outermost first); false if not affine. */
static bool shape_of(const struct affine_ctx *ac, const struct ir_expr *lv, struct shape *s)
{
	const struct ir_expr *e = ir_strip(lv);
	const struct ir_expr *idx[MAX_DIMS];
	int n = 0;
	while (e && e->kind == EK_INDEX) {
		if (n == MAX_DIMS)
			return false;
		idx[n++] = e->kids[1];
		e = ir_strip(e->kids[0]);
	}
	if (!e || e->kind != EK_VAR)
		return false; /* through a pointer or a member: not modelled */
	s->n = n;
	for (int i = 0; i < n; i++)
		if (!affine_of(ac, idx[n - 1 - i], &s->dim[i]))
			return false;
	return true;
}

static bool shape_has_tid(const struct shape *s)
{
	for (int i = 0; i < s->n; i++)
		if (affine_has_tid(&s->dim[i]))
			return true;
	return false;
}

/* The innermost statement that runs st only for some threads of the block. */
static const struct ir_stmt *varying_guard(const struct ir_stmt *st)
{
	for (const struct ir_stmt *c = st; c && c->parent; c = c->parent) {
		const struct ir_expr *cond = ir_guarding_cond(c);
		if (cond && cond->level > U_BLOCK)
			return c->parent;
	}
	return NULL;
}

static bool encloses(const struct ir_stmt *outer, const struct ir_stmt *st)
{
	for (const struct ir_stmt *c = st; c; c = c->parent)
		if (c == outer)
			return true;
	return false;
}

/* ---- thread sets: guards of the form threadIdx.x OP constant ------------- */

#define MAX_THREADS 1024 /* the largest block */

struct tset {
	bool opaque;     /* a guard cudalint cannot turn into an interval */
	long lo, hi;     /* threadIdx.x in [lo, hi) */
};

/* x + k where x is threadIdx.x: false for anything else */
static bool tid_x_offset(const struct affine_ctx *ac, const struct ir_expr *e, long *k)
{
	struct affine f;
	if (!affine_of(ac, e, &f) || f.tid[0] != 1 || f.tid[1] || f.tid[2] || f.nsym)
		return false;
	*k = (long)f.c;
	return true;
}

static void narrow(const struct affine_ctx *ac, const struct ir_expr *cond, struct tset *t)
{
	const struct ir_expr *e = ir_strip(cond);
	if (e->kind == EK_BINARY && e->op == OP_LAND) {
		narrow(ac, e->kids[0], t);
		narrow(ac, e->kids[1], t);
		return;
	}
	if (e->kind == EK_BINARY && (e->op == OP_LT || e->op == OP_LE || e->op == OP_GT || e->op == OP_GE ||
	                             e->op == OP_EQ)) {
		for (int i = 0; i < 2; i++) {
			long k;
			int64_t c;
			if (!tid_x_offset(ac, e->kids[i], &k) || !ir_const_value(e->kids[!i], &c))
				continue;
			enum ir_op op = e->op;
			if (i == 1) /* c OP x */
				op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : op == OP_GE ? OP_LE : op;
			long b = (long)c - k; /* x OP b */
			long lo = 0, hi = MAX_THREADS;
			switch (op) {
			case OP_LT: hi = b; break;
			case OP_LE: hi = b + 1; break;
			case OP_GT: lo = b + 1; break;
			case OP_GE: lo = b; break;
			default: lo = b; hi = b + 1; break;
			}
			if (lo > t->lo)
				t->lo = lo;
			if (hi < t->hi)
				t->hi = hi;
			return;
		}
	}
	t->opaque = true;
}

/* The threads that can reach st, from every thread-varying guard around it. */
static struct tset threads_reaching(const struct affine_ctx *ac, const struct ir_stmt *st)
{
	struct tset t = { false, 0, MAX_THREADS };
	for (const struct ir_stmt *c = st; c && c->parent; c = c->parent) {
		const struct ir_stmt *p = c->parent;
		const struct ir_expr *cond = ir_guarding_cond(c);
		if (!cond || cond->level <= U_BLOCK)
			continue;
		if (p->kind == SK_IF && c == p->u.if_.then)
			narrow(ac, cond, &t);
		else
			t.opaque = true;
	}
	return t;
}

/* Whether an index uses only threadIdx.x and constants (the same
 * non-moving uniform terms on both sides cancel out). */
static bool only_tid_x(const struct affine *a)
{
	return !a->tid[1] && !a->tid[2];
}

static bool same_syms(const struct affine *a, const struct affine *b)
{
	struct affine x = *a, y = *b;
	memset(x.tid, 0, sizeof x.tid);
	memset(y.tid, 0, sizeof y.tid);
	x.c = y.c = 0;
	return affine_relate(&x, &y) == AFF_EQUAL;
}

/* Exact answer for threadIdx.x-only indices under interval guards: is
 * there a writer t1 and a reader t2 != t1 on the same element? */
static bool races_exactly(const struct shape *ws, const struct shape *rs, const struct tset *tw, const struct tset *tr)
{
	for (long t2 = tr->lo; t2 < tr->hi; t2++) {
		long t1 = -1;
		bool any_t1 = true; /* no subscript pins the writer */
		for (int d = 0; d < ws->n; d++) {
			const struct affine *w = &ws->dim[d], *r = &rs->dim[d];
			long rv = (long)(r->tid[0] * t2 + r->c);
			if (!w->tid[0]) {
				if (w->c != rv)
					goto next;
				continue;
			}
			long num = rv - (long)w->c;
			if (num % w->tid[0])
				goto next;
			long cand = num / (long)w->tid[0];
			if (!any_t1 && cand != t1)
				goto next;
			t1 = cand;
			any_t1 = false;
		}
		if (any_t1) {
			/* every thread of the writer set writes this element */
			if (tw->hi - tw->lo > 1 || (tw->lo != t2 && tw->hi > tw->lo))
				return true;
		} else if (t1 != t2 && t1 >= tw->lo && t1 < tw->hi) {
			return true;
		}
next:;
	}
	return false;
}

/* `p = A;` by every thread: one element, one block-uniform value, so
 * whichever thread's write a read sees, it reads the same thing. */
static bool same_value_from_all(const struct access *w, const struct shape *ws)
{
	const struct ir_stmt *st = w->stmt;
	const struct ir_expr *e = st && st->kind == SK_EXPR ? ir_strip(st->u.expr) : NULL;
	if (!e || e->kind != EK_ASSIGN || e->op != OP_NONE || e->nkids != 2 || e->kids[0] != w->e)
		return false;
	return e->kids[1]->level <= U_BLOCK && !varying_guard(st) && !shape_has_tid(ws);
}

/* Whether the read can see an element another thread's write produced. */
static bool races(const struct affine_ctx *ac, const struct access *w, const struct access *r)
{
	struct shape ws, rs;
	if (!shape_of(ac, w->e, &ws) || !shape_of(ac, r->e, &rs) || ws.n != rs.n)
		return false;
	if (same_value_from_all(w, &ws))
		return false;
	struct tset tw = threads_reaching(ac, w->stmt), tr = threads_reaching(ac, r->stmt);

	/* threadIdx.x only, guards cudalint understands: decide exactly */
	bool exact = !tw.opaque && !tr.opaque;
	for (int i = 0; i < ws.n && exact; i++)
		exact = only_tid_x(&ws.dim[i]) && only_tid_x(&rs.dim[i]) && same_syms(&ws.dim[i], &rs.dim[i]);
	if (exact)
		return races_exactly(&ws, &rs, &tw, &tr);

	const struct ir_stmt *gw = varying_guard(w->stmt), *gr = varying_guard(r->stmt);
	bool same_guard = gw && encloses(gw, r->stmt);
	if (gr && !encloses(gr, w->stmt))
		return false; /* the readers are a subset cudalint cannot pin down */
	if (gw && !same_guard) {
		/* some threads write one element, all read: the broadcast
		 * pattern; each subscript must be able to meet */
		if (shape_has_tid(&ws))
			return false;
		for (int i = 0; i < ws.n; i++) {
			enum affine_rel rel = affine_relate(&ws.dim[i], &rs.dim[i]);
			if (rel == AFF_DISJOINT || (rel == AFF_UNKNOWN && !affine_has_tid(&rs.dim[i])))
				return false;
		}
		return true;
	}
	/* same threads on both sides: compare subscript by subscript */
	bool pinned[3] = { false, false, false }, conflict = false, conflict_free[3] = { false, false, false };
	for (int i = 0; i < ws.n; i++) {
		enum affine_rel rel = affine_relate(&ws.dim[i], &rs.dim[i]);
		if (rel == AFF_UNKNOWN || rel == AFF_DISJOINT)
			return false;
		for (int t = 0; t < 3; t++) {
			if (rel == AFF_EQUAL && ws.dim[i].tid[t])
				pinned[t] = true;
			if (rel == AFF_CONFLICT && (ws.dim[i].tid[t] || rs.dim[i].tid[t]))
				conflict_free[t] = true;
		}
		conflict |= rel == AFF_CONFLICT;
	}
	if (!conflict)
		return false; /* every thread reads its own element */
	/* the conflicting subscripts must involve a thread coordinate that the
	 * equal subscripts do not already pin to the same thread */
	for (int t = 0; t < 3; t++)
		if (conflict_free[t] && !pinned[t])
			return true;
	return false;
}

struct raw_scan {
	struct cl_ctx *cx;
	const struct memorder *m;
	const struct affine_ctx *ac;
	struct access w;
	bool warp_synced;
	bool reported;
};

static void report(struct cl_ctx *cx, const struct access *second, const struct access *first, bool war)
{
	char a[96], b[96];
	memorder_describe(second->e, a, sizeof a);
	memorder_describe(first->e, b, sizeof b);
	struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL3001], second->e->loc,
		war ? "`%s` is written in the next iteration while other threads may still be reading `%s` from this "
		      "one: the loop's only barrier does not separate them; add a `__syncthreads()` after the last read "
		      "in the loop body (or double-buffer the array)"
		    : "`%s` reads __shared__ memory that other threads write (`%s`) with no barrier in between, so "
		      "it can read the value from before the write; put `__syncthreads()` between the write and "
		      "the read",
		a, b);
	cl_note(f, first->e->loc, war ? "read here in the previous iteration" : "written here");
}

static int after_write(const struct access *a, void *arg)
{
	struct raw_scan *s = arg;
	if (a->kind == ACC_BARRIER)
		return 1;
	if (a->kind == ACC_CALL)
		return callgraph_barrier_callee(&a->e->u.call) != NULL;
	if (a->kind == ACC_WARP_SYNC) {
		s->warp_synced = true;
		return 0;
	}
	if (a->kind != ACC_LOAD || a->obj != s->w.obj || s->warp_synced)
		return 0;
	if (races(s->ac, &s->w, a)) {
		report(s->cx, a, &s->w, false);
		s->reported = true;
		return 1;
	}
	return 0;
}

struct write_walk {
	struct cl_ctx *cx;
	const struct memorder *m;
	const struct affine_ctx *ac;
};

static int each_write(const struct access *a, void *arg)
{
	struct write_walk *ww = arg;
	if (a->kind != ACC_STORE || a->space != SPACE_SHARED || !a->obj)
		return 0;
	struct raw_scan s = { ww->cx, ww->m, ww->ac, *a, false, false };
	memorder_after(ww->m, a->stmt, after_write, &s);
	return 0;
}

/* ---- write-after-read across iterations ---------------------------------- */

struct access_list { struct access v[64]; int n; };

static int gather(const struct access *a, void *arg)
{
	struct access_list *l = arg;
	if ((a->kind == ACC_LOAD || a->kind == ACC_STORE) && a->space == SPACE_SHARED && a->obj && l->n < 64)
		l->v[l->n++] = *a;
	if (a->kind == ACC_WARP_SYNC || a->kind == ACC_CALL)
		l->n = 64; /* beyond what is modelled: give up on this loop */
	return 0;
}

static bool is_block_barrier_stmt(const struct ir_stmt *s)
{
	return s->kind == SK_EXPR && s->u.expr && s->u.expr->kind == EK_CALL && s->u.expr->u.call.intrinsic != IN_NONE &&
	       intrinsic_is_block_barrier(s->u.expr->u.call.intrinsic);
}

struct loop_walk { struct write_walk *ww; };

static int barriers_in(const struct access *a, void *arg)
{
	if (a->kind == ACC_BARRIER || (a->kind == ACC_CALL && callgraph_barrier_callee(&a->e->u.call)))
		(*(int *)arg)++;
	return 0;
}

static int each_loop(struct ir_stmt *st, void *arg)
{
	struct write_walk *ww = arg;
	if (st->kind != SK_LOOP || !st->u.loop.body || st->u.loop.body->kind != SK_BLOCK)
		return 0;
	struct ir_stmt *b = st->u.loop.body;
	int nb = 0;
	memorder_stmt_accesses(ww->m, b, barriers_in, &nb);
	if (nb != 1)
		return 0;
	int at = -1;
	for (int i = 0; i < b->u.block.n; i++)
		if (is_block_barrier_stmt(b->u.block.v[i]))
			at = i;
	if (at < 0)
		return 0;
	struct access_list before = { .n = 0 }, after = { .n = 0 };
	for (int i = 0; i < at; i++)
		memorder_stmt_accesses(ww->m, b->u.block.v[i], gather, &before);
	for (int i = at + 1; i < b->u.block.n; i++)
		memorder_stmt_accesses(ww->m, b->u.block.v[i], gather, &after);
	if (before.n >= 64 || after.n >= 64)
		return 0;
	/* one finding per write: the first read it can overtake */
	for (int j = 0; j < before.n; j++) {
		const struct access *w = &before.v[j];
		if (w->kind != ACC_STORE)
			continue;
		for (int i = 0; i < after.n; i++)
			if (after.v[i].kind == ACC_LOAD && w->obj == after.v[i].obj && races(ww->ac, w, &after.v[i])) {
				report(ww->cx, w, &after.v[i], true);
				break;
			}
	}
	return 0;
}

static void check_function(struct cl_ctx *cx, const struct ir_func *f, void *arg)
{
	const struct memorder *m = arg;
	struct write_walk ww = { cx, m, f->affine };
	memorder_stmt_accesses(m, f->body, each_write, &ww);
	ir_walk_stmts(f->body, each_loop, &ww);
}

void check_shared_memory_race(struct cl_ctx *cx, const struct ir_unit *u)
{
	cl_for_each_function(cx, u, check_function, (void *)order_facts(u));
}
