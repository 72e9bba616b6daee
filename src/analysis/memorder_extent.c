/* memorder_extent.c - which threads a hand-off through a sync object
 * connects (memorder.h, enum mo_extent).
 *
 * The sites: every write of a sync object in device code (a publication:
 * a store, an exchange, a counter bumped) and every observation (a poll's
 * load, an atomic whose result decides a branch). For each site, the
 * blocks that run it, from the conditions on blockIdx that guard it (its
 * "pins"); for a write, the value it writes when constant; for a poll,
 * the values that let it leave. A publication and an observation are
 * paired only when the observation can leave on the value written
 * (`atomicExch(&flag, 1)` is not what `while (atomicAdd(&flag, 0) != 2)`
 * waits for), and the pair crosses blocks when its two sides provably run
 * in different sets of blocks.
 *
 * The invariant the rules rely on: CROSS is said only with a proof, and
 * BLOCK only for __shared__ memory or an object whose atomics all have
 * block scope; everything else is UNKNOWN. */
#include "analysis/memorder_internal.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- pins: the blocks a site runs in ----------------------------------- */

/* Per dimension of blockIdx: blockIdx == eq, blockIdx not in ne[0..n),
 * and whether a condition cudalint cannot read (`blockIdx.x < half`)
 * narrows it further. The site runs in a subset of what the equality or
 * the exclusions allow. */
#define PIN_MAXNE 4

struct pins {
	struct { bool has_eq, dep; unsigned char n; int64_t eq, ne[PIN_MAXNE]; } d[3];
};

enum exit_kind { EXIT_ANY, EXIT_EQ, EXIT_NE };

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
	enum exit_kind exit;         /* an observation: the values it leaves its loop on */
	int64_t exit_value;
	struct pins pins;
};

/* Per function: how often each local is assigned (capped) and its
 * declaration's initialiser, to read `int bid = blockIdx.x;` as
 * blockIdx.x where bid is never assigned again. */
struct fn_locals {
	const struct ir_func *fn;
	uint8_t *assigned;
	const struct ir_expr **init;
};

static int count_assign(struct ir_expr *e, void *arg)
{
	struct fn_locals *fl = arg;
	const struct ir_expr *t = NULL;
	if (e->kind == EK_ASSIGN)
		t = ir_strip(e->kids[0]);
	else if (e->kind == EK_UNARY && e->op != OP_DEREF && e->op != OP_NEG && e->op != OP_PLUS && e->op != OP_NOT &&
	         e->op != OP_LNOT)
		t = ir_strip(e->kids[0]); /* ++, --, and & (a pointer may write it) */
	if (t && t->kind == EK_VAR && t->u.var->kind != VAR_GLOBAL && t->u.var->id >= 0 &&
	    t->u.var->id < fl->fn->nvars && fl->assigned[t->u.var->id] < 2)
		fl->assigned[t->u.var->id]++;
	return 0;
}

static int note_init(struct ir_stmt *s, void *arg)
{
	struct fn_locals *fl = arg;
	if (s->kind == SK_DECL && s->u.decl.var->id >= 0 && s->u.decl.var->id < fl->fn->nvars)
		fl->init[s->u.decl.var->id] = s->u.decl.init;
	return 0;
}

static void fn_locals_init(struct fn_locals *fl, const struct ir_func *fn)
{
	fl->fn = fn;
	fl->assigned = xcalloc((size_t)fn->nvars + 1, 1);
	fl->init = xcalloc((size_t)fn->nvars + 1, sizeof *fl->init);
	ir_walk_stmt_exprs(fn->body, count_assign, fl);
	ir_walk_stmts(fn->body, note_init, fl);
}

static void fn_locals_free(struct fn_locals *fl)
{
	free(fl->assigned);
	free(fl->init);
}

