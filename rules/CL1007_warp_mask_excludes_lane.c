/* CL1007 warp-mask-excludes-lane: a warp collective run by a lane that
 * its own mask does not name.
 *
 * Every lane that calls __shfl*_sync, a vote, __match_*_sync,
 * __reduce_*_sync or __syncwarp(mask) must be in the mask it passes; CL1004
 * reports the other direction (lanes named but absent). Which lanes run a
 * call is read from the statements around it: each enclosing `if` whose
 * condition can be computed per thread (threadIdx, lane ids, blockDim of
 * the launch, constants, locals assigned once) is evaluated for every
 * thread of the launch's block shapes, or for the lanes of the first warp
 * when no launch is in view; a warp-uniform condition that cannot be
 * computed splits no warp and is taken as true. Any other lane-varying
 * condition, loop or switch around the call, or an exit before it, leaves
 * the call unjudged. The mask is computed the same way per lane, or is a
 * local holding `__ballot_sync(full, p)` taken where the whole warp runs:
 * then the lanes where `p` is false are outside it, and a call that no
 * `if (p)` guards runs in them whenever `p` varies.
 *
 * Reported where a warp of one block shape runs the call with a lane
 * outside the mask; where a warp-uniform condition was taken as true, only
 * when every warp that runs it does, so that the condition cannot have
 * picked a warp whose lanes all fit. Kernels are judged, and the helpers
 * the whole warp enters (every call of them runs where no lane-varying
 * condition or exit is around it, in a function the whole warp enters):
 * other helpers' callers decide which lanes enter them. */
#include "analysis/constlocals.h"
#include "analysis/intrinsics.h"
#include "analysis/launch.h"
#include "analysis/memorder.h"
#include "checks.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_GUARDS = 32 };

/* A condition the call runs under, and the value it runs with. */
struct guard {
	const struct ir_expr *cond; /* NULL: something that decides lanes unknowably */
	bool want;
};

struct walk {
	struct cl_ctx *cx;
	const struct ir_unit *u;
	const struct ir_func *f;
	struct guard g[MAX_GUARDS];
	int ng;
	bool overflow;
};

/* One thread of one block shape; shape NULL: lane t of the first warp of
 * a one-dimensional block of unknown size. */
struct thread {
	const struct ir_func *f;
	const int *shape;
	int t;
	int depth;
};

static bool eval(const struct ir_expr *e, struct thread *th, int64_t *out);

static bool builtin_value(const struct ir_expr *e, const struct thread *th, int64_t *out)
{
	int d = e->u.bi.dim ? e->u.bi.dim - 'x' : 0;
	if (d < 0 || d > 2)
		return false;
	const int *s = th->shape;
	switch (e->u.bi.which) {
	case BI_THREADIDX:
		if (!s) {
			*out = d ? 0 : th->t;
			return !d;
		}
		*out = d == 0 ? th->t % s[0] : d == 1 ? th->t / s[0] % s[1] : th->t / (s[0] * s[1]);
		return true;
	case BI_BLOCKDIM:
		if (!s)
			return false;
		*out = s[d];
		return true;
	case BI_WARPSIZE:
		*out = 32;
		return true;
	default:
		return false;
	}
}

/* A local assigned once stands for its initialiser. */
static bool var_value(const struct ir_expr *e, struct thread *th, int64_t *out)
{
	const struct locals *c = th->f->locals;
	const struct ir_expr *init = e->u.var->is_reference ? NULL : locals_init_once(c, e);
	if (init)
		return eval(init, th, out);
	return c && locals_const_value(c, e, out);
}

/* The arithmetic ir_const_value folds, and the comparisons conditions use. */
static bool binary_value(enum ir_op op, int64_t a, int64_t b, int64_t *out)
{
	switch (op) {
	case OP_LT: *out = a < b; return true;
	case OP_GT: *out = a > b; return true;
	case OP_LE: *out = a <= b; return true;
	case OP_GE: *out = a >= b; return true;
	case OP_EQ: *out = a == b; return true;
	case OP_NE: *out = a != b; return true;
	default: return ir_fold_binary(op, a, b, out);
	}
}

