/* blocksim_stmt.c - one thread's run over the IR (blocksim.h): statements,
 * control flow and the thread itself; blocksim_expr.c evaluates. */
#include "analysis/blocksim_thread.h"
#include "analysis/intrinsics.h"
#include "analysis/memspace.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- statements ----------------------------------------------------------------------- */

static int find_barrier(const struct ir_expr *e, void *arg)
{
	(void)arg;
	if (e->kind != EK_CALL)
		return 0;
	enum intrinsic k = intrinsic_of(e);
	return intrinsic_is_block_barrier(k) || k == IN_GRID_SYNC ||
	       (k == IN_NONE && e->u.call->target && e->u.call->target->reaches_barrier);
}

/* The cached facts of statement S (bs_caches). */
static struct bs_stmtfacts *stmt_facts(struct bs_thread *r, const struct ir_stmt *s)
{
	struct bs_caches *k = &r->c->cache;
	struct bs_stmtfacts **m = &k->smemo[bs_memo_slot(s)];
	if (*m && (*m)->s == s)
		return *m;
	void **slot = cl_htab_put(k->stmts, CL_HTAB_PTRKEY(s));
	struct bs_stmtfacts *f = *slot;
	if (!f) {
		*slot = f = arena_alloc(k->a, sizeof *f);
		f->s = s;
		f->barrier = -1;
	}
	return *m = f;
}

static bool has_barrier(struct bs_thread *r, const struct ir_stmt *s)
{
	struct bs_stmtfacts *f = stmt_facts(r, s);
	if (f->barrier < 0)
		f->barrier = (int8_t)(ir_walk_stmt_exprs(s, find_barrier, NULL) != 0);
	return f->barrier;
}

static const struct bs_stmtfacts *loop_vars(struct bs_thread *r, const struct ir_stmt *s)
{
	struct bs_stmtfacts *f = stmt_facts(r, s);
	if (!f->marks) {
		f->n = r->top->fn->nvars;
		f->marks = arena_alloc(r->c->cache.a, (size_t)f->n + 1);
		ir_mark_assigned_values(s, NULL, f->marks);
	}
	return f;
}

/* Records how many barriers this thread passed in S, which has some and
 * is decided by COND. */
static void note_barriers(struct bs_thread *r, const struct ir_stmt *s, const struct ir_expr *cond, int phase_in)
{
	struct bs_ctx *c = r->c;
	bs_log_append(c->log, BS_EV_BARRIERS)->u.bars = (struct bs_barevent){ s, r->ctx, phase_in, r->phase - phase_in, r->lin,
	                                                cond && !bs_uniform(cond) };
}

struct snapshot { struct bs_rv *vars; int n; };

static struct snapshot save(const struct bs_thread *r)
{
	struct snapshot s = { NULL, r->top ? r->top->fn->nvars : 0 };
	s.vars = xmalloc(((size_t)s.n + 1) * sizeof *s.vars);
	if (s.n)
		memcpy(s.vars, r->top->vars, (size_t)s.n * sizeof *s.vars);
	return s;
}

static void restore(struct bs_thread *r, const struct snapshot *s)
{
	if (s->n)
		memcpy(r->top->vars, s->vars, (size_t)s->n * sizeof *s->vars);
}

/* The frame's variables after two ways that ended in states A (saved)
 * and the current one: what they agree on, else unknown. */
static void join_into(struct bs_thread *r, const struct snapshot *a, bool uni)
{
	for (int i = 0; i < a->n; i++)
		if (!r->top->is_ref[i] && !bs_rv_equal(&a->vars[i], &r->top->vars[i])) {
			uint8_t shd = a->vars[i].shd | r->top->vars[i].shd;
			r->top->vars[i] = bs_rv_top(uni && (a->vars[i].k != BS_RV_TOP || a->vars[i].uni) &&
			                         (r->top->vars[i].k != BS_RV_TOP || r->top->vars[i].uni));
			r->top->vars[i].shd = shd;
		}
}

/* How long the literal of a way that left with F lasts: a return from
 * the kernel's own body (not a callee's, not a device function run on its
 * own, whose caller goes on) ends the thread. */