/* The dimension of blockIdx that e is (0, 1, 2), or -1. */
static int blockidx_dim(const struct fn_locals *fl, const struct ir_expr *e, int depth)
{
	e = ir_strip(e);
	if (!e || depth > 4)
		return -1;
	if (e->kind == EK_BUILTIN && e->u.bi.which == BI_BLOCKIDX)
		return e->u.bi.dim == 'y' ? 1 : e->u.bi.dim == 'z' ? 2 : 0;
	if (e->kind == EK_VAR && e->u.var->kind == VAR_LOCAL && e->u.var->id >= 0 && e->u.var->id < fl->fn->nvars &&
	    !fl->assigned[e->u.var->id] && fl->init[e->u.var->id])
		return blockidx_dim(fl, fl->init[e->u.var->id], depth + 1);
	return -1;
}

struct dep_scan { const struct fn_locals *fl; unsigned dims; };

static int mentions_blockidx(struct ir_expr *e, void *arg)
{
	struct dep_scan *ds = arg;
	int d = blockidx_dim(ds->fl, e, 0);
	if (d >= 0)
		ds->dims |= 1u << d;
	return 0;
}

static void pin_dep(struct pins *p, const struct fn_locals *fl, struct ir_expr *e)
{
	struct dep_scan ds = { fl, 0 };
	ir_walk_expr(e, mentions_blockidx, &ds);
	for (int d = 0; d < 3; d++)
		if (ds.dims & (1u << d))
			p->d[d].dep = true;
}

static void pin_add(struct pins *p, int d, bool eq, int64_t v)
{
	if (p->d[d].has_eq)
		return; /* an equality already says it all (a second one: the site never runs) */
	if (eq) {
		p->d[d].has_eq = true;
		p->d[d].eq = v;
		return;
	}
	for (int i = 0; i < p->d[d].n; i++)
		if (p->d[d].ne[i] == v)
			return;
	if (p->d[d].n == PIN_MAXNE)
		p->d[d].dep = true;
	else
		p->d[d].ne[p->d[d].n++] = v;
}

/* What holding `e == truth` says about blockIdx: conjunctions of true
 * conditions and disjunctions of false ones split; `blockIdx.x == K`
 * and `!=` pin; anything else that reads blockIdx makes its dimension
 * unreadable. */
static void pin_cond(struct pins *p, const struct fn_locals *fl, struct ir_expr *e, bool truth)
{
	const struct ir_expr *s = ir_strip(e);
	if (!s)
		return;
	if (s->kind == EK_UNARY && s->op == OP_LNOT) {
		pin_cond(p, fl, s->kids[0], !truth);
		return;
	}
	if (s->kind == EK_BINARY && ((s->op == OP_LAND && truth) || (s->op == OP_LOR && !truth))) {
		pin_cond(p, fl, s->kids[0], truth);
		pin_cond(p, fl, s->kids[1], truth);
		return;
	}
	if (s->kind == EK_BINARY && (s->op == OP_EQ || s->op == OP_NE)) {
		int64_t v;
		for (int side = 0; side < 2; side++) {
			int d = blockidx_dim(fl, s->kids[side], 0);
			if (d >= 0 && ir_const_value(s->kids[1 - side], &v)) {
				pin_add(p, d, (s->op == OP_EQ) == truth, v);
				return;
			}
		}
	}
	pin_dep(p, fl, e);
}

/* The pins of statement st: the conditions of the branches it sits in,
 * and those of earlier `if (c) return;` at every level above it. */
static void site_pins(struct pins *p, const struct fn_locals *fl, struct ir_stmt *st)
{
	memset(p, 0, sizeof *p);
	for (struct ir_stmt *c = st; c && c->parent; c = c->parent) {
		struct ir_stmt *par = c->parent;
		switch (par->kind) {
		case SK_IF:
			if (c == par->u.if_.then)
				pin_cond(p, fl, par->u.if_.cond, true);
			else if (c == par->u.if_.els)
				pin_cond(p, fl, par->u.if_.cond, false);
			break;
		case SK_LOOP:
			if (c == par->u.loop.body)
				pin_dep(p, fl, par->u.loop.cond);
			break;
		case SK_SWITCH:
			if (c == par->u.sw.body)
				pin_dep(p, fl, par->u.sw.cond);
			break;
		case SK_BLOCK:
			for (int i = 0; i < par->u.block.n && par->u.block.v[i] != c; i++) {
				struct ir_stmt *x = par->u.block.v[i];
				if (ir_early_return(x))
					pin_cond(p, fl, x->u.if_.cond, false);
			}
			break;
		default:
			break;
		}
	}
}

