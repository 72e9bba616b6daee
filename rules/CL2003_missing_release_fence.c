/* CL2003 missing-release-fence: data stored, then a flag or ticket
 * published, with nothing ordering the two for the consumer. Two ways:
 * the publishing thread's own stores with no fence (or too narrow a one)
 * before the publication; and stores the other threads of the block made
 * before a publication that only some threads make (`if (tid == 0)
 * atomicAdd(&ticket, 1)`), with no block barrier between: each thread's
 * fence orders only its own accesses, and without the barrier the
 * publisher may go first. */
#include "checks.h"
#include "ordering.h"

#include <stdlib.h>

static bool is_poll_load(const struct memorder *m, const struct ir_expr *e)
{
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].load == e)
			return true;
	return false;
}

struct publish_ctx {
	struct cl_ctx *cx; const struct memorder *m; const struct ir_func *fn;
	const struct ir_expr *hits[16]; int nhits; /* the data stores reported so far */
};

/* A helper's publication after a store already reported for an earlier
 * publication: the same missing fence, which one finding names. */
static bool reported_before(struct publish_ctx *pc, const struct access *a, const struct ir_expr *hit)
{
	for (int i = 0; i < pc->nhits; i++)
		if (pc->hits[i] == hit)
			return a->via != NULL;
	if (pc->nhits < 16)
		pc->hits[pc->nhits++] = hit;
	return false;
}

/* ---- the other threads' stores ---------------------------------------------- */

/* The branch that makes only some threads of the block publish: the
 * if whose thread-dependent condition is the innermost one above the
 * publication, and the arm it sits in. */
static const struct ir_stmt *publisher_guard(const struct access *a, const struct ir_stmt **arm)
{
	const struct ir_ctx *c = a->e->ctx;
	const struct ir_cause *cause = c ? c->block_cause : NULL;
	if (!cause || cause->kind != CAUSE_BRANCH || !cause->stmt || cause->stmt->kind != SK_IF)
		return NULL;
	const struct ir_stmt *g = cause->stmt;
	for (const struct ir_stmt *s = a->stmt; s; s = s->parent)
		if (s->parent == g && (s == g->u.if_.then || s == g->u.if_.els)) {
			*arm = s;
			return g;
		}
	return NULL;
}

static bool inside(const struct ir_stmt *s, const struct ir_stmt *region)
{
	for (; s; s = s->parent)
		if (s == region)
			return true;
	return false;
}

/* Whether a store at st runs in the publisher's threads only: inside the
 * guard's arm, or under a branch on the same condition. */
static bool publishers_own(const struct ir_stmt *st, const struct ir_stmt *g, const struct ir_stmt *arm)
{
	if (inside(st, arm))
		return true;
	for (const struct ir_stmt *s = st; s && s->parent; s = s->parent) {
		const struct ir_stmt *p = s->parent;
		if (p->kind == SK_IF && p != g && ir_expr_equal(p->u.if_.cond, g->u.if_.cond) &&
		    ((s == p->u.if_.then && arm == g->u.if_.then) || (s == p->u.if_.els && arm == g->u.if_.els)))
			return true;
	}
	return false;
}