static enum bs_lit_scope exit_scope(const struct bs_thread *r, enum bs_flow f)
{
	if (f == BS_FL_CONTINUE)
		return BS_LIT_ITERATION;
	if (f == BS_FL_BREAK)
		return BS_LIT_LOOP;
	return r->kernel && r->top && !r->top->caller ? BS_LIT_THREAD : BS_LIT_FUNCTION;
}

/* ---- early exits (blocksim_exit.c) ------------------------------------------------ */

static int has_call(const struct ir_expr *e, void *arg)
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
		       !ir_walk_expr(s->u.expr, has_call, NULL);
	default:
		return false;
	}
}

/* The exit arm ARM of RET, which this thread does not take in this run
 * but may in others (the run picked the value that decides it): what it
 * writes before leaving is noted, then undone. */
static void run_aside(struct bs_thread *r, const struct ir_stmt *arm, const struct ir_stmt *ret)
{
	struct bs_ctx *c = r->c;
	if (!plain_arm(arm))
		return;
	struct snapshot before = save(r);
	int log0 = c->log->n, phase = r->phase;
	bool outside = r->outside;
	struct bs_imem pm = phase >= 0 && phase < c->per_shape.npmem ? c->per_shape.pmem[phase] : (struct bs_imem){ 0 };
	bs_exec(r, arm);
	if (!r->lost && !r->outside)
		bs_exit_cover(c, ret, log0);
	bs_unlog(c, log0);
	restore(r, &before);
	free(before.vars);
	r->outside = outside;
	if (phase >= 0 && phase < c->per_shape.npmem)
		c->per_shape.pmem[phase] = pm;
}

/* A thread that went on past an undecided exit from the kernel (the way
 * that left ended with LEFT): any thread may leave there. */
static void stayed_undecided(struct bs_thread *r, const struct ir_stmt *s, enum bs_flow left)
{
	bool leave_when;
	const struct ir_stmt *ret = s && left == BS_FL_RETURN ? bs_exit_of(r, s, &leave_when) : NULL;
	if (ret)
		bs_exit_pass(r, s, ret, leave_when, 1, true);
}

static enum bs_flow exec_decided(struct bs_thread *r, const struct ir_stmt *s, struct bs_rv c);

static enum bs_flow exec_undecided(struct bs_thread *r, const struct ir_expr *cond, struct bs_rv cv, const struct ir_stmt *then,
                                const struct ir_stmt *els, const struct ir_stmt *s)
{
	bool uni = bs_uniform(cond);
	int fl = bs_lit_flags(cond, cv);
	const struct bs_lit *base = r->lits;
	int phase = r->phase, wepoch = r->wepoch;
	struct snapshot before = save(r);
	/* a block-uniform branch with a barrier may be one for worlds */
	struct bs_trial t = { 0 };
	bool trial = uni && s && s->kind == SK_IF && has_barrier(r, s);
	if (trial)
		bs_trial_begin(r, &t);
	r->lits = bs_push_lit(r, base, cond, true, fl, BS_LIT_BRANCH);
	enum bs_flow fa = then ? bs_exec(r, then) : BS_FL_NORMAL;
	int phase_a = r->phase, wepoch_a = r->wepoch;
	struct snapshot after_a = save(r);
	restore(r, &before);
	r->phase = phase;
	r->wepoch = wepoch;
	r->lits = bs_push_lit(r, base, cond, false, fl, BS_LIT_BRANCH);
	enum bs_flow fb = fa == BS_FL_LOST ? BS_FL_LOST : els ? bs_exec(r, els) : BS_FL_NORMAL;
	bool pick = fb != BS_FL_LOST && phase_a != r->phase && trial && t.picked < BS_WORLD_BITS;
	if (pick)
		bs_trial_undo(r, &t);
	if (trial)
		free(t.pmem);
	if (pick) {
		/* the block takes one way: this run takes the world's */
		restore(r, &before);
		r->phase = phase;
		r->wepoch = wepoch;
		r->lits = base;
		free(before.vars);
		free(after_a.vars);
		return exec_decided(r, s, bs_world_value(bs_world_pick(r->c, s, r->ctx)));
	}
	if (fb != BS_FL_LOST && phase_a != r->phase) /* a barrier some threads (or blocks) pass and others do not */
		fb = bs_lose(r, &cond->loc, "a branch on a condition it could not decide, with a barrier in one way only");
	if (wepoch_a > r->wepoch)
		r->wepoch = wepoch_a;
	enum bs_flow out = fb;
	if (fa == BS_FL_BREAK || fa == BS_FL_CONTINUE || fb == BS_FL_BREAK || fb == BS_FL_CONTINUE)
		r->undecided_exit = true;
	if (fa == BS_FL_LOST || fb == BS_FL_LOST) {
		out = BS_FL_LOST;
	} else if (fa == BS_FL_NORMAL && fb == BS_FL_NORMAL) {
		join_into(r, &after_a, uni);
		r->lits = base;
	} else if (fa != BS_FL_NORMAL && fb == BS_FL_NORMAL) {
		/* the way that left (return, break, continue) goes on no more: what
		 * follows runs only where the condition is false */
		enum bs_lit_scope sc = exit_scope(r, fa);
		r->lits = bs_push_lit(r, bs_drop_scope(r, base, BS_LIT_BRANCH), cond, false, fl, sc);
		stayed_undecided(r, s, fa);
	} else if (fa == BS_FL_NORMAL) {
		restore(r, &after_a);
		enum bs_lit_scope sc = exit_scope(r, fb);
		r->lits = bs_push_lit(r, base, cond, true, fl, sc);
		stayed_undecided(r, s, fb);
		out = BS_FL_NORMAL;
	} else if (fa == fb) {
		join_into(r, &after_a, uni);
		r->lits = base;
	} else {
		out = bs_lose(r, &cond->loc, "a branch on a condition it could not decide whose two ways leave it differently");
	}
	free(before.vars);
	free(after_a.vars);
	return out;
}