static bool pins_unpinned(const struct pins *p)
{
	for (int d = 0; d < 3; d++)
		if (p->d[d].has_eq || p->d[d].n || p->d[d].dep)
			return false;
	return true;
}

static bool in_ne(const struct pins *p, int d, int64_t v)
{
	for (int i = 0; i < p->d[d].n; i++)
		if (p->d[d].ne[i] == v)
			return true;
	return false;
}

static bool ne_sets_equal(const struct pins *a, const struct pins *b, int d)
{
	if (a->d[d].n != b->d[d].n)
		return false;
	for (int i = 0; i < a->d[d].n; i++)
		if (!in_ne(b, d, a->d[d].ne[i]))
			return false;
	return true;
}

/* Whether, in dimension d, a runs in one block and b provably elsewhere
 * too, or not there at all. */
static bool eq_differs(const struct pins *a, const struct pins *b, int d)
{
	if (b->d[d].has_eq)
		return a->d[d].eq != b->d[d].eq;
	if (b->d[d].n)
		return in_ne(b, d, a->d[d].eq) || !b->d[d].dep;
	return !b->d[d].dep; /* b in every block */
}

/* Whether a and b provably run in different sets of blocks: then in some
 * block one runs without the other, and what passes between them crosses
 * blocks. A condition cudalint cannot read proves nothing. */
static bool pins_differ(const struct pins *a, const struct pins *b)
{
	for (int d = 0; d < 3; d++) {
		if (a->d[d].has_eq ? eq_differs(a, b, d) : b->d[d].has_eq ? eq_differs(b, a, d) : false)
			return true;
		if (a->d[d].has_eq || b->d[d].has_eq || a->d[d].dep || b->d[d].dep)
			continue;
		if (a->d[d].n != b->d[d].n ? true : a->d[d].n && !ne_sets_equal(a, b, d))
			return true; /* all but some blocks against all, or other ones */
	}
	return false;
}

/* ---- values written, values waited for -------------------------------- */

static bool name_has(const struct ir_expr *call, const char *s)
{
	return call->kind == EK_CALL && call->u.call.name && strstr(call->u.call.name, s);
}

/* The right-hand side of the assignment that stores to lvalue lv. */
struct rhs_find { const struct ir_expr *lv; const struct ir_expr *rhs; };

static int find_rhs(struct ir_expr *e, void *arg)
{
	struct rhs_find *rf = arg;
	if (e->kind == EK_ASSIGN && e->op == OP_NONE && e->kids[0] == rf->lv) {
		rf->rhs = e->kids[1];
		return 1;
	}
	return 0;
}

static void write_value(struct mo_site *s, const struct mo_access *a)
{
	int64_t v;
	const struct ir_expr *val = NULL;
	if (a->kind == ACC_STORE) {
		struct rhs_find rf = { a->e, NULL };
		ir_walk_stmt_exprs(a->stmt, find_rhs, &rf);
		val = rf.rhs;
	} else if (name_has(a->e, "CAS") || name_has(a->e, "compare_exchange")) {
		val = a->e->nkids > 2 ? a->e->kids[2] : NULL; /* (p, compare, value), (expected, desired) */
	} else if (name_has(a->e, "Exch") || name_has(a->e, "exchange") || a->in == IN_ATOMIC_STORE) {
		val = a->e->nkids > 1 ? a->e->kids[1] : NULL; /* (p, value), the object and the value */
	} else {
		s->accumulates = a->in == IN_ATOMIC_RMW;
	}
	if (val && ir_const_value(val, &v)) {
		s->has_value = 1;
		s->value = v;
	}
}

static int is_expr(struct ir_expr *e, void *arg)
{
	return e == arg;
}

/* The values on which a poll leaves because of its load: want is the
 * truth of the expression that makes the loop leave (false for a loop
 * condition, true for the condition of a break). */