/* E's value in thread TH, where it follows from the thread's indices. */
static bool eval(const struct ir_expr *e, struct thread *th, int64_t *out)
{
	e = ir_strip(e);
	if (!e || th->depth > 16)
		return false;
	if (e->has_value) {
		*out = e->ival;
		return true;
	}
	int64_t a, b;
	bool ok = false;
	th->depth++;
	switch (e->kind) {
	case EK_BUILTIN:
		ok = builtin_value(e, th, out);
		break;
	case EK_VAR:
		ok = var_value(e, th, out);
		break;
	case EK_UNARY:
		if (!eval(e->kids[0], th, &a))
			break;
		ok = true;
		switch (e->op) {
		case OP_NEG: *out = -a; break;
		case OP_NOT: *out = ~a; break;
		case OP_LNOT: *out = !a; break;
		case OP_PLUS: *out = a; break;
		default: ok = false;
		}
		break;
	case EK_COND:
		ok = e->nkids == 3 && eval(e->kids[0], th, &a) && eval(e->kids[a ? 1 : 2], th, out);
		break;
	case EK_BINARY:
		if (e->op == OP_LAND || e->op == OP_LOR) {
			if (!eval(e->kids[0], th, &a))
				break;
			if ((e->op == OP_LAND) != (a != 0)) {
				*out = a != 0;
				ok = true;
			} else if (eval(e->kids[1], th, &b)) {
				*out = b != 0;
				ok = true;
			}
			break;
		}
		ok = eval(e->kids[0], th, &a) && eval(e->kids[1], th, &b) && binary_value(e->op, a, b, out);
		break;
	default:
		break;
	}
	th->depth--;
	return ok;
}

/* The mask argument of a collective that has one. */
static const struct ir_expr *mask_of(const struct ir_expr *call)
{
	switch (call->u.call->intrinsic) {
	case IN_SHFL:
	case IN_SHFL_REL:
	case IN_VOTE:
	case IN_SYNCWARP:
		return call->nkids >= 1 ? call->kids[0] : NULL;
	default:
		return NULL;
	}
}

/* `__ballot_sync(full, p)` run by the whole warp, held by the mask (or
 * the mask itself): its predicate, else NULL. */
static const struct ir_expr *ballot_predicate(const struct ir_func *f, const struct ir_expr *mask,
                                              const struct ir_expr **ballot)
{
	const struct ir_expr *e = ir_strip(mask);
	if (e && e->kind == EK_VAR)
		e = ir_strip(locals_init_once(f->locals, e));
	int64_t full;
	if (!e || e->kind != EK_CALL || e->u.call->intrinsic != IN_VOTE || !e->u.call->name ||
	    strcmp(e->u.call->name, "__ballot_sync") || e->nkids != 2 || !ir_const_value(e->kids[0], &full) ||
	    (full & 0xffffffffLL) != 0xffffffffLL)
		return NULL;
	const struct ir_ctx *x = e->ctx;
	if (!x || x->warp_cause || x->exit > U_WARP)
		return NULL;
	*ballot = e;
	return e->kids[1];
}

/* Whether condition C, in the then-branch sense, is P (or a local
 * holding P). */
static bool is_predicate(const struct ir_func *f, const struct ir_expr *c, const struct ir_expr *p)
{
	const struct ir_expr *init = locals_init_once(f->locals, p);
	return ir_expr_equal(c, p) || (init && ir_expr_equal(c, init));
}

/* Lanes, as bits, that run the call and that its mask leaves out. */
struct verdict {
	bool unknown;        /* some guard or the mask cannot be judged */
	bool by_predicate;   /* the mask is a ballot whose predicate varies */
	bool assumed;        /* a warp-uniform guard that could not be computed was taken as true */
	int warps, bad_warps;
	uint32_t bad_lanes;
	int64_t mask;        /* the mask, when every lane computed the same */
	bool mask_same, mask_seen;
};

/* Whether thread TH runs the call, given the guards; -1 unknown. */
static int runs(const struct walk *w, struct thread *th, const struct ir_expr *pred, bool *assumed)
{
	for (int i = 0; i < w->ng; i++) {
		const struct guard *g = &w->g[i];
		int64_t v;
		if (!g->cond)
			return -1;
		if (eval(g->cond, th, &v)) {
			if ((v != 0) != g->want)
				return 0;
			continue;
		}
		if (pred && g->want && is_predicate(w->f, g->cond, pred))
			return -1; /* guarded by the ballot's own predicate: its lanes are in the mask */
		if (g->cond->level > U_WARP)
			return -1;
		*assumed = true;
	}
	return 1;
}