static enum bs_flow exec_if(struct bs_thread *r, const struct ir_stmt *s)
{
	if (s->u.if_.init) {
		enum bs_flow f = bs_exec(r, s->u.if_.init);
		if (f != BS_FL_NORMAL)
			return f;
	}
	struct bs_rv c = bs_eval_cond(r, s->u.if_.cond);
	if (r->lost)
		return BS_FL_LOST;
	bool way;
	if (c.k == BS_RV_TOP && bs_uniform(s->u.if_.cond) && bs_world_way(r->c, s, r->ctx, &way))
		c = bs_world_value(way); /* another thread of this run picked it */
	if (c.k == BS_RV_INT || c.k == BS_RV_PTR || c.k == BS_RV_LOCAL)
		return exec_decided(r, s, c);
	return exec_undecided(r, s->u.if_.cond, c, s->u.if_.then, s->u.if_.els, s);
}

/* If-statement S whose condition has value C. */
static enum bs_flow exec_decided(struct bs_thread *r, const struct ir_stmt *s, struct bs_rv c)
{
	const struct ir_stmt *arm = c.k != BS_RV_INT || c.i ? s->u.if_.then : s->u.if_.els;
	bool leave_when;
	const struct ir_stmt *ret = bs_exit_of(r, s, &leave_when);
	if (ret && (arm == s->u.if_.then) == leave_when) {
		bs_exit_pass(r, s, ret, leave_when, 0, false);
	} else if (ret) {
		if (c.prm)
			run_aside(r, leave_when ? s->u.if_.then : s->u.if_.els, ret);
		bs_exit_pass(r, s, ret, leave_when, 1, c.prm);
	}
	if (c.prm && r->c->judge.judging && bs_skipped_matters(arm == s->u.if_.then ? s->u.if_.els : s->u.if_.then, NULL))
		r->c->judge.inexact = true; /* the other arm runs in other launches */
	int phase = r->phase;
	enum bs_flow f = arm ? bs_exec(r, arm) : BS_FL_NORMAL;
	if (f != BS_FL_LOST && has_barrier(r, s))
		note_barriers(r, s, s->u.if_.cond, phase);
	return f;
}

/* After a loop cut short or left at an unknown point: what it assigns is
 * unknown. */
