/* race_stmt.c - one thread's run over the IR (race.h): statements,
 * control flow and the thread itself; race_expr.c evaluates. */
#include "analysis/race_run.h"
#include "analysis/intrinsics.h"
#include "analysis/memspace.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- statements ----------------------------------------------------------------------- */

static int find_barrier(struct ir_expr *e, void *arg)
{
	(void)arg;
	if (e->kind != EK_CALL)
		return 0;
	enum intrinsic k = intrinsic_of(e);
	return intrinsic_is_block_barrier(k) || k == IN_GRID_SYNC ||
	       (k == IN_NONE && e->u.call.target && e->u.call.target->reaches_barrier);
}

/* The cached facts of statement S. */
static struct rs_stmtfacts *stmt_facts(struct rs_run *r, const struct ir_stmt *s)
{
	struct rs_ctx *c = r->c;
	if ((size_t)(c->nfacts + 1) * 2 > c->nfact_slot) {
		size_t n = c->nfact_slot ? c->nfact_slot * 2 : 64;
		struct rs_stmtfacts *v = xcalloc(n, sizeof *v);
		for (size_t i = 0; i < c->nfact_slot; i++) {
			if (!c->facts[i].s)
				continue;
			size_t h = ((uintptr_t)c->facts[i].s >> 4) & (n - 1);
			while (v[h].s)
				h = (h + 1) & (n - 1);
			v[h] = c->facts[i];
		}
		free(c->facts);
		c->facts = v;
		c->nfact_slot = n;
	}
	size_t h = ((uintptr_t)s >> 4) & (c->nfact_slot - 1);
	while (c->facts[h].s && c->facts[h].s != s)
		h = (h + 1) & (c->nfact_slot - 1);
	if (!c->facts[h].s) {
		c->facts[h].s = s;
		c->facts[h].barrier = -1;
		c->nfacts++;
	}
	return &c->facts[h];
}

static bool has_barrier(struct rs_run *r, const struct ir_stmt *s)
{
	struct rs_stmtfacts *f = stmt_facts(r, s);
	if (f->barrier < 0)
		f->barrier = (int8_t)(ir_walk_stmt_exprs((struct ir_stmt *)s, find_barrier, NULL) != 0);
	return f->barrier;
}

static const struct rs_stmtfacts *loop_vars(struct rs_run *r, const struct ir_stmt *s)
{
	struct rs_stmtfacts *f = stmt_facts(r, s);
	if (!f->marks) {
		f->n = r->top->fn->nvars;
		f->marks = xcalloc((size_t)f->n + 1, 1);
		ir_mark_assigned_values((struct ir_stmt *)s, NULL, f->marks);
	}
	return f;
}

/* Records how many barriers this thread passed in S, which has some and
 * is decided by COND. */
static void note_barriers(struct rs_run *r, const struct ir_stmt *s, const struct ir_expr *cond, int phase_in)
{
	struct rs_ctx *c = r->c;
	CL_VEC_GROW(c->events, c->nevents, c->capevents);
	c->events[c->nevents++] = (struct rs_barevent){ s, r->ctx, phase_in, r->phase - phase_in, r->lin,
	                                                cond && !rs_uniform(cond) };
}

struct snapshot { struct rv *vars; int n; };

static struct snapshot save(const struct rs_run *r)
{
	struct snapshot s = { NULL, r->top ? r->top->fn->nvars : 0 };
	s.vars = xmalloc(((size_t)s.n + 1) * sizeof *s.vars);
	if (s.n)
		memcpy(s.vars, r->top->vars, (size_t)s.n * sizeof *s.vars);
	return s;
}

static void restore(struct rs_run *r, const struct snapshot *s)
{
	if (s->n)
		memcpy(r->top->vars, s->vars, (size_t)s->n * sizeof *s->vars);
}

/* The frame's variables after two ways that ended in states A (saved)
 * and the current one: what they agree on, else unknown. */
