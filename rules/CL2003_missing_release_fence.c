/* CL2003 missing-release-fence: data stored, then a flag or ticket
 * published, with nothing ordering the two for the consumer. Two ways:
 * the publishing thread's own stores with no fence (or too narrow a one)
 * before the publication; and stores the other threads of the block made
 * before a publication that only some threads make (`if (tid == 0)
 * atomicAdd(&ticket, 1)`), with no block barrier between: each thread's
 * fence orders only its own accesses, and without the barrier the
 * publisher may go first. */
#include "checks.h"
#include "fixes.h"
#include "ordering.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct publish_ctx {
	struct cl_ctx *cx; const struct memorder *m; const struct ir_func *fn;
	const struct ir_expr *hits[16]; int nhits; /* the data stores reported so far */
};

/* A helper's publication after a store already reported for an earlier
 * publication: the same missing fence, which one finding names. */
static bool reported_before(struct publish_ctx *pc, const struct mo_access *a, const struct ir_expr *hit)
{
	for (int i = 0; i < pc->nhits; i++)
		if (pc->hits[i] == hit)
			return a->via != NULL;
	if (pc->nhits < 16)
		pc->hits[pc->nhits++] = hit;
	return false;
}

/* ---- the other threads' stores ---------------------------------------------- */

/* Which threads of the block publish: those that take one arm of the
 * nearest branch on a thread-dependent condition above the publication,
 * or those that go past the nearest earlier `if (c) return;` on one
 * (`if (threadIdx.x != 0) return;`). Walked on the statements, since a
 * plain store carries no context of its own. */
struct publisher {
	const struct ir_stmt *guard; /* the if */
	bool truth;                  /* the value of its condition in the publishers */
	const struct ir_stmt *block; /* an early return: the block that holds it, */
	int after;                   /* and its index there (the rest runs in the publishers only) */
};

static bool thread_dependent(const struct ir_expr *c)
{
	return c && c->level > U_BLOCK;
}

static int child_index(const struct ir_stmt *block, const struct ir_stmt *c)
{
	int i = 0;
	while (i < block->u.block.n && block->u.block.v[i] != c)
		i++;
	return i;
}

static bool find_publisher(const struct ir_stmt *st, struct publisher *p)
{
	memset(p, 0, sizeof *p);
	for (const struct ir_stmt *c = st; c && c->parent; c = c->parent) {
		const struct ir_stmt *par = c->parent;
		if (par->kind == SK_IF && (c == par->u.if_.then || c == par->u.if_.els)) {
			if (thread_dependent(par->u.if_.cond)) {
				p->guard = par;
				p->truth = c == par->u.if_.then;
				return true;
			}
		} else if (par->kind == SK_BLOCK) {
			for (int i = child_index(par, c) - 1; i >= 0; i--) {
				const struct ir_stmt *x = par->u.block.v[i];
				if (ir_early_return(x) && thread_dependent(x->u.if_.cond)) {
					*p = (struct publisher){ .guard = x, .truth = false, .block = par, .after = i };
					return true;
				}
			}
		} else if (thread_dependent(ir_guarding_cond(c))) {
			return false; /* a loop or switch that only some threads run: not a branch of publishers */
		}
	}
	return false;
}

/* `a` is `!b`, or `x != y` against `x == y`. */
static bool complement(const struct ir_expr *a, const struct ir_expr *b)
{
	a = ir_strip(a);
	b = ir_strip(b);
	for (int k = 0; k < 2; k++) {
		if (a->kind == EK_UNARY && a->op == OP_LNOT && ir_expr_equal(a->kids[0], b))
			return true;
		const struct ir_expr *t = a;
		a = b;
		b = t;
	}
	return a->kind == EK_BINARY && b->kind == EK_BINARY && a->nkids == 2 && b->nkids == 2 &&
	       ((a->op == OP_EQ && b->op == OP_NE) || (a->op == OP_NE && b->op == OP_EQ)) &&
	       ir_expr_equal(a->kids[0], b->kids[0]) && ir_expr_equal(a->kids[1], b->kids[1]);
}

/* Whether a store at st runs in the publishers only: in the publishing arm
 * or after the early return, or under a branch that selects the same
 * threads (the same condition, or its complement in the other arm). */