static enum exit_kind exit_pred(const struct ir_expr *e, const struct ir_expr *load, bool want, int64_t *val)
{
	const struct ir_expr *s = ir_strip(e), *l = ir_strip(load);
	if (!s)
		return EXIT_ANY;
	if (s == l) {
		*val = 0;
		return want ? EXIT_NE : EXIT_EQ; /* `while (!ready)`: leaves on non-zero */
	}
	if (s->kind == EK_UNARY && s->op == OP_LNOT)
		return exit_pred(s->kids[0], load, !want, val);
	if (s->kind == EK_BINARY && (s->op == OP_LAND || s->op == OP_LOR)) {
		/* the side that holds the load says what the load must be; the
		 * other side may let the loop leave on its own, but then the
		 * flag was not what it waited for */
		bool in0 = ir_walk_expr(s->kids[0], is_expr, (void *)load) != 0;
		bool in1 = ir_walk_expr(s->kids[1], is_expr, (void *)load) != 0;
		if (in0 == in1)
			return EXIT_ANY;
		return exit_pred(s->kids[in0 ? 0 : 1], load, want, val);
	}
	if (s->kind == EK_BINARY && (s->op == OP_EQ || s->op == OP_NE)) {
		for (int side = 0; side < 2; side++) {
			const struct ir_expr *x = ir_strip(s->kids[side]);
			if (x && x->kind == EK_ASSIGN && x->op == OP_NONE)
				x = ir_strip(x->kids[1]); /* (f = *flag) != last */
			if (x == l && ir_const_value(s->kids[1 - side], val))
				return (s->op == OP_EQ) == want ? EXIT_EQ : EXIT_NE;
		}
	}
	return EXIT_ANY;
}

static bool can_observe(const struct mo_site *obs, const struct mo_site *w)
{
	if (obs->exit == EXIT_ANY || !w->has_value)
		return true;
	return obs->exit == EXIT_EQ ? w->value == obs->exit_value : w->value != obs->exit_value;
}

/* ---- barrier intervals ---------------------------------------------------- */

static bool is_barrier_stmt(const struct ir_stmt *s)
{
	if (!s || s->kind != SK_EXPR || !s->u.expr)
		return false;
	const struct ir_expr *e = ir_strip(s->u.expr);
	return e && e->kind == EK_CALL && intrinsic_is_block_barrier(e->u.call.intrinsic);
}

struct touch { const struct mo_site *w; bool hit; };

static int touch_access(const struct mo_access *a, void *arg)
{
	struct touch *t = arg;
	if (a->kind == ACC_CALL || (a->e != t->w->e && mo_same_object(a->obj, a->field, t->w->obj, t->w->field))) {
		t->hit = true;
		return 1;
	}
	return 0;
}

/* Whether control can leave s other than at its end: a return, a goto
 * or label, or a break or continue that is not a nested loop's (or a
 * nested switch's break). */
static bool leaves(const struct ir_stmt *s, bool in_loop, bool in_switch)
{
	if (!s)
		return false;
	switch (s->kind) {
	case SK_RETURN: case SK_GOTO: case SK_LABEL:
		return true;
	case SK_BREAK:
		return !in_loop && !in_switch;
	case SK_CONTINUE:
		return !in_loop;
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (leaves(s->u.block.v[i], in_loop, in_switch))
				return true;
		return false;
	case SK_IF:
		return leaves(s->u.if_.then, in_loop, in_switch) || leaves(s->u.if_.els, in_loop, in_switch);
	case SK_LOOP:
		return leaves(s->u.loop.body, true, false);
	case SK_SWITCH:
		return leaves(s->u.sw.body, in_loop, true);
	case SK_CASE:
		return leaves(s->u.case_.body, in_loop, in_switch);
	default:
		return false;
	}
}

/* Whether s accesses w's object elsewhere than w, calls a function, or
 * jumps: any of them may put an observation in w's interval. */
static bool touches(const struct memorder *m, struct ir_stmt *s, const struct mo_site *w)
{
	if (!s)
		return false;
	struct touch t = { w, false };
	mo_stmt_accesses(m, s, touch_access, &t);
	return t.hit || leaves(s, false, false);
}