struct others {
	struct order_scan *s;
	const struct ir_expr *flag_lv;   /* the flag's lvalue, or its address (an atomic's argument) */
	const struct ir_stmt *guard, *arm;
	bool fenced;       /* an ordering fence lies between the stores and the publication */
	const struct access *barrier;
	bool found;
	struct access hit, fence;
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
static bool per_thread_slots(const struct ir_expr *flag, const struct access *store)
{
	const struct ir_expr *f = thread_slot(flag);
	const struct ir_expr *d = thread_slot(store->e);
	return f && d && ir_expr_equal(f, d);
}

static int other_threads(const struct access *a, void *arg)
{
	struct others *o = arg;
	if (a->kind == ACC_CALL || a->kind == ACC_INLINED || a->via || a->kind == ACC_WARP_SYNC)
		return 1; /* beyond what cudalint can see (a helper: which threads run its stores) */
	if (a->kind == ACC_BARRIER)
		return 1; /* the barrier comes after the stores: ordered, or the one-thread scan said not */
	if (a->kind == ACC_FENCE && (a->scope == SCOPE_NONE || a->scope >= order_needed_scope(o->s->flag_space, o->s->extent))) {
		if (!o->fenced)
			o->fence = *a;
		o->fenced = true;
		return 0;
	}
	if (a->kind == ACC_ATOMIC && (a->order == ORDER_RELEASE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST))
		return 1;
	if (!o->fenced || inside(a->stmt, o->guard) || publishers_own(a->stmt, o->guard, o->arm) ||
	    memorder_same_object(a->obj, a->field, o->s->flag, o->s->flag_field) || !order_published_data(o->s->m, a) ||
	    per_thread_slots(o->flag_lv, a) ||
	    (a->space == SPACE_SHARED && order_needed_scope(o->s->flag_space, o->s->extent) == SCOPE_DEVICE))
		return 0;
	o->found = true;
	o->hit = *a;
	return 1;
}

/* A publication made by some threads only, after fenced stores that all
 * threads make, with no barrier between (the one-thread scan stopped at
 * the fence and saw nothing wrong). */
static void check_other_threads(struct publish_ctx *pc, const struct access *a, struct order_scan *s,
                                const char *flag)
{
	const struct ir_stmt *arm = NULL, *g = publisher_guard(a, &arm);
	if (!g)
		return;
	struct others o = { .s = s, .flag_lv = a->kind == ACC_ATOMIC && a->e->nkids ? a->e->kids[0] : a->e,
	                    .guard = g, .arm = arm };
	memorder_before(pc->m, a->stmt, other_threads, &o);
	if (!o.found)
		return;
	char data[96], fence[64];
	memorder_describe(o.hit.e, data, sizeof data);
	intrinsic_display(o.fence.e, fence, sizeof fence);
	struct cl_finding *f = cl_report(pc->cx, &cl_rules[RULE_CL2003], a->e->loc,
		"`%s` is published by the threads for which `%s` holds, but the other threads' stores to `%s` "
		"are not ordered before it: a fence orders only the calling thread's own accesses, and with "
		"no `__syncthreads()` between the fences and the publication the publishing thread may go "
		"before the others have even stored; put `__syncthreads()` between `%s` and the publication",
		flag, g->u.if_.cond->text ? g->u.if_.cond->text : "the condition", data, fence);
	cl_note(f, o.hit.e->loc, "stored here by threads that do not publish");
	cl_note(f, g->loc, "only these threads publish");
}

/* ---- publications ---------------------------------------------------------------- */

static int publication(const struct access *a, void *arg)
{
	struct publish_ctx *pc = arg;
	const struct memorder *m = pc->m;
	if (!memorder_is_sync(m, a->obj, a->field) || order_helper_no_publication(a))
		return 0;
	if (a->kind == ACC_ATOMIC) {
		if (a->in == IN_ATOMIC_LOAD || memorder_rmw_reads_only(a->e) || is_poll_load(m, a->e))
			return 0;
		if (a->order == ORDER_RELEASE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST)
			return 0; /* a release operation orders what came before */
	} else if (a->kind != ACC_STORE || !memorder_is_polled(m, a->obj, a->field)) {
		/* a plain store publishes only to a loop that polls; a ticket is
		 * taken with an atomic, and resetting it for the next launch
		 * (threadFenceReduction's `retirementCount = 0`) publishes nothing */
		return 0;
	}
	/* alone with its object between two barriers: whoever observes it
	 * does so after a barrier that already orders the data */
	if (memorder_write_barrier_ordered(m, a->e) || memorder_write_unobserved(m, a->e))
		return 0;
	struct order_scan s = { .m = m, .fn = pc->fn, .flag = a->obj, .flag_field = a->field, .flag_space = a->space,
	                        .extent = memorder_write_extent(m, a->e), .dir = ORDER_BEFORE };
	order_scan_from(&s, a);
	if (s.found && ((a->via && s.hit.via == a->via) || reported_before(pc, a, s.hit.e)))
		return 0; /* both in the helper: its own walk reports it */
	char flag[96], data[96];
	memorder_describe(a->kind == ACC_ATOMIC && a->e->nkids ? a->e->kids[0] : a->e, flag, sizeof flag);
	if (!s.found) {
		check_other_threads(pc, a, &s, flag);
		return 0;
	}
	memorder_describe(s.hit.e, data, sizeof data);
	struct cl_finding *f = cl_report(pc->cx, &cl_rules[RULE_CL2003], memorder_access_loc(a),
		"`%s` publishes to other threads, but nothing orders the earlier store to `%s` before it, so a "
		"consumer can see the flag and still read stale data; put %s before the publication, or "
		"publish with `cuda::atomic_ref<...>::store(v, cuda::memory_order_release)`",
		flag, data, order_fence_advice(a->space, s.extent));
	cl_note(f, s.hit.e->loc, "data stored here");
	if (a->via)
		cl_note(f, a->e->loc, "the publication, in the helper this call runs");
	return 0;
}

static void check_function(struct cl_ctx *cx, const struct ir_func *f, void *arg)
{
	struct publish_ctx pc = { .cx = cx, .m = arg, .fn = f };
	memorder_stmt_accesses(pc.m, f->body, publication, &pc);
}

void check_missing_release_fence(struct cl_ctx *cx, const struct ir_unit *u)
{
	cl_for_each_function(cx, u, check_function, (void *)order_facts(u));
}