static void forget_loop(struct bs_thread *r, const struct ir_stmt *s, bool uni)
{
	const struct bs_stmtfacts *lv = loop_vars(r, s);
	for (int i = 0; i < lv->n && i < r->top->fn->nvars; i++)
		if (lv->marks[i] && !r->top->is_ref[i])
			r->top->vars[i] = bs_rv_top(uni);
}

static int leaves_early(const struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_BREAK || s->kind == SK_CONTINUE || s->kind == SK_RETURN || s->kind == SK_GOTO;
}

static bool is_block_barrier_stmt(const struct ir_stmt *s)
{
	const struct ir_expr *e = s && s->kind == SK_EXPR ? ir_strip(s->u.expr) : NULL;
	return e && e->kind == EK_CALL && intrinsic_is_block_barrier(intrinsic_of(e));
}

/* Whether every iteration of a loop with body BODY passes a block
 * barrier: one is a statement of the body's own, and nothing in the body
 * leaves an iteration early. */
static bool iteration_passes_barrier(const struct ir_stmt *body)
{
	if (!body || ir_walk_stmts(body, leaves_early, NULL))
		return false;
	if (is_block_barrier_stmt(body))
		return true;
	for (int i = 0; body->kind == SK_BLOCK && i < body->u.block.n; i++)
		if (is_block_barrier_stmt(body->u.block.v[i]))
			return true;
	return false;
}

static bool is_poll(const struct bs_thread *r, const struct ir_stmt *s, int *which)
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
static void skip_iterations(struct bs_thread *r)
{
	if (r->c->judge.judging && !r->lost)
		bs_pass_barrier(r->c, NULL, r->phase, r->lin);
	r->phase++;
	bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
}