static bool expr_touches(const struct memorder *m, struct ir_expr *e, struct ir_stmt *st, const struct mo_site *w)
{
	struct touch t = { w, false };
	mo_expr_accesses(m, e, st, touch_access, &t);
	return t.hit;
}

/* From w's statement outwards in direction dir (+1 after, -1 before), the
 * nearest block barrier at the same or an enclosing level, with nothing
 * on the way (the other arms of the branches w sits in included) that
 * touches w's object. A loop on the way could bring code of another
 * iteration into the interval, and the end of the function a caller's
 * code: both fail, except the start of a kernel, before which nothing
 * of the launch ran. */
static bool clear_to_barrier(const struct memorder *m, const struct mo_site *w, int dir)
{
	for (struct ir_stmt *c = w->stmt; ; c = c->parent) {
		struct ir_stmt *p = c->parent;
		if (!p)
			return dir < 0 && w->fn->is_global;
		switch (p->kind) {
		case SK_BLOCK: {
			int i = 0;
			while (i < p->u.block.n && p->u.block.v[i] != c)
				i++;
			for (i += dir; i >= 0 && i < p->u.block.n; i += dir) {
				if (is_barrier_stmt(p->u.block.v[i]))
					return true;
				if (touches(m, p->u.block.v[i], w))
					return false;
			}
			break;
		}
		case SK_IF:
			if (touches(m, c == p->u.if_.then ? p->u.if_.els : p->u.if_.then, w) ||
			    expr_touches(m, p->u.if_.cond, p, w))
				return false;
			break;
		default:
			return false; /* a loop, a switch, a label */
		}
	}
}

static bool isolated(const struct memorder *m, const struct mo_site *w)
{
	if (w->stmt->kind != SK_EXPR && w->stmt->kind != SK_DECL)
		return false; /* written in a condition: the branches come after */
	struct touch t = { w, false };
	if (w->stmt->kind == SK_EXPR)
		mo_expr_accesses(m, w->stmt->u.expr, w->stmt, touch_access, &t);
	else
		mo_expr_accesses(m, w->stmt->u.decl.init, w->stmt, touch_access, &t);
	return !t.hit && clear_to_barrier(m, w, 1) && clear_to_barrier(m, w, -1);
}

/* ---- call contexts ---------------------------------------------------------- */

/* A device function runs in the blocks its call sites run in: when every
 * call of it (through calls, up to a kernel) is in one kernel under the
 * same pins, its sites take that kernel and those pins as well. */
struct call_site { const struct ir_func *caller, *callee; struct ir_stmt *stmt; };

struct call_ctx {
	const struct ir_func *kernel; /* NULL: several or none */
	struct pins pins;
	unsigned done : 1, busy : 1;
};

struct contexts {
	const struct memorder *m;
	const struct ir_unit *u;
	struct call_site *calls; int ncalls, capcalls;
	struct call_ctx *ctx;         /* per function */
	const struct ir_func *caller;
};

static int note_call(const struct mo_access *a, void *arg)
{
	struct contexts *cs = arg;
	if ((a->kind == ACC_CALL || a->kind == ACC_INLINED) && !a->via && a->e->u.call.target)
		CL_VEC_PUSH(cs->calls, cs->ncalls, cs->capcalls,
		            ((struct call_site){ cs->caller, a->e->u.call.target, a->stmt }));
	return 0;
}

static void pins_and(struct pins *p, const struct pins *q)
{
	for (int d = 0; d < 3; d++) {
		if (q->d[d].has_eq)
			pin_add(p, d, true, q->d[d].eq);
		for (int i = 0; i < q->d[d].n; i++)
			pin_add(p, d, false, q->d[d].ne[i]);
		p->d[d].dep |= q->d[d].dep;
	}
}

static bool pins_equal(const struct pins *a, const struct pins *b)
{
	for (int d = 0; d < 3; d++)
		if (a->d[d].has_eq != b->d[d].has_eq || a->d[d].dep != b->d[d].dep ||
		    (a->d[d].has_eq && a->d[d].eq != b->d[d].eq) || !ne_sets_equal(a, b, d))
			return false;
	return true;
}