static void judge_shape(const struct walk *w, const struct ir_expr *call, const int *shape, struct verdict *v)
{
	const struct ir_expr *mask = mask_of(call), *ballot = NULL;
	const struct ir_expr *pred = ballot_predicate(w->f, mask, &ballot);
	int threads = shape ? shape[0] * shape[1] * shape[2] : 32;
	for (int base = 0; base < threads && !v->unknown; base += 32) {
		bool any = false, bad = false;
		for (int t = base; t < threads && t < base + 32; t++) {
			struct thread th = { w->f, shape, t, 0 };
			int r = runs(w, &th, pred, &v->assumed);
			if (r < 0) {
				v->unknown = true;
				return;
			}
			if (!r)
				continue;
			any = true;
			int lane = t % 32;
			int64_t m, p;
			if (eval(mask, &th, &m)) {
				if (v->mask_seen && m != v->mask)
					v->mask_same = false;
				v->mask = m;
				v->mask_seen = true;
			} else if (pred && eval(pred, &th, &p)) {
				m = p ? 1LL << lane : 0;
			} else if (pred && pred->level > U_WARP) {
				v->by_predicate = true;
				m = 0;
			} else {
				v->unknown = true;
				return;
			}
			if (!(m >> lane & 1)) {
				bad = true;
				v->bad_lanes |= 1u << lane;
			}
		}
		v->warps += any;
		v->bad_warps += any && bad;
	}
}

/* "16-31" or "0, 2, 4-7" */
static void lanes_text(uint32_t lanes, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < 32 && k + 12 < n;) {
		if (!(lanes >> i & 1)) {
			i++;
			continue;
		}
		int j = i;
		while (j + 1 < 32 && (lanes >> (j + 1) & 1))
			j++;
		k += (size_t)snprintf(buf + k, n - k, "%s%d", k ? ", " : "", i);
		if (j > i)
			k += (size_t)snprintf(buf + k, n - k, "-%d", j);
		i = j + 1;
	}
}

static void judge(struct walk *w, const struct ir_expr *call)
{
	const struct ir_ctx *x = call->ctx;
	if (!mask_of(call) || !x || x->exit > U_WARP || (x->warp_cause && x->warp_cause->kind != CAUSE_BRANCH) ||
	    w->overflow)
		return;
	const struct kernel_launch *l = launch_of(w->u, w->f);
	int nshapes = l ? l->nshapes : 0;
	struct verdict v = { 0 };
	struct ir_loc at = { 0 };
	for (int s = 0; s < (nshapes ? nshapes : 1); s++) {
		struct verdict one = { .mask_same = true };
		judge_shape(w, call, nshapes ? l->shapes[s] : NULL, &one);
		if (one.unknown)
			return;
		if (one.bad_warps && (!one.assumed || one.bad_warps == one.warps)) {
			v = one;
			if (nshapes && l->shape_site[s])
				at = l->shape_site[s]->loc;
			break;
		}
	}
	if (!v.warps)
		return;
	char name[96], lanes[160], m[64];
	intrinsic_display(call, name, sizeof name);
	const struct ir_expr *ballot = NULL;
	const struct ir_expr *pred = ballot_predicate(w->f, mask_of(call), &ballot);
	struct cl_finding *fd;
	if (v.by_predicate && pred) {
		char p[128];
		mo_describe(pred, p, sizeof p);
		fd = cl_report(w->cx, &cl_rules[RULE_CL1007], call->loc,
			"`%s` runs in lanes where `%s` is false, but its mask is the `__ballot_sync` of `%s`, which "
			"leaves exactly those lanes out: a lane must be named in the mask of the collective it calls, "
			"or the result is undefined (wrong values or a hang on sm_70 and later); call it only under "
			"`if (%s)`, or pass a mask that names every lane that runs it",
			name, p, p, p);
		cl_note(fd, ballot->loc, "the mask is taken here");
	} else {
		lanes_text(v.bad_lanes, lanes, sizeof lanes);
		if (v.mask_seen && v.mask_same)
			snprintf(m, sizeof m, "its mask `0x%08llx`", (unsigned long long)(v.mask & 0xffffffffLL));
		else
			snprintf(m, sizeof m, "each lane's");
		fd = cl_report(w->cx, &cl_rules[RULE_CL1007], call->loc,
			"`%s` runs in lane%s %s, which %s does not name: a lane must be in the mask of the "
			"collective it calls, or the result is undefined (wrong values or a hang on sm_70 and "
			"later); name every lane that runs it (the full mask when the whole warp does, "
			"`__activemask()` where the set is not known), or let only the named lanes call it",
			name, strchr(lanes, ',') || strchr(lanes, '-') ? "s" : "", lanes,
			v.mask_seen && v.mask_same ? m : "its mask");
	}
	cl_launch_note(fd, at, "in the block shape of this launch");
}

static int visit_expr(const struct ir_expr *e, void *arg)
{
	if (e->kind == EK_CALL && mask_of(e))
		judge(arg, e);
	return 0;
}

static void walk_stmt(struct walk *w, const struct ir_stmt *s);