static bool publishers_own(const struct ir_stmt *st, const struct publisher *p)
{
	const struct ir_stmt *g = p->guard;
	if (p->block) {
		for (int i = p->after + 1; i < p->block->u.block.n; i++)
			if (ir_stmt_inside(st, p->block->u.block.v[i]))
				return true;
	} else if (ir_stmt_inside(st, p->truth ? g->u.if_.then : g->u.if_.els)) {
		return true;
	}
	for (const struct ir_stmt *s = st; s && s->parent; s = s->parent) {
		const struct ir_stmt *q = s->parent;
		if (q->kind != SK_IF || q == g || (s != q->u.if_.then && s != q->u.if_.els))
			continue;
		bool truth = s == q->u.if_.then;
		if ((truth == p->truth && ir_expr_equal(q->u.if_.cond, g->u.if_.cond)) ||
		    (truth != p->truth && complement(q->u.if_.cond, g->u.if_.cond)))
			return true;
	}
	return false;
}

/* ---- one warp ---------------------------------------------------------------------- */

/* The values of threadIdx.x a statement can run with, as far as the
 * branches and early returns above it compare threadIdx.x with constants:
 * [lo, hi], hi < 0 for no bound. */
struct tx_range { int64_t lo, hi; };

static bool is_tx(const struct ir_expr *e)
{
	e = ir_strip(e);
	return e->kind == EK_BUILTIN && e->u.bi.which == BI_THREADIDX && e->u.bi.dim == 'x';
}

static void tx_bound(struct tx_range *r, enum ir_op op, int64_t c)
{
	int64_t lo = 0, hi = -1;
	switch (op) {
	case OP_LT: hi = c - 1; break;
	case OP_LE: hi = c; break;
	case OP_GT: lo = c + 1; break;
	case OP_GE: lo = c; break;
	case OP_EQ: lo = hi = c; break;
	default: return;
	}
	if (lo > r->lo)
		r->lo = lo;
	if (hi >= 0 && (r->hi < 0 || hi < r->hi))
		r->hi = hi;
}

/* Narrows r by cond, which has the value truth where the statement runs. */
static void tx_narrow(struct tx_range *r, const struct ir_expr *cond, bool truth)
{
	static const enum ir_op neg[][2] = { { OP_LT, OP_GE }, { OP_LE, OP_GT }, { OP_GT, OP_LE }, { OP_GE, OP_LT },
	                                     { OP_EQ, OP_NE }, { OP_NE, OP_EQ } };
	static const enum ir_op swap[][2] = { { OP_LT, OP_GT }, { OP_LE, OP_GE }, { OP_GT, OP_LT }, { OP_GE, OP_LE },
	                                      { OP_EQ, OP_EQ }, { OP_NE, OP_NE } };
	const struct ir_expr *e = ir_strip(cond);
	if (e->kind == EK_UNARY && e->op == OP_LNOT) {
		tx_narrow(r, e->kids[0], !truth);
		return;
	}
	if (e->kind != EK_BINARY || e->nkids != 2)
		return;
	if ((e->op == OP_LAND && truth) || (e->op == OP_LOR && !truth)) {
		tx_narrow(r, e->kids[0], truth);
		tx_narrow(r, e->kids[1], truth);
		return;
	}
	int64_t c;
	enum ir_op op = e->op;
	for (int i = 0; i < 6; i++)
		if (!is_tx(e->kids[0]) && is_tx(e->kids[1]) && op == swap[i][0]) {
			op = swap[i][1];
			break;
		}
	const struct ir_expr *k = is_tx(e->kids[0]) ? e->kids[1] : is_tx(e->kids[1]) ? e->kids[0] : NULL;
	if (!k || !ir_const_value(k, &c))
		return;
	for (int i = 0; !truth && i < 6; i++)
		if (op == neg[i][0]) {
			op = neg[i][1];
			break;
		}
	tx_bound(r, op, c);
}

static struct tx_range tx_range_of(const struct ir_stmt *st)
{
	struct tx_range r = { 0, -1 };
	for (const struct ir_stmt *c = st; c && c->parent; c = c->parent) {
		const struct ir_stmt *p = c->parent;
		if (p->kind == SK_IF && (c == p->u.if_.then || c == p->u.if_.els))
			tx_narrow(&r, p->u.if_.cond, c == p->u.if_.then);
		else if (p->kind == SK_BLOCK)
			for (int i = child_index(p, c) - 1; i >= 0; i--)
				if (ir_early_return(p->u.block.v[i]))
					tx_narrow(&r, p->u.block.v[i]->u.if_.cond, false);
	}
	return r;
}