static const struct call_ctx *context_of(struct contexts *cs, const struct ir_func *f)
{
	struct call_ctx *c = &cs->ctx[f->id];
	if (c->done || c->busy)
		return c; /* a recursive call: no kernel while busy */
	c->busy = 1;
	if (f->is_global) {
		c->kernel = f;
	} else {
		bool first = true, same = true;
		for (int i = 0; i < cs->ncalls && same; i++) {
			const struct call_site *k = &cs->calls[i];
			if (k->callee != f)
				continue;
			const struct call_ctx *up = context_of(cs, k->caller);
			struct fn_locals fl;
			struct pins p;
			fn_locals_init(&fl, k->caller);
			site_pins(&p, &fl, k->stmt);
			fn_locals_free(&fl);
			pins_and(&p, &up->pins);
			if (first) {
				c->kernel = up->kernel;
				c->pins = p;
				first = false;
			}
			same = up->kernel && up->kernel == c->kernel && pins_equal(&p, &c->pins);
		}
		if (!same)
			c->kernel = NULL;
	}
	c->busy = 0;
	c->done = 1;
	return c;
}

/* ---- collecting the sites ------------------------------------------------ */

struct collect {
	struct memorder *m;
	const struct ir_func *fn;
	const struct fn_locals *fl;
	int cap;
	struct mo_objkey *device_scoped; int ndevice_scoped;
};

static bool is_deciding(const struct memorder *m, const struct ir_expr *e)
{
	for (int i = 0; i < m->ndeciding; i++)
		if (m->deciding[i] == e)
			return true;
	return false;
}

static const struct mo_poll *poll_of(const struct memorder *m, const struct ir_expr *e)
{
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].load == e)
			return &m->polls[i];
	return NULL;
}

static struct mo_site *new_site(struct collect *c, const struct mo_access *a)
{
	struct memorder *m = c->m;
	CL_VEC_GROW(m->sites, m->nsites, c->cap);
	struct mo_site *s = &m->sites[m->nsites++];
	memset(s, 0, sizeof *s);
	s->fn = c->fn;
	s->stmt = a->stmt;
	s->e = a->e;
	s->obj = a->obj;
	s->field = a->field;
	s->space = a->space;
	return s;
}

static int collect_access(const struct mo_access *a, void *arg)
{
	struct collect *c = arg;
	struct memorder *m = c->m;
	if (a->via)
		return 0; /* a helper's site, with the helper's own walk */
	if ((a->kind != ACC_STORE && a->kind != ACC_ATOMIC && a->kind != ACC_LOAD) ||
	    !mo_is_sync(m, a->obj, a->field))
		return 0;
	if (a->kind == ACC_ATOMIC && a->scope != SCOPE_BLOCK)
		mo_add_key(&c->device_scoped, &c->ndevice_scoped, a->obj, a->field);
	else if (a->kind == ACC_ATOMIC)
		mo_add_key(&m->block_scoped, &m->nblock_scoped, a->obj, a->field);
	const struct mo_poll *p = poll_of(m, a->e);
	bool write = a->kind == ACC_STORE ||
	             (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD && !mo_rmw_reads_only(a->e));
	bool read = p || (a->kind == ACC_ATOMIC && is_deciding(m, a->e));
	if (!write && !read)
		return 0;
	struct mo_site *s = new_site(c, a);
	s->write = write;
	s->read = read;
	if (write)
		write_value(s, a);
	site_pins(&s->pins, c->fl, p ? p->loop : a->stmt);
	if (p && p->cond)
		s->exit = exit_pred(p->cond, p->load, p->cond != p->loop->u.loop.cond, &s->exit_value);
	else if (read && !p && mo_cas_kind(a->e) == CAS_LOCK) {
		/* a lock taken (`if (atomicCAS(&l, 0, 1) == 0)`) enters on the
		 * value it compares with: the taking of the lock by another
		 * thread (its write of 1) hands nothing over, its release does */
		int first = a->e->u.call.is_method;
		if (ir_const_value(a->e->kids[first + 1], &s->exit_value))
			s->exit = EXIT_EQ;
	}
	return 0;
}

struct release_walk { struct memorder *m; const struct mo_site *w; int *cap; };