static enum bs_flow exec_loop(struct bs_thread *r, const struct ir_stmt *s)
{
	if (s->u.loop.init) {
		enum bs_flow f = bs_exec(r, s->u.loop.init);
		if (f != BS_FL_NORMAL)
			return f;
	}
	const struct bs_lit *base = r->lits;
	const struct ir_expr *cond = s->u.loop.cond;
	bool unknown_exit = false, uni = !cond || bs_uniform(cond);
	bool goes_on = !cond;      /* the condition last seen holds: another iteration runs */
	int phase0 = r->phase;
	uint32_t ctx = r->ctx;
	const struct bs_iter *iters = r->iters;
	enum bs_flow out = BS_FL_NORMAL;
	int cap = BS_LOOP_CAP >> (r->loops < 2 ? r->loops : 2);
	bool outer_exit = r->undecided_exit;
	r->undecided_exit = false;
	r->loops++;
	for (int it = 0;; it++) {
		if (s->u.loop.form != LOOP_DO || it > 0) {
			if (s->u.loop.form == LOOP_RANGE) {
				r->loops--;
				/* a range-for: its variable and trip count are its range's */
				return bs_lose(r, &s->loc, "a range-based for loop (not simulated)");
			} else if (cond) {
				struct bs_rv c = bs_eval_cond(r, cond);
				if (r->lost) {
					r->loops--;
					return BS_FL_LOST;
				}
				/* other launches run it another number of times: it
				 * stops elsewhere, or never starts (the barriers before
				 * and after it meet) */
				if (c.k == BS_RV_INT && c.prm && (!c.i || it == 0) && has_barrier(r, s))
					r->c->judge.inexact = true;
				if (c.k == BS_RV_INT && !c.i)
					break;
				goes_on = c.k == BS_RV_INT;
				if (c.k == BS_RV_TOP && has_barrier(r, s))
					r->c->judge.inexact = true; /* its barriers' neighbours when it runs fewer times are not run */
				if (c.k == BS_RV_TOP && !unknown_exit) {
					unknown_exit = true;
					r->lits = bs_push_lit(r, r->lits, cond, true, bs_lit_flags(cond, c), BS_LIT_LOOP);
				}
			}
		}
		if (it >= cap) {
			unknown_exit = true;
			/* the iterations not run would have accessed more in this
			 * interval; a loop of barriers repeats its intervals */
			if (!has_barrier(r, s))
				bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
			else if (goes_on && uni && iteration_passes_barrier(s->u.loop.body))
				skip_iterations(r);
			break;
		}
		const struct bs_lit *at_start = r->lits;
		r->ctx = bs_mix(bs_mix(ctx, (uintptr_t)s), (uintptr_t)it);
		struct bs_iter *node = arena_alloc(r->c->log->a, sizeof *node);
		*node = (struct bs_iter){ iters, s, s->loc, it };
		r->iters = node;
		enum bs_flow f = bs_exec(r, s->u.loop.body);
		r->iters = iters;
		r->lits = bs_drop_scope(r, at_start, BS_LIT_ITERATION);
		if (f == BS_FL_LOST || f == BS_FL_RETURN) {
			out = f;
			break;
		}
		if (f == BS_FL_BREAK)
			break;
		if (s->u.loop.inc)
			bs_eval(r, s->u.loop.inc);
		if (r->lost) {
			out = BS_FL_LOST;
			break;
		}
	}
	r->loops--;
	r->ctx = ctx;
	r->iters = iters;
	/* the way out of a break (or into the next iteration from a continue)
	 * the run did not take joins intervals it never put side by side */
	if (r->undecided_exit && has_barrier(r, s))
		r->c->judge.inexact = true;
	r->undecided_exit = outer_exit;
	if (out == BS_FL_LOST)
		return BS_FL_LOST;
	r->lits = out == BS_FL_RETURN ? r->lits : bs_drop_scope(r, base, BS_LIT_LOOP);
	if (unknown_exit) {
		forget_loop(r, s, uni);
		/* cut short with barriers inside: the threads' counts of intervals
		 * after it agree only if they all ran it the same number of times */
		if (r->phase != phase0 && !uni)
			return bs_lose(r, &s->loc, "a loop with barriers whose trip count it could not show to be the same in every thread");
	}
	if (has_barrier(r, s))
		note_barriers(r, s, cond, phase0);
	int which;
	if (out == BS_FL_NORMAL && is_poll(r, s, &which)) {
		struct bs_ctx *c = r->c;
		const struct mo_poll *p = &r->c->mo->polls[which];
		bs_log_append(c->log, BS_EV_SYNC)->u.sync = (struct bs_sync){ memspace_var_object(c->ms, p->obj), p->field, r->lin, r->phase,
		                                          r->seq++, BS_ACQUIRE };
		bs_touch(c, r->phase, BS_RM_UNKNOWN);
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

static enum bs_flow exec_switch(struct bs_thread *r, const struct ir_stmt *s)
{
	if (s->u.sw.init) {
		enum bs_flow f = bs_exec(r, s->u.sw.init);
		if (f != BS_FL_NORMAL)
			return f;
	}
	struct bs_rv c = bs_eval(r, s->u.sw.cond);
	if (c.prm)
		r->c->judge.inexact = true;
	const struct ir_stmt *b = s->u.sw.body;
	if (c.k != BS_RV_INT || !b || b->kind != SK_BLOCK)
		return r->lost ? BS_FL_LOST : bs_lose(r, &s->loc, "a switch on a value it could not compute");
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
	enum bs_flow out = BS_FL_NORMAL;
	for (int i = start < 0 ? b->u.block.n : start; i < b->u.block.n && out == BS_FL_NORMAL; i++) {
		enum bs_flow f = bs_exec(r, b->u.block.v[i]);
		out = f == BS_FL_BREAK ? BS_FL_BREAK : f;
	}
	if (out == BS_FL_BREAK)
		out = BS_FL_NORMAL;
	if (out != BS_FL_LOST && has_barrier(r, s))
		note_barriers(r, s, s->u.sw.cond, phase);
	return out;
}

static enum bs_flow exec_decl(struct bs_thread *r, const struct ir_stmt *s)
{
	const struct ir_var *v = s->u.decl.var;
	const struct ir_expr *init = s->u.decl.init;
	if (!bs_local_slot(r, v)) {
		/* __shared__ and static locals: one object, not initialised per
		 * thread; one per specialization of a template */
		if (r->top->spec && v->space == SPACE_SHARED && r->top->nstatics < 8)
			r->top->statics[r->top->nstatics++] = v;
		bs_static_const(r, v, init);
		return r->lost ? BS_FL_LOST : BS_FL_NORMAL;
	}
	if (!init) {
		r->top->vars[v->id] = bs_rv_top(false);
		return BS_FL_NORMAL;
	}
	const struct ir_expr *in = ir_strip(init);
	bool atomic_ref = bs_type(r->c, v->type)->atomic_ref, binds = v->is_reference || atomic_ref;
	if (atomic_ref && in->kind == EK_CALL && in->nkids == 1)
		in = ir_strip(in->kids[0]); /* cuda::atomic_ref<T> r(x): r names x */
	if (binds && bs_is_lvalue(in)) {
		r->top->vars[v->id] = bs_lval(r, in);
		r->top->is_ref[v->id] = 1;
	} else {
		struct bs_rv x = bs_eval(r, in);
		r->top->vars[v->id] = v->is_array ? bs_rv_top(false) : bs_rv_fit(x, bs_type(r->c, v->type));
	}
	return r->lost ? BS_FL_LOST : BS_FL_NORMAL;
}

static enum bs_flow exec_return(struct bs_thread *r, const struct ir_stmt *s)
{
	struct bs_frame *fr = r->top;
	const struct ir_expr *e = s->u.expr;
	if (e) {
		struct bs_rv v = fr->ret_ref && bs_is_lvalue(e) ? bs_lval(r, e) : bs_eval(r, e);
		if (fr->has_ret && !bs_rv_equal(&fr->ret, &v))
			v = bs_rv_top(bs_uniform(e));
		fr->ret = v;
		fr->has_ret = true;
	}
	return r->lost ? BS_FL_LOST : BS_FL_RETURN;
}

static enum bs_flow exec_asm(struct bs_thread *r, const struct ir_stmt *s)
{
	const char *t = s->u.asm_.text ? s->u.asm_.text : "";
	if (strstr(t, "bar.") || strstr(t, "barrier"))
		return bs_lose(r, &s->loc, "a named or partial barrier in inline assembly (not modelled)");
	bs_touch(r->c, r->phase, BS_RM_UNKNOWN); /* what it reads and writes is not modelled */
	/* cp.async: its operands' values, numbered outputs first */
	struct intrinsic_asm_async a;
	intrinsic_asm_async(t, &a);
	int nouts = s->u.asm_.nouts;
	struct bs_rv dst = bs_rv_top(false), src = bs_rv_top(false), size = bs_rv_top(false);
	for (int i = 0; i < s->u.asm_.nins; i++) {
		struct bs_rv v = bs_eval(r, s->u.asm_.ins[i]);
		dst = i + nouts == a.dst ? v : dst;
		src = i + nouts == a.src ? v : src;
		size = i + nouts == a.size_operand ? v : size;
	}
	for (int i = 0; i < nouts; i++) {
		struct bs_rv loc = bs_lval(r, s->u.asm_.outs[i]);
		if (loc.k == BS_RV_LOCAL)
			bs_store(r, s->u.asm_.outs[i], loc, bs_rv_top(false));
	}
	/* a copy, its commit, its wait; a template that copies and waits
	 * (its call is the wait's) is not logged as a copy */
	if (a.copy && !a.wait && s->u.asm_.as_call)
		bs_async_copy(r, s->u.asm_.as_call, dst, src, a.size > 0 ? a.size : size.k == BS_RV_INT ? size.i : 0,
		              BS_AS_CP_ASYNC, false);
	if (a.commit)
		bs_async_commit(r);
	if (a.wait)
		bs_async_wait(r, a.wait_all ? BS_WAIT_ALL : a.wait_n >= 0 ? BS_WAIT_GROUPS : BS_WAIT_MAYBE, a.wait_n);
	return r->lost ? BS_FL_LOST : BS_FL_NORMAL;
}

enum bs_flow bs_exec(struct bs_thread *r, const struct ir_stmt *s)
{
	if (!s)
		return BS_FL_NORMAL;
	if (!bs_tick(r))
		return BS_FL_LOST;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++) {
			enum bs_flow f = bs_exec(r, s->u.block.v[i]);
			if (f != BS_FL_NORMAL)
				return f;
		}
		return BS_FL_NORMAL;
	case SK_EXPR:
		bs_eval(r, s->u.expr);
		return r->lost ? BS_FL_LOST : BS_FL_NORMAL;
	case SK_DECL:
		return exec_decl(r, s);
	case SK_IF:
		return exec_if(r, s);
	case SK_LOOP:
		return exec_loop(r, s);
	case SK_SWITCH:
		return exec_switch(r, s);
	case SK_CASE:
		return bs_exec(r, s->u.case_.body);
	case SK_LABEL:
		return bs_exec(r, s->u.label.body);
	case SK_RETURN:
		return exec_return(r, s);
	case SK_BREAK:
		return BS_FL_BREAK;
	case SK_CONTINUE:
		return BS_FL_CONTINUE;
	case SK_ASM:
		return exec_asm(r, s);
	case SK_GOTO:
		return bs_lose(r, &s->loc, "a goto");
	default:
		return BS_FL_NORMAL;
	}
}