/* Whether the storing threads and the publishers are lanes of one warp
 * (in a block whose x extent is a multiple of 32): `if (threadIdx.x < 32)
 * { data[threadIdx.x] = v; fence; if (threadIdx.x == 0) flag = 1; }`.
 * Ordering those needs `__syncwarp()`, not a barrier of the block, and
 * such warp-synchronous hand-offs are CL3001's concern: stay quiet. */
static bool one_warp(const struct ir_stmt *store, const struct ir_stmt *pub)
{
	struct tx_range a = tx_range_of(store), b = tx_range_of(pub);
	return a.hi >= 0 && b.hi >= 0 && a.lo / 32 == a.hi / 32 && b.lo / 32 == b.hi / 32 && a.lo / 32 == b.lo / 32;
}

struct others {
	struct mo_scan *s;
	const struct ir_expr *flag_lv;   /* the flag's lvalue, or its address (an atomic's argument) */
	const struct publisher *p;
	bool fenced;       /* an ordering fence lies between the stores and the publication */
	const struct mo_access *barrier;
	bool found;
	struct mo_access hit, fence;
};

/* The per-thread slot an access is indexed by: `i` of `a[i]` or `&a[i]`
 * when i differs between threads; NULL otherwise. */
static const struct ir_expr *thread_slot(const struct ir_expr *e)
{
	e = ir_strip(e);
	if (e->kind == EK_UNARY && e->op == OP_ADDR)
		e = ir_strip(e->kids[0]);
	if (e->kind != EK_INDEX || e->nkids < 2 || e->kids[1]->level != U_THREAD)
		return NULL;
	return e->kids[1];
}

/* `data[tid] = v; ... flag[tid] = 1` by some of the threads: each flag
 * slot announces the data slot of the same index, which its own thread
 * stored, and the single-thread scan checked that; the other threads'
 * slots go with flags this publication does not set (a reduction's
 * per-thread locks). */
static bool per_thread_slots(const struct ir_expr *flag, const struct mo_access *store)
{
	const struct ir_expr *f = thread_slot(flag);
	const struct ir_expr *d = thread_slot(store->e);
	return f && d && ir_expr_equal(f, d);
}

static int other_threads(const struct mo_access *a, void *arg)
{
	struct others *o = arg;
	if (a->kind == ACC_CALL || a->kind == ACC_INLINED || a->via || a->kind == ACC_WARP_SYNC)
		return 1; /* beyond what cudalint can see (a helper: which threads run its stores) */
	if (a->kind == ACC_BARRIER)
		return 1; /* the barrier comes after the stores: ordered, or the one-thread scan said not */
	if (a->kind == ACC_FENCE && (a->scope == SCOPE_NONE || a->scope >= mo_needed_scope(o->s->flag_space, o->s->extent))) {
		if (!o->fenced)
			o->fence = *a;
		o->fenced = true;
		return 0;
	}
	if (a->kind == ACC_ATOMIC && (a->order == ORDER_RELEASE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST))
		return 1;
	if (!o->fenced || ir_stmt_inside(a->stmt, o->p->guard) || publishers_own(a->stmt, o->p) ||
	    mo_same_object(a->obj, a->field, o->s->flag, o->s->flag_field) || !mo_published_data(o->s->m, a) ||
	    per_thread_slots(o->flag_lv, a) ||
	    (a->space == SPACE_SHARED && mo_needed_scope(o->s->flag_space, o->s->extent) == SCOPE_DEVICE))
		return 0;
	o->found = true;
	o->hit = *a;
	return 1;
}

/* A publication made by some threads only, after fenced stores that all
 * threads make, with no barrier between (the one-thread scan stopped at
 * the fence and saw nothing wrong). */