static int note_released(const struct mo_access *a, void *arg)
{
	struct release_walk *rw = arg;
	struct memorder *m = rw->m;
	/* back to the previous barrier or access of the flag (the poll or
	 * lock acquire that opened the section): what the write releases */
	if (a->kind == ACC_CALL || a->kind == ACC_BARRIER ||
	    (a->e != rw->w->e && mo_same_object(a->obj, a->field, rw->w->obj, rw->w->field)))
		return 1;
	if (a->kind != ACC_STORE || !a->obj)
		return 0;
	for (int i = 0; i < m->nreleased; i++)
		if (m->released[i].e == a->e && m->released[i].flag == rw->w->obj && m->released[i].flag_field == rw->w->field)
			return 0;
	CL_VEC_PUSH(m->released, m->nreleased, *rw->cap,
	            ((struct mo_released){ a->obj, a->field, a->e, rw->w->obj, rw->w->field }));
	return 0;
}

void mo_collect_sites(struct memorder *m, const struct ir_unit *u)
{
	struct collect c = { .m = m };
	struct contexts cs = { .m = m, .u = u };
	cs.ctx = xcalloc((size_t)u->nfuncs + 1, sizeof *cs.ctx);
	for (int i = 0; i < u->nfuncs; i++) {
		cs.caller = u->funcs[i];
		if (u->funcs[i]->analysed && (u->funcs[i]->is_device || u->funcs[i]->is_global))
			mo_stmt_accesses(m, u->funcs[i]->body, note_call, &cs);
	}
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		if (!f->analysed || (!f->is_device && !f->is_global))
			continue;
		struct fn_locals fl;
		fn_locals_init(&fl, f);
		c.fn = f;
		c.fl = &fl;
		mo_stmt_accesses(m, f->body, collect_access, &c);
		fn_locals_free(&fl);
	}
	/* block scope only where no atomic on the object has a wider one */
	int n = 0;
	for (int i = 0; i < m->nblock_scoped; i++)
		if (!mo_in_keys(c.device_scoped, c.ndevice_scoped, m->block_scoped[i].obj, m->block_scoped[i].field))
			m->block_scoped[n++] = m->block_scoped[i];
	m->nblock_scoped = n;
	free(c.device_scoped);
	for (int i = 0; i < m->nsites; i++) {
		struct mo_site *st = &m->sites[i];
		if (st->write)
			st->isolated = isolated(m, st);
		const struct call_ctx *cc = context_of(&cs, st->fn);
		st->kernel = cc->kernel;
		if (cc->kernel && cc->kernel != st->fn)
			pins_and(&st->pins, &cc->pins);
	}
	free(cs.calls);
	free(cs.ctx);
	int cap = 0;
	for (int i = 0; i < m->nsites; i++)
		if (m->sites[i].write) {
			struct release_walk rw = { m, &m->sites[i], &cap };
			mo_before(m, m->sites[i].stmt, note_released, &rw);
		}
}

void mo_free_sites(struct memorder *m)
{
	free(m->released);
	free(m->sites);
	free(m->block_scoped);
}

/* ---- the extents ------------------------------------------------------------- */

static const struct mo_site *site_of(const struct memorder *m, const struct ir_expr *e, bool write)
{
	for (int i = 0; i < m->nsites; i++)
		if (m->sites[i].e == e && (write ? m->sites[i].write : m->sites[i].read))
			return &m->sites[i];
	return NULL;
}

static bool same_object(const struct mo_site *a, const struct mo_site *b)
{
	return mo_same_object(a->obj, a->field, b->obj, b->field);
}

/* The extent of site s, taken as a write or as an observation, against
 * the sites of the other role that it can pair with; *all_isolated:
 * every write paired is isolated. */