static void join_into(struct rs_run *r, const struct snapshot *a, bool uni)
{
	for (int i = 0; i < a->n; i++)
		if (!r->top->is_ref[i] && !rv_equal(&a->vars[i], &r->top->vars[i])) {
			uint8_t shd = a->vars[i].shd | r->top->vars[i].shd;
			r->top->vars[i] = rv_top(uni && (a->vars[i].k != RV_TOP || a->vars[i].uni) &&
			                         (r->top->vars[i].k != RV_TOP || r->top->vars[i].uni));
			r->top->vars[i].shd = shd;
		}
}

/* How long the literal of a way that left with F lasts: a return from
 * the kernel's own body (not a callee's, not a device function run on its
 * own, whose caller goes on) ends the thread. */
static enum lit_scope exit_scope(const struct rs_run *r, enum flow f)
{
	if (f == FL_CONTINUE)
		return LIT_ITERATION;
	if (f == FL_BREAK)
		return LIT_LOOP;
	return r->kernel && r->top && !r->top->caller ? LIT_THREAD : LIT_FUNCTION;
}

/* ---- early exits (race_exit.c) ------------------------------------------------ */

static int has_call(struct ir_expr *e, void *arg)
{
	(void)arg;
	return e->kind == EK_CALL || e->kind == EK_OTHER;
}

/* Assignments without calls, and the return: an arm that can be run aside
 * and undone. */
static bool plain_arm(const struct ir_stmt *s)
{
	if (!s)
		return true;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (!plain_arm(s->u.block.v[i]))
				return false;
		return true;
	case SK_RETURN:
		return !s->u.expr;
	case SK_EXPR:
		return s->u.expr && ir_strip(s->u.expr)->kind == EK_ASSIGN &&
		       !ir_walk_expr((struct ir_expr *)s->u.expr, has_call, NULL);
	default:
		return false;
	}
}

/* The exit arm ARM of RET, which this thread does not take in this run
 * but may in others (the run picked the value that decides it): what it
 * writes before leaving is noted, then undone. */
static void run_aside(struct rs_run *r, const struct ir_stmt *arm, const struct ir_stmt *ret)
{
	struct rs_ctx *c = r->c;
	if (!plain_arm(arm))
		return;
	struct snapshot before = save(r);
	int log0 = c->nlog, syncs0 = c->nsyncs, phase = r->phase;
	bool outside = r->outside;
	struct rs_imem pm = phase >= 0 && phase < c->npmem ? c->pmem[phase] : (struct rs_imem){ 0 };
	rs_exec(r, arm);
	if (!r->lost && !r->outside)
		rs_exit_cover(c, ret, log0);
	rs_unlog(c, log0);
	c->nsyncs = syncs0;
	restore(r, &before);
	free(before.vars);
	r->outside = outside;
	if (phase >= 0 && phase < c->npmem)
		c->pmem[phase] = pm;
}

/* A thread that went on past an undecided exit from the kernel (the way
 * that left ended with LEFT): any thread may leave there. */
static void stayed_undecided(struct rs_run *r, const struct ir_stmt *s, enum flow left)
{
	bool leave_when;
	const struct ir_stmt *ret = s && left == FL_RETURN ? rs_exit_of(r, s, &leave_when) : NULL;
	if (ret)
		rs_exit_pass(r, s, ret, leave_when, 1, true);
}