enum bs_flow bs_run_body(struct bs_thread *r, struct bs_frame *fr, const struct ir_stmt *body)
{
	struct bs_frame *caller = r->top;
	const struct bs_lit *lits = r->lits;
	r->top = fr;
	r->depth++;
	enum bs_flow f = bs_exec(r, body);
	r->depth--;
	r->top = caller;
	r->lits = lits; /* what an early return left ends with the call */
	return f;
}

void bs_run_thread(struct bs_ctx *c, const struct ir_func *root, bool kernel, int lin)
{
	struct bs_thread r = { .c = c, .lin = lin, .kernel = kernel, .tparam = c->block.bdim[0] };
	r.tid[0] = lin % c->block.bdim[0];
	r.tid[1] = lin / c->block.bdim[0] % c->block.bdim[1];
	r.tid[2] = lin / (c->block.bdim[0] * c->block.bdim[1]);
	r.budget = BS_STEPS / (c->block.nthreads ? c->block.nthreads : 1) + 2000;
	struct bs_frame *fr = bs_frame_new(c, root, NULL);
	const struct kernel_launch *l = kernel ? launch_of(c->u, root) : NULL;
	/* the parameters' values, and the memory they reach (blocksim_mem.c); a
	 * kernel's integer that every launch passes as one constant is that */
	for (int i = 0; i < root->nparams; i++) {
		const struct ir_var *p = root->params[i];
		if (p->id < 0 || p->id >= root->nvars)
			continue;
		bool ref;
		fr->vars[p->id] = bs_param_value(c, kernel, p, &ref);
		fr->is_ref[p->id] = ref;
		if (l && i < l->kernel->nparams && l->param_known[i])
			fr->vars[p->id] = bs_rv_int(l->param[i]);
	}
	int log0 = c->log->n, xpass0 = c->exit.npass, xcover0 = c->exit.ncover;
	r.log0 = log0;
	enum bs_flow fl = bs_run_body(&r, fr, root->body);
	bs_frame_free(c, fr);
	if (fl == BS_FL_LOST || r.lost)
		c->judge.inexact = c->per_shape.xlost = true;
	/* the first thread lost names the point, for the report (a thread
	 * that indexed past an array is dropped below, and does not count) */
	if ((fl == BS_FL_LOST || r.why) && !r.outside && !c->stop.why) {
		c->stop.why = r.why ? r.why : "a construct it does not follow";
		c->stop.at = r.why_at;
	}
	if (r.outside)
		c->per_shape.unfit = c->per_shape.outside = true;
	else {
		for (int d = 0; d < 3; d++)
			if (r.tid[d] + 1 > c->per_shape.kept[d])
				c->per_shape.kept[d] = r.tid[d] + 1;
		c->per_shape.nkept++;
	}
	/* a thread that indexes past a __shared__ array is one this block
	 * shape has and the code's launches do not (tx >= 16 of a 16-wide
	 * tile): none of it counts */
	if (r.outside) {
		bs_unlog(c, log0);
		c->exit.npass = xpass0;
		c->exit.ncover = xcover0;
	}
}