static enum mo_extent extent(const struct memorder *m, const struct mo_site *s, bool as_write, bool *all_isolated,
                             bool *unpaired)
{
	bool seen = false, cross = false, partners = false;
	*all_isolated = true;
	for (int i = 0; i < m->nsites; i++) {
		const struct mo_site *o = &m->sites[i];
		if (!same_object(s, o) || !(as_write ? o->read : o->write))
			continue;
		const struct mo_site *w = as_write ? s : o, *r = as_write ? o : s;
		/* the same atomic run by other threads: only a counter hands
		 * from one thread's execution to another's; a lock taken
		 * observes the same compare-and-swap of another thread, which
		 * it cannot leave on (it enters on 0, the other wrote 1) */
		if (o == s && !s->accumulates && !(s->read && s->exit != EXIT_ANY && s->has_value))
			continue;
		partners = true;
		if (!can_observe(r, w))
			continue;
		seen = true;
		*all_isolated &= w->isolated;
		/* two kernels are two grids; a device function whose kernel
		 * cudalint cannot name could be in either */
		bool kernels = o->kernel && s->kernel;
		if (kernels ? o->kernel != s->kernel || pins_differ(&o->pins, &s->pins)
		            : o->fn != s->fn || pins_differ(&o->pins, &s->pins))
			cross = true;
	}
	if (!seen)
		*all_isolated = false;
	*unpaired = partners && !seen;
	if (s->space == SPACE_SHARED)
		return EXTENT_BLOCK;
	if (cross)
		return EXTENT_CROSS;
	if (mo_in_keys(m->block_scoped, m->nblock_scoped, s->obj, s->field))
		return EXTENT_BLOCK;
	/* a counter bumped in every block, or a side whose partner is
	 * outside the device code cudalint sees */
	if ((s->accumulates && pins_unpinned(&s->pins)) || !seen)
		return EXTENT_CROSS;
	return EXTENT_UNKNOWN;
}

static enum mo_extent extent_of(const struct memorder *m, const struct ir_expr *e, bool write, bool *ordered,
                                bool *unpaired)
{
	const struct mo_site *s = site_of(m, e, write);
	bool iso = false, none = false;
	enum mo_extent x = EXTENT_CROSS;
	if (s)
		x = extent(m, s, write, &iso, &none);
	if (ordered)
		*ordered = s && x != EXTENT_CROSS && (write ? s->isolated : iso);
	if (unpaired)
		*unpaired = none;
	return x;
}

enum mo_extent mo_write_extent(const struct memorder *m, const struct ir_expr *e)
{
	return extent_of(m, e, true, NULL, NULL);
}

enum mo_extent mo_read_extent(const struct memorder *m, const struct ir_expr *e)
{
	return extent_of(m, e, false, NULL, NULL);
}

bool mo_write_barrier_ordered(const struct memorder *m, const struct ir_expr *e)
{
	bool ordered;
	extent_of(m, e, true, &ordered, NULL);
	return ordered;
}

bool mo_read_barrier_ordered(const struct memorder *m, const struct ir_expr *e)
{
	bool ordered;
	extent_of(m, e, false, &ordered, NULL);
	return ordered;
}

bool mo_write_unobserved(const struct memorder *m, const struct ir_expr *e)
{
	bool none;
	extent_of(m, e, true, NULL, &none);
	return none;
}

bool mo_released_elsewhere(const struct memorder *m, const struct ir_var *obj, const char *field,
                                 const struct ir_expr *e, const struct ir_var *flag, const char *flag_field)
{
	for (int i = 0; i < m->nreleased; i++) {
		const struct mo_released *r = &m->released[i];
		if (r->e != e && mo_same_object(r->obj, r->field, obj, field) &&
		    mo_same_object(r->flag, r->flag_field, flag, flag_field))
			return true;
	}
	return false;
}

/* ---- blocks of any two statements (CL2006) --------------------------------- */

bool mo_blocks_differ(const struct ir_func *fn, struct ir_stmt *a, struct ir_stmt *b)
{
	struct fn_locals fl;
	struct pins pa, pb;
	fn_locals_init(&fl, fn);
	site_pins(&pa, &fl, a);
	site_pins(&pb, &fl, b);
	fn_locals_free(&fl);
	return pins_differ(&pa, &pb);
}

bool mo_every_block(const struct ir_func *fn, struct ir_stmt *st)
{
	struct fn_locals fl;
	struct pins p;
	fn_locals_init(&fl, fn);
	site_pins(&p, &fl, st);
	fn_locals_free(&fl);
	return pins_unpinned(&p);
}