static enum flow exec_undecided(struct rs_run *r, const struct ir_expr *cond, struct rv cv, const struct ir_stmt *then,
                                const struct ir_stmt *els, const struct ir_stmt *s)
{
	bool uni = rs_uniform(cond);
	int fl = rs_lit_flags(cond, cv);
	const struct rs_lit *base = r->lits;
	int phase = r->phase, wepoch = r->wepoch;
	struct snapshot before = save(r);
	r->lits = rs_push_lit(r, base, cond, true, fl, LIT_BRANCH);
	enum flow fa = then ? rs_exec(r, then) : FL_NORMAL;
	int phase_a = r->phase, wepoch_a = r->wepoch;
	struct snapshot after_a = save(r);
	restore(r, &before);
	r->phase = phase;
	r->wepoch = wepoch;
	r->lits = rs_push_lit(r, base, cond, false, fl, LIT_BRANCH);
	enum flow fb = fa == FL_LOST ? FL_LOST : els ? rs_exec(r, els) : FL_NORMAL;
	if (fb != FL_LOST && phase_a != r->phase) /* a barrier some threads (or blocks) pass and others do not */
		fb = rs_lose(r, &cond->loc, "a branch on a condition it could not decide, with a barrier in one way only");
	if (wepoch_a > r->wepoch)
		r->wepoch = wepoch_a;
	enum flow out = fb;
	if (fa == FL_BREAK || fa == FL_CONTINUE || fb == FL_BREAK || fb == FL_CONTINUE)
		r->undecided_exit = true;
	if (fa == FL_LOST || fb == FL_LOST) {
		out = FL_LOST;
	} else if (fa == FL_NORMAL && fb == FL_NORMAL) {
		join_into(r, &after_a, uni);
		r->lits = base;
	} else if (fa != FL_NORMAL && fb == FL_NORMAL) {
		/* the way that left (return, break, continue) goes on no more: what
		 * follows runs only where the condition is false */
		enum lit_scope sc = exit_scope(r, fa);
		r->lits = rs_push_lit(r, rs_drop_scope(r, base, LIT_BRANCH), cond, false, fl, sc);
		stayed_undecided(r, s, fa);
	} else if (fa == FL_NORMAL) {
		restore(r, &after_a);
		enum lit_scope sc = exit_scope(r, fb);
		r->lits = rs_push_lit(r, base, cond, true, fl, sc);
		stayed_undecided(r, s, fb);
		out = FL_NORMAL;
	} else if (fa == fb) {
		join_into(r, &after_a, uni);
		r->lits = base;
	} else {
		out = rs_lose(r, &cond->loc, "a branch on a condition it could not decide whose two ways leave it differently");
	}
	free(before.vars);
	free(after_a.vars);
	return out;
}

static enum flow exec_if(struct rs_run *r, const struct ir_stmt *s)
{
	if (s->u.if_.init) {
		enum flow f = rs_exec(r, s->u.if_.init);
		if (f != FL_NORMAL)
			return f;
	}
	struct rv c = rs_eval_cond(r, s->u.if_.cond);
	if (r->lost)
		return FL_LOST;
	if (c.k == RV_INT || c.k == RV_PTR || c.k == RV_LOCAL) {
		const struct ir_stmt *arm = c.k != RV_INT || c.i ? s->u.if_.then : s->u.if_.els;
		bool leave_when;
		const struct ir_stmt *ret = rs_exit_of(r, s, &leave_when);
		if (ret && (arm == s->u.if_.then) == leave_when) {
			rs_exit_pass(r, s, ret, leave_when, 0, false);
		} else if (ret) {
			if (c.prm)
				run_aside(r, leave_when ? s->u.if_.then : s->u.if_.els, ret);
			rs_exit_pass(r, s, ret, leave_when, 1, c.prm);
		}
		if (c.prm && r->c->judging && rs_skipped_matters(arm == s->u.if_.then ? s->u.if_.els : s->u.if_.then, NULL))
			r->c->inexact = true; /* the other arm runs in other launches */
		int phase = r->phase;
		enum flow f = arm ? rs_exec(r, arm) : FL_NORMAL;
		if (f != FL_LOST && has_barrier(r, s))
			note_barriers(r, s, s->u.if_.cond, phase);
		return f;
	}
	return exec_undecided(r, s->u.if_.cond, c, s->u.if_.then, s->u.if_.els, s);
}

/* After a loop cut short or left at an unknown point: what it assigns is
 * unknown. */
static void forget_loop(struct rs_run *r, const struct ir_stmt *s, bool uni)
{
	const struct rs_stmtfacts *lv = loop_vars(r, s);
	for (int i = 0; i < lv->n && i < r->top->fn->nvars; i++)
		if (lv->marks[i] && !r->top->is_ref[i])
			r->top->vars[i] = rv_top(uni);
}