static void push(struct walk *w, const struct ir_expr *cond, bool want)
{
	if (w->ng == MAX_GUARDS) {
		w->overflow = true;
		return;
	}
	w->g[w->ng++] = (struct guard){ cond, want };
}

static void under(struct walk *w, const struct ir_stmt *child, const struct ir_expr *cond, bool want)
{
	int ng = w->ng;
	bool ov = w->overflow;
	push(w, cond, want);
	walk_stmt(w, child);
	w->ng = ng;
	w->overflow = ov;
}

static int has_jump(const struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_BREAK || s->kind == SK_CONTINUE || s->kind == SK_GOTO || s->kind == SK_RETURN;
}

static int part(const struct ir_stmt *s, enum ir_part role, const struct ir_stmt *c, const struct ir_expr *e, void *arg)
{
	struct walk *w = arg;
	if (e) {
		ir_walk_expr(e, visit_expr, w);
		return 0;
	}
	(void)role;
	switch (s->kind) {
	case SK_IF:
		if (c == s->u.if_.then)
			under(w, c, s->u.if_.cond, true);
		else if (c == s->u.if_.els)
			under(w, c, s->u.if_.cond, false);
		else
			walk_stmt(w, c);
		return 0;
	case SK_LOOP: {
		/* a loop whose lanes may leave at different times decides lanes
		 * unknowably */
		const struct ir_expr *cond = s->u.loop.cond;
		bool varies = (cond && cond->level > U_WARP) || (c == s->u.loop.body && ir_walk_stmts(c, has_jump, NULL));
		if (varies && c == s->u.loop.body)
			under(w, c, NULL, true);
		else
			walk_stmt(w, c);
		return 0;
	}
	case SK_SWITCH:
		if (s->u.sw.cond && s->u.sw.cond->level > U_WARP && c == s->u.sw.body)
			under(w, c, NULL, true);
		else
			walk_stmt(w, c);
		return 0;
	default:
		walk_stmt(w, c);
		return 0;
	}
}

static void walk_stmt(struct walk *w, const struct ir_stmt *s)
{
	if (s)
		ir_stmt_parts(s, part, w);
}

static int is_goto(const struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_GOTO || s->kind == SK_LABEL;
}

/* Which functions the whole warp enters: kernels, and the helpers
 * called only where the whole warp runs (no lane-varying condition or
 * exit around the call) from functions the whole warp enters. */
struct entry {
	const struct ir_unit *u;
	uint8_t *whole;   /* by function id */
	bool changed;
};

static void site(struct cl_ctx *cx, const struct ir_func *f, const struct ir_expr *call, void *arg)
{
	struct entry *en = arg;
	(void)cx;
	const struct ir_ctx *x = call->ctx;
	bool ok = en->whole[f->id] && x && !x->warp_cause && x->exit <= U_WARP;
	for (int i = 0; i < ir_call_ncallees(call->u.call); i++) {
		const struct ir_func *t = ir_call_callee(call->u.call, i);
		if (t->id >= 0 && t->id < en->u->nfuncs && !ok && en->whole[t->id] && !t->is_global) {
			en->whole[t->id] = 0;
			en->changed = true;
		}
	}
}

static void has_site(struct cl_ctx *cx, const struct ir_func *f, const struct ir_expr *call, void *arg)
{
	uint8_t *called = arg;
	(void)cx;
	(void)f;
	for (int i = 0; i < ir_call_ncallees(call->u.call); i++)
		if (ir_call_callee(call->u.call, i)->id >= 0)
			called[ir_call_callee(call->u.call, i)->id] = 1;
}

static void function(struct cl_ctx *cx, const struct ir_func *f, void *arg)
{
	struct entry *en = arg;
	if (f->id < 0 || f->id >= en->u->nfuncs || !en->whole[f->id] || !f->body || !f->locals ||
	    ir_walk_stmts(f->body, is_goto, NULL))
		return;
	struct walk w = { cx, en->u, f, { { 0 } }, 0, false };
	walk_stmt(&w, f->body);
}

void check_warp_mask_excludes_lane(struct cl_ctx *cx, const struct ir_unit *u)
{
	struct entry en = { u, xcalloc((size_t)u->nfuncs + 1, 1), false };
	cl_for_each_call(cx, u, has_site, en.whole);
	for (int i = 0; i < u->nfuncs; i++)
		en.whole[i] = u->funcs[i]->analysed && (u->funcs[i]->is_global || (en.whole[i] && u->funcs[i]->id == i));
	do {
		en.changed = false;
		cl_for_each_call(cx, u, site, &en);
	} while (en.changed);
	cl_for_each_function(cx, u, function, &en);
	free(en.whole);
}