static void check_other_threads(struct publish_ctx *pc, const struct mo_access *a, struct mo_scan *s,
                                const char *flag)
{
	struct publisher p;
	if (!find_publisher(a->stmt, &p))
		return;
	struct others o = { .s = s, .flag_lv = a->kind == ACC_ATOMIC && a->e->nkids ? a->e->kids[0] : a->e,
	                    .p = &p };
	mo_before(pc->m, a->stmt, other_threads, &o);
	if (!o.found || one_warp(o.hit.stmt, a->stmt))
		return;
	char data[96], fence[64], who[160];
	const char *cond = p.guard->u.if_.cond->text ? p.guard->u.if_.cond->text : "the condition";
	if (p.block)
		snprintf(who, sizeof who, "the threads that go past `if (%s) return`", cond);
	else
		snprintf(who, sizeof who, "the threads for which `%s` %s", cond, p.truth ? "holds" : "does not hold");
	mo_describe(o.hit.e, data, sizeof data);
	intrinsic_display(o.fence.e, fence, sizeof fence);
	/* the stores themselves only some threads make: a barrier there
	 * would be divergent (CL1001), so the advice is to sync outside it */
	struct publisher sp;
	char fix[512];
	if (find_publisher(o.hit.stmt, &sp))
		snprintf(fix, sizeof fix, "`__syncthreads()` cannot go inside the branch on `%s`, which only some "
		         "threads take: sync the block where every thread reaches it, after `%s`, and publish after that",
		         sp.guard->u.if_.cond->text ? sp.guard->u.if_.cond->text : "the condition", fence);
	else
		snprintf(fix, sizeof fix, "put `__syncthreads()` between `%s` and the publication", fence);
	struct cl_finding *f = cl_report(pc->cx, &cl_rules[RULE_CL2003], a->e->loc,
		"`%s` is published by %s, but the other threads' stores to `%s` "
		"are not ordered before it: a fence orders only the calling thread's own accesses, and with "
		"no `__syncthreads()` between the fences and the publication the publishing thread may go "
		"before the others have even stored; %s",
		flag, who, data, fix);
	cl_note(f, o.hit.e->loc, "stored here by threads that do not publish");
	cl_note(f, p.guard->loc, p.block ? "the other threads return here" : "only these threads publish");
}

/* ---- publications ---------------------------------------------------------------- */

static int publication(const struct mo_access *a, void *arg)
{
	struct publish_ctx *pc = arg;
	struct mo_scan s;
	if (!mo_publication_scan(pc->m, pc->fn, a, -1, &s))
		return 0;
	if (s.found && s.narrowed)
		return 0; /* fenced, but with too narrow a scope: CL2006 */
	if (s.found && ((a->via && s.hit.via == a->via) || reported_before(pc, a, s.hit.e)))
		return 0; /* both in the helper: its own walk reports it */
	char flag[96], data[96];
	mo_describe(a->kind == ACC_ATOMIC && a->e->nkids ? a->e->kids[0] : a->e, flag, sizeof flag);
	if (!s.found) {
		check_other_threads(pc, a, &s, flag);
		return 0;
	}
	mo_describe(s.hit.e, data, sizeof data);
	struct cl_finding *f = cl_report(pc->cx, &cl_rules[RULE_CL2003], mo_access_loc(a),
		"`%s` publishes to other threads, but nothing orders the earlier store to `%s` before it, so a "
		"consumer can see the flag and still read stale data; put %s before the publication, or "
		"publish with `cuda::atomic_ref<...>::store(v, cuda::memory_order_release)`",
		flag, data, order_fence_advice(a->space, s.extent));
	cl_note(f, s.hit.e->loc, "data stored here");
	if (a->via) {
		cl_note(f, a->e->loc, "the publication, in the helper this call runs");
		return 0;
	}
	/* safe: a fence only adds ordering */
	char fence[64];
	snprintf(fence, sizeof fence, "%s;", order_fence_call(a->space, s.extent));
	cl_fix_begin(f, 1, "insert `%s` before the publication", fence);
	fix_insert_before(pc->cx, f, a->stmt, fence);
	cl_fix_done(f);
	return 0;
}

static void check_function(struct cl_ctx *cx, const struct ir_func *f, void *arg)
{
	struct publish_ctx pc = { .cx = cx, .m = arg, .fn = f };
	mo_stmt_accesses(pc.m, f->body, publication, &pc);
}

void check_missing_release_fence(struct cl_ctx *cx, const struct ir_unit *u)
{
	cl_for_each_function(cx, u, check_function, (void *)mo_facts(u));
}