static int leaves_early(struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_BREAK || s->kind == SK_CONTINUE || s->kind == SK_RETURN || s->kind == SK_GOTO;
}

static bool is_block_barrier_stmt(const struct ir_stmt *s)
{
	const struct ir_expr *e = s && s->kind == SK_EXPR ? ir_strip(s->u.expr) : NULL;
	return e && e->kind == EK_CALL && intrinsic_is_block_barrier(intrinsic_of((struct ir_expr *)e));
}

/* Whether every iteration of a loop with body BODY passes a block
 * barrier: one is a statement of the body's own, and nothing in the body
 * leaves an iteration early. */
static bool iteration_passes_barrier(const struct ir_stmt *body)
{
	if (!body || ir_walk_stmts((struct ir_stmt *)body, leaves_early, NULL))
		return false;
	if (is_block_barrier_stmt(body))
		return true;
	for (int i = 0; body->kind == SK_BLOCK && i < body->u.block.n; i++)
		if (is_block_barrier_stmt(body->u.block.v[i]))
			return true;
	return false;
}

static bool is_poll(const struct rs_run *r, const struct ir_stmt *s, int *which)
{
	const struct memorder *m = r->c->mo;
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].loop == s) {
			*which = i;
			return true;
		}
	return false;
}

/* A loop of barriers cut short while every thread would run on: the
 * iterations not run pass at least one barrier, so what follows the loop
 * is in a later interval than the last iteration run (else the last
 * step of a scan, `if (tid < d)` with d == 1, would meet the code after
 * the loop as if no barrier came between). That interval holds what the
 * iterations not run access, which is not logged: a barrier next to it
 * is not judged. The stand-in pass names no barrier, so it is kept. */
static void skip_iterations(struct rs_run *r)
{
	if (r->c->judging && !r->lost)
		rs_pass_barrier(r->c, NULL, r->phase, r->lin);
	r->phase++;
	rs_touch(r->c, r->phase, RM_UNKNOWN);
}

static enum flow exec_loop(struct rs_run *r, const struct ir_stmt *s)
{
	if (s->u.loop.init) {
		enum flow f = rs_exec(r, s->u.loop.init);
		if (f != FL_NORMAL)
			return f;
	}
	const struct rs_lit *base = r->lits;
	const struct ir_expr *cond = s->u.loop.cond;
	bool unknown_exit = false, uni = !cond || rs_uniform(cond);
	bool goes_on = !cond;      /* the condition last seen holds: another iteration runs */
	int phase0 = r->phase;
	uint32_t ctx = r->ctx;
	const struct rs_iter *iters = r->iters;
	enum flow out = FL_NORMAL;
	int cap = RS_LOOP_CAP >> (r->loops < 2 ? r->loops : 2);
	bool outer_exit = r->undecided_exit;
	r->undecided_exit = false;
	r->loops++;
	for (int it = 0;; it++) {
		if (s->u.loop.form != LOOP_DO || it > 0) {
			if (s->u.loop.form == LOOP_RANGE) {
				r->loops--;
				/* a range-for: its variable and trip count are its range's */
				return rs_lose(r, &s->loc, "a range-based for loop (not simulated)");
			} else if (cond) {
				struct rv c = rs_eval_cond(r, cond);
				if (r->lost) {
					r->loops--;
					return FL_LOST;
				}
				/* other launches run it another number of times: it
				 * stops elsewhere, or never starts (the barriers before
				 * and after it meet) */
				if (c.k == RV_INT && c.prm && (!c.i || it == 0) && has_barrier(r, s))
					r->c->inexact = true;
				if (c.k == RV_INT && !c.i)
					break;
				goes_on = c.k == RV_INT;
				if (c.k == RV_TOP && has_barrier(r, s))
					r->c->inexact = true; /* its barriers' neighbours when it runs fewer times are not run */
				if (c.k == RV_TOP && !unknown_exit) {
					unknown_exit = true;
					r->lits = rs_push_lit(r, r->lits, cond, true, rs_lit_flags(cond, c), LIT_LOOP);
				}
			}
		}
		if (it >= cap) {
			unknown_exit = true;
			/* the iterations not run would have accessed more in this
			 * interval; a loop of barriers repeats its intervals */
			if (!has_barrier(r, s))
				rs_touch(r->c, r->phase, RM_UNKNOWN);
			else if (goes_on && uni && iteration_passes_barrier(s->u.loop.body))
				skip_iterations(r);
			break;
		}
		const struct rs_lit *at_start = r->lits;
		r->ctx = rs_mix(rs_mix(ctx, (uintptr_t)s), (uintptr_t)it);
		struct rs_iter *node = arena_alloc(r->c->a, sizeof *node);
		*node = (struct rs_iter){ iters, s, s->loc, it };
		r->iters = node;
		enum flow f = rs_exec(r, s->u.loop.body);
		r->iters = iters;
		r->lits = rs_drop_scope(r, at_start, LIT_ITERATION);
		if (f == FL_LOST || f == FL_RETURN) {
			out = f;
			break;
		}
		if (f == FL_BREAK)
			break;
		if (s->u.loop.inc)
			rs_eval(r, s->u.loop.inc);
		if (r->lost) {
			out = FL_LOST;
			break;
		}
	}
	r->loops--;
	r->ctx = ctx;
	r->iters = iters;
	/* the way out of a break (or into the next iteration from a continue)
	 * the run did not take joins intervals it never put side by side */
	if (r->undecided_exit && has_barrier(r, s))
		r->c->inexact = true;
	r->undecided_exit = outer_exit;
	if (out == FL_LOST)
		return FL_LOST;
	r->lits = out == FL_RETURN ? r->lits : rs_drop_scope(r, base, LIT_LOOP);
	if (unknown_exit) {
		forget_loop(r, s, uni);
		/* cut short with barriers inside: the threads' counts of intervals
		 * after it agree only if they all ran it the same number of times */
		if (r->phase != phase0 && !uni)
			return rs_lose(r, &s->loc, "a loop with barriers whose trip count it could not show to be the same in every thread");
	}
	if (has_barrier(r, s))
		note_barriers(r, s, cond, phase0);
	int which;
	if (out == FL_NORMAL && is_poll(r, s, &which)) {
		struct rs_ctx *c = r->c;
		const struct mo_poll *p = &r->c->mo->polls[which];
		CL_VEC_GROW(c->syncs, c->nsyncs, c->capsyncs);
		c->syncs[c->nsyncs++] = (struct rs_sync){ memspace_var_object(c->ms, p->obj), p->field, r->lin, r->phase,
		                                          r->seq++, RS_ACQUIRE };
		rs_touch(c, r->phase, RM_UNKNOWN);
	}
	return out;
}

/* Whether case statement S (or a case nested in it: `case 1: case 2:`)
 * matches V; *dflt is set at a default label. */
static bool case_matches(const struct ir_stmt *s, int64_t v, bool *dflt)
{
	for (; s && s->kind == SK_CASE; s = s->u.case_.body) {
		int64_t k;
		if (!s->u.case_.value)
			*dflt = true;
		else if (ir_const_value(s->u.case_.value, &k) && k == v)
			return true;
	}
	return false;
}

static enum flow exec_switch(struct rs_run *r, const struct ir_stmt *s)
{
	if (s->u.sw.init) {
		enum flow f = rs_exec(r, s->u.sw.init);
		if (f != FL_NORMAL)
			return f;
	}
	struct rv c = rs_eval(r, s->u.sw.cond);
	if (c.prm)
		r->c->inexact = true;
	const struct ir_stmt *b = s->u.sw.body;
	if (c.k != RV_INT || !b || b->kind != SK_BLOCK)
		return r->lost ? FL_LOST : rs_lose(r, &s->loc, "a switch on a value it could not compute");
	int start = -1, dflt = -1;
	for (int i = 0; i < b->u.block.n && start < 0; i++) {
		bool d = false;
		if (case_matches(b->u.block.v[i], c.i, &d))
			start = i;
		else if (d && dflt < 0)
			dflt = i;
	}
	if (start < 0)
		start = dflt;
	int phase = r->phase;
	enum flow out = FL_NORMAL;
	for (int i = start < 0 ? b->u.block.n : start; i < b->u.block.n && out == FL_NORMAL; i++) {
		enum flow f = rs_exec(r, b->u.block.v[i]);
		out = f == FL_BREAK ? FL_BREAK : f;
	}
	if (out == FL_BREAK)
		out = FL_NORMAL;
	if (out != FL_LOST && has_barrier(r, s))
		note_barriers(r, s, s->u.sw.cond, phase);
	return out;
}

static enum flow exec_decl(struct rs_run *r, const struct ir_stmt *s)
{
	const struct ir_var *v = s->u.decl.var;
	const struct ir_expr *init = s->u.decl.init;
	if (!rs_local_slot(r, v)) {
		/* __shared__ and static locals: one object, not initialised per
		 * thread; one per specialization of a template */
		if (r->top->spec && v->space == SPACE_SHARED && r->top->nstatics < 8)
			r->top->statics[r->top->nstatics++] = v;
		return FL_NORMAL;
	}
	if (!init) {
		r->top->vars[v->id] = rv_top(false);
		return FL_NORMAL;
	}
	const struct ir_expr *in = ir_strip(init);
	bool binds = v->is_reference || (v->type && (strstr(v->type, "atomic_ref") != NULL));
	if (binds && v->type && strstr(v->type, "atomic_ref") && in->kind == EK_CALL && in->nkids == 1)
		in = ir_strip(in->kids[0]); /* cuda::atomic_ref<T> r(x): r names x */
	if (binds && rs_is_lvalue(in)) {
		r->top->vars[v->id] = rs_lval(r, in);
		r->top->is_ref[v->id] = 1;
	} else {
		struct rv x = rs_eval(r, in);
		r->top->vars[v->id] = v->is_array ? rv_top(false) : rv_fit(x, rs_type(r->c, v->type));
	}
	return r->lost ? FL_LOST : FL_NORMAL;
}

static enum flow exec_return(struct rs_run *r, const struct ir_stmt *s)
{
	struct rs_frame *fr = r->top;
	const struct ir_expr *e = s->u.expr;
	if (e) {
		struct rv v = fr->ret_ref && rs_is_lvalue(e) ? rs_lval(r, e) : rs_eval(r, e);
		if (fr->has_ret && !rv_equal(&fr->ret, &v))
			v = rv_top(rs_uniform(e));
		fr->ret = v;
		fr->has_ret = true;
	}
	return r->lost ? FL_LOST : FL_RETURN;
}

static enum flow exec_asm(struct rs_run *r, const struct ir_stmt *s)
{
	const char *t = s->u.asm_.text ? s->u.asm_.text : "";
	if (strstr(t, "bar.") || strstr(t, "barrier"))
		return rs_lose(r, &s->loc, "a named or partial barrier in inline assembly (not modelled)");
	rs_touch(r->c, r->phase, RM_UNKNOWN); /* what it reads and writes is not modelled */
	for (int i = 0; i < s->u.asm_.nins; i++)
		rs_eval(r, s->u.asm_.ins[i]);
	for (int i = 0; i < s->u.asm_.nouts; i++) {
		struct rv loc = rs_lval(r, s->u.asm_.outs[i]);
		if (loc.k == RV_LOCAL)
			rs_store(r, s->u.asm_.outs[i], loc, rv_top(false));
	}
	return r->lost ? FL_LOST : FL_NORMAL;
}

enum flow rs_exec(struct rs_run *r, const struct ir_stmt *s)
{
	if (!s)
		return FL_NORMAL;
	if (!rs_tick(r))
		return FL_LOST;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++) {
			enum flow f = rs_exec(r, s->u.block.v[i]);
			if (f != FL_NORMAL)
				return f;
		}
		return FL_NORMAL;
	case SK_EXPR:
		rs_eval(r, s->u.expr);
		return r->lost ? FL_LOST : FL_NORMAL;
	case SK_DECL:
		return exec_decl(r, s);
	case SK_IF:
		return exec_if(r, s);
	case SK_LOOP:
		return exec_loop(r, s);
	case SK_SWITCH:
		return exec_switch(r, s);
	case SK_CASE:
		return rs_exec(r, s->u.case_.body);
	case SK_LABEL:
		return rs_exec(r, s->u.label.body);
	case SK_RETURN:
		return exec_return(r, s);
	case SK_BREAK:
		return FL_BREAK;
	case SK_CONTINUE:
		return FL_CONTINUE;
	case SK_ASM:
		return exec_asm(r, s);
	case SK_GOTO:
		return rs_lose(r, &s->loc, "a goto");
	default:
		return FL_NORMAL;
	}
}

enum flow rs_run_body(struct rs_run *r, struct rs_frame *fr, const struct ir_stmt *body)
{
	struct rs_frame *caller = r->top;
	const struct rs_lit *lits = r->lits;
	r->top = fr;
	r->depth++;
	enum flow f = rs_exec(r, body);
	r->depth--;
	r->top = caller;
	r->lits = lits; /* what an early return left ends with the call */
	return f;
}

void rs_run_thread(struct rs_ctx *c, const struct ir_func *root, bool kernel, int lin)
{
	struct rs_run r = { .c = c, .lin = lin, .kernel = kernel, .tparam = c->bdim[0] };
	r.tid[0] = lin % c->bdim[0];
	r.tid[1] = lin / c->bdim[0] % c->bdim[1];
	r.tid[2] = lin / (c->bdim[0] * c->bdim[1]);
	r.budget = RS_STEPS / (c->nthreads ? c->nthreads : 1) + 2000;
	struct rs_frame *fr = rs_frame_new(root, NULL);
	const struct kernel_launch *l = kernel ? launch_of(c->u, root) : NULL;
	/* the parameters' values, and the memory they reach (race_mem.c); a
	 * kernel's integer that every launch passes as one constant is that */
	for (int i = 0; i < root->nparams; i++) {
		const struct ir_var *p = root->params[i];
		if (p->id < 0 || p->id >= root->nvars)
			continue;
		bool ref;
		fr->vars[p->id] = rs_param_value(c, kernel, p, &ref);
		fr->is_ref[p->id] = ref;
		if (l && i < l->kernel->nparams && l->param_known[i])
			fr->vars[p->id] = rv_int(l->param[i]);
	}
	int log0 = c->nlog, syncs0 = c->nsyncs, events0 = c->nevents, xpass0 = c->nxpass, xcover0 = c->nxcover;
	enum flow fl = rs_run_body(&r, fr, root->body);
	rs_frame_free(fr);
	if (fl == FL_LOST || r.lost)
		c->inexact = c->xlost = true;
	/* the first thread lost names the point, for the report (a thread
	 * that indexed past an array is dropped below, and does not count) */
	if ((fl == FL_LOST || r.why) && !r.outside && !c->stop.why) {
		c->stop.why = r.why ? r.why : "a construct it does not follow";
		c->stop.at = r.why_at;
	}
	if (r.outside)
		c->shape_unfit = c->shape_outside = true;
	else {
		for (int d = 0; d < 3; d++)
			if (r.tid[d] + 1 > c->kept[d])
				c->kept[d] = r.tid[d] + 1;
		c->nkept++;
	}
	/* a thread that indexes past a __shared__ array is one this block
	 * shape has and the code's launches do not (tx >= 16 of a 16-wide
	 * tile): none of it counts */
	if (r.outside) {
		rs_unlog(c, log0);
		c->nsyncs = syncs0;
		c->nevents = events0;
		c->nxpass = xpass0;
		c->nxcover = xcover0;
	}
}
