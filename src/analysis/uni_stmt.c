/* uni_stmt.c - statements: branches, loops to a fixed point, switches,
 * and exits taken by part of the threads (see uniformity.h). */
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "analysis/uni_internal.h"
#include "util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- statements ------------------------------------------------------- */


static struct frame *push_frame(struct interp *I, bool is_switch)
{
	struct frame *f = xcalloc(1, sizeof *f);
	f->is_switch = is_switch;
	f->depth = I->nctrl;
	uni_st_init(I, &f->brk);
	uni_st_init(I, &f->cont);
	uni_st_init(I, &f->entry);
	f->brk.dead = f->cont.dead = true;
	if (I->nframes < MAX_FRAMES)
		I->frames[I->nframes] = f;
	I->nframes++;
	return f;
}

static void pop_frame(struct interp *I, struct frame *f)
{
	I->nframes--;
	uni_st_free(&f->brk);
	uni_st_free(&f->cont);
	uni_st_free(&f->entry);
	free(f);
}

static struct frame *innermost_frame(struct interp *I, bool loops_only)
{
	for (int i = (I->nframes < MAX_FRAMES ? I->nframes : MAX_FRAMES) - 1; i >= 0; i--)
		if (!loops_only || !I->frames[i]->is_switch)
			return I->frames[i];
	return NULL;
}

/* An exit taken at level lvl: the rest of the region runs with part of
 * the threads. */
static struct ir_cause *exit_cause(struct interp *I, enum cause_kind k, uint8_t lvl, int from,
                                   const struct ir_stmt *st)
{
	const struct ir_cause *via = uni_innermost_above(I, from, U_GRID);
	const struct ir_cause *worst = uni_innermost_above(I, from, lvl > U_GRID ? lvl - 1 : U_GRID);
	if (worst)
		via = worst;
	struct ir_cause *c = uni_new_cause(I, k, lvl, via ? via->cond : NULL, st);
	c->via = via;
	return c;
}

/* `if constexpr`: decided at compile time, so the same for every thread.
 * In a template (the pattern is all cudalint sees) its condition is a
 * template parameter's and either branch may be the one instantiated;
 * when the condition is a known constant only its branch exists. */
static bool exec_constexpr_if(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	int64_t v;
	if (!st->u.if_.is_constexpr || !st->u.if_.cond || !ir_const_value(st->u.if_.cond, &v))
		return false;
	uni_exec(I, s, v ? st->u.if_.then : st->u.if_.els);
	return true;
}

static void exec_if(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	uni_exec(I, s, st->u.if_.init);
	uint8_t c = uni_eval(I, s, st->u.if_.cond);
	if (exec_constexpr_if(I, s, st))
		return;
	if (st->u.if_.is_constexpr)
		c = U_GRID;
	uni_push_ctrl(I, uni_new_cause(I, CAUSE_BRANCH, c, st->u.if_.cond, st));
	struct ustate t;
	uni_st_init(I, &t);
	uni_st_copy(I, &t, s);
	uni_exec(I, &t, st->u.if_.then);
	uni_exec(I, s, st->u.if_.els);
	uni_pop_ctrl(I);
	uni_st_join(I, s, &t);
	uni_st_free(&t);
	uni_taint_assigned(I, s, c, st->u.if_.then, st->u.if_.els, NULL);
}

/* The memo of loop st in this run; a new one (no head yet) on first use. */
static struct loop_memo *loop_memo(struct interp *I, const struct ir_stmt *st, const struct ir_expr *cond)
{
	for (struct loop_memo *m = I->loops; m; m = m->next)
		if (m->loop == st)
			return m;
	struct loop_memo *m = xcalloc(1, sizeof *m);
	m->loop = st;
	m->cause = uni_new_cause(I, CAUSE_LOOP_COND, U_GRID, cond, st);
	uni_st_init(I, &m->head);
	m->head.dead = true; /* nothing learnt: the join below takes the entry state */
	m->next = I->loops;
	I->loops = m;
	return m;
}

/* ---- warp all-reduce ------------------------------------------------------ */

static bool is_const_val(struct interp *I, const struct ir_expr *e, int64_t v)
{
	int64_t c;
	return e && uni_const(I, ir_strip(e), &c) && c == v;
}

static bool is_var(const struct ir_expr *e, const struct ir_var *v)
{
	e = e ? ir_strip(e) : NULL;
	return e && e->kind == EK_VAR && e->u.var == v;
}

/* `__shfl_xor_sync(0xffffffff, x, o)`, or with a width of 32. */
static bool full_xor_shuffle(struct interp *I, const struct ir_expr *e, const struct ir_var *x, const struct ir_var *o)
{
	e = ir_strip(e);
	int64_t mask;
	if (e->kind != EK_CALL || !e->u.call->name || strcmp(e->u.call->name, "__shfl_xor_sync") ||
	    (e->nkids != 3 && e->nkids != 4))
		return false;
	if (!uni_const(I, ir_strip(e->kids[0]), &mask) || (uint32_t)mask != 0xffffffffu)
		return false;
	return is_var(e->kids[1], x) && is_var(e->kids[2], o) && (e->nkids == 3 || is_const_val(I, e->kids[3], 32));
}

/* The statement of a butterfly's body: `x OP= shfl`, `x = x OP shfl` (OP
 * one of + * & | ^) or `x = f(x, shfl)` (f one of fmaxf fminf fmax fmin
 * max min); returns x. */
static const struct ir_var *butterfly_step(struct interp *I, const struct ir_expr *e, const struct ir_var *o)
{
	static const char *const fns[] = { "fmaxf", "fminf", "fmax", "fmin", "max", "min" };
	e = ir_strip(e);
	if (e->kind != EK_ASSIGN || e->nkids != 2)
		return NULL;
	const struct ir_expr *lhs = ir_strip(e->kids[0]), *rhs = ir_strip(e->kids[1]);
	const struct ir_var *x = lhs->kind == EK_VAR ? lhs->u.var : NULL;
	if (!x || x == o || x->id < 0 || x->is_reference || x->is_pointer || x->is_array ||
	    (x->kind != VAR_LOCAL && x->kind != VAR_PARAM) || x->is_static)
		return NULL;
	bool combines = e->op == OP_ADD || e->op == OP_MUL || e->op == OP_AND || e->op == OP_OR || e->op == OP_XOR;
	if (combines)
		return full_xor_shuffle(I, rhs, x, o) ? x : NULL;
	if (e->op != OP_NONE || rhs->nkids != 2)
		return NULL;
	bool two = false;
	if (rhs->kind == EK_BINARY)
		two = rhs->op == OP_ADD || rhs->op == OP_MUL || rhs->op == OP_AND || rhs->op == OP_OR || rhs->op == OP_XOR;
	for (size_t i = 0; rhs->kind == EK_CALL && rhs->u.call->name && i < sizeof fns / sizeof *fns; i++)
		two |= !strcmp(rhs->u.call->name, fns[i]) ||
		       (!strncmp(rhs->u.call->name, "std::", 5) && !strcmp(rhs->u.call->name + 5, fns[i]));
	if (!two)
		return NULL;
	for (int k = 0; k < 2; k++)
		if (is_var(rhs->kids[k], x) && full_xor_shuffle(I, rhs->kids[1 - k], x, o))
			return x;
	return NULL;
}

/* A warp all-reduce by butterfly, the variable it reduces, or NULL:
 *
 *     for (int o = 16; o > 0; o >>= 1)
 *         x += __shfl_xor_sync(0xffffffff, x, o);
 *
 * Lane l combines its value with lane l ^ o's for o = 16, 8, 4, 2, 1, so
 * every lane ends with the combination of all 32: the same value in the
 * whole warp, whatever x was before. Only this exact shape: a narrower
 * width, or offsets that stop short, leave the lanes different. */
static const struct ir_var *butterfly_var(struct interp *I, const struct ir_stmt *st)
{
	const struct ir_stmt *init = st->u.loop.init, *body = st->u.loop.body;
	const struct ir_expr *cond = st->u.loop.cond ? ir_strip(st->u.loop.cond) : NULL;
	const struct ir_expr *inc = st->u.loop.inc ? ir_strip(st->u.loop.inc) : NULL;
	const struct ir_var *o = NULL;
	if (st->u.loop.form != LOOP_FOR || !init || !cond || !inc || !body)
		return NULL;
	if (init->kind == SK_DECL && is_const_val(I, init->u.decl.init, 16))
		o = init->u.decl.var;
	else if (init->kind == SK_EXPR && ir_strip(init->u.expr)->kind == EK_ASSIGN &&
	         ir_strip(init->u.expr)->op == OP_NONE && is_const_val(I, ir_strip(init->u.expr)->kids[1], 16) &&
	         ir_strip(ir_strip(init->u.expr)->kids[0])->kind == EK_VAR)
		o = ir_strip(ir_strip(init->u.expr)->kids[0])->u.var;
	if (!o || cond->kind != EK_BINARY || !is_var(cond->kids[0], o) ||
	    !((cond->op == OP_GT && is_const_val(I, cond->kids[1], 0)) || (cond->op == OP_GE && is_const_val(I, cond->kids[1], 1))))
		return NULL;
	bool halves = inc->kind == EK_ASSIGN && is_var(inc->kids[0], o) &&
	              ((inc->op == OP_SHR && is_const_val(I, inc->kids[1], 1)) ||
	               (inc->op == OP_DIV && is_const_val(I, inc->kids[1], 2)));
	const struct ir_expr *r = inc->kind == EK_ASSIGN && inc->op == OP_NONE ? ir_strip(inc->kids[1]) : NULL;
	halves |= r && is_var(inc->kids[0], o) && r->kind == EK_BINARY && is_var(r->kids[0], o) &&
	          ((r->op == OP_SHR && is_const_val(I, r->kids[1], 1)) || (r->op == OP_DIV && is_const_val(I, r->kids[1], 2)));
	if (!halves)
		return NULL;
	if (body->kind == SK_BLOCK && body->u.block.n == 1)
		body = body->u.block.v[0];
	return body->kind == SK_EXPR ? butterfly_step(I, body->u.expr, o) : NULL;
}

static void exec_loop(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	uni_exec(I, s, st->u.loop.init);
	if (s->dead)
		return;
	struct ir_expr *cond = st->u.loop.cond;
	int64_t cv;
	bool forever = !cond && st->u.loop.form != LOOP_RANGE;
	if (cond && uni_const(I, cond, &cv) && cv) {
		forever = true;
		cond = NULL;
	}
	uint8_t entry_lexit = s->lexit;
	const struct ir_cause *entry_lexit_cause = s->lexit_cause;
	struct frame *f = push_frame(I, false);
	struct loop_memo *m = loop_memo(I, st, cond);
	struct ir_cause *cs = m->cause;
	struct ustate head, cur;
	uni_st_init(I, &head);
	uni_st_init(I, &cur);
	uni_st_copy(I, &head, s);
	uni_st_join(I, &head, &m->head);
	head.lexit = entry_lexit; /* the enclosing iteration's, not an earlier one's */
	head.lexit_cause = entry_lexit_cause;
	/* a rounded range: the trip count is the block's, though x is each thread's */
	const struct ir_expr *rounded = cond ? uni_rounded_loop_cond(I, s, st) : NULL;
	for (int iter = 0; iter < MAX_LOOP_ITERS; iter++) {
		uint8_t before = cs->level;
		uni_st_copy(I, &cur, &head);
		f->brk.dead = f->cont.dead = true;
		f->break_level = 0;
		if (st->u.loop.form == LOOP_RANGE) {
			uint8_t r = uni_eval(I, &cur, st->u.loop.inc);
			if (st->u.loop.init && st->u.loop.init->kind == SK_DECL && st->u.loop.init->u.decl.var->id >= 0)
				cur.var[st->u.loop.init->u.decl.var->id] = r;
			uni_raise(&cs->level, r);
		} else if (cond && st->u.loop.form != LOOP_DO) {
			const struct ir_expr *outer = I->rounded;
			I->rounded = rounded;
			uni_raise(&cs->level, uni_eval(I, &cur, cond));
			I->rounded = outer;
		}
		uni_push_ctrl(I, cs);
		uni_exec(I, &cur, st->u.loop.body);
		uni_st_join(I, &cur, &f->cont);
		cur.lexit = entry_lexit;
		cur.lexit_cause = entry_lexit_cause;
		if (st->u.loop.form != LOOP_RANGE)
			uni_eval(I, &cur, st->u.loop.inc);
		if (cond && st->u.loop.form == LOOP_DO)
			uni_raise(&cs->level, uni_eval(I, &cur, cond));
		uni_pop_ctrl(I);
		if (f->break_level > cs->level) {
			cs->level = f->break_level;
			cs->kind = CAUSE_LOOP_BREAK;
			cs->via = f->break_cause;
			cs->cond = f->break_cause ? f->break_cause->cond : NULL;
		}
		uni_taint_assigned(I, &cur, cs->level, st->u.loop.body, NULL, st->u.loop.inc);
		bool changed = uni_st_join(I, &head, &cur);
		if (!changed && cs->level == before)
			break;
	}
	uni_st_copy(I, &m->head, &head);
	/* leaving: the condition failed, or a break */
	uni_st_copy(I, s, &head);
	if (forever)
		s->dead = true;
	uni_st_join(I, s, &f->brk);
	s->lexit = entry_lexit;
	s->lexit_cause = entry_lexit_cause;
	uni_taint_assigned(I, s, cs->level, st->u.loop.body, NULL, st->u.loop.inc);
	/* a butterfly all-reduce run by every lane of the warp leaves x the
	 * same in all of them; not where some lanes left or skip it (CL1004
	 * reports the shuffles there) */
	const struct ir_var *x = butterfly_var(I, st);
	if (x && !s->dead && s->exit <= U_WARP && s->lexit <= U_WARP && uni_ctrl_level_from(I, 0) <= U_WARP &&
	    s->var[x->id] > U_WARP) {
		s->var[x->id] = U_WARP;
		s->lin[x->id] = 0;
	}
	uni_st_free(&head);
	uni_st_free(&cur);
	pop_frame(I, f);
}

static int has_default(const struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_CASE && !s->u.case_.value;
}

static void exec_switch(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	uni_exec(I, s, st->u.sw.init);
	uint8_t c = uni_eval(I, s, st->u.sw.cond);
	uni_push_ctrl(I, uni_new_cause(I, CAUSE_SWITCH, c, st->u.sw.cond, st));
	struct frame *f = push_frame(I, true);
	uni_st_copy(I, &f->entry, s);
	f->has_default = ir_walk_stmts(st->u.sw.body, has_default, NULL);
	s->dead = true; /* only case labels lead into the body */
	uni_exec(I, s, st->u.sw.body);
	uni_st_join(I, s, &f->brk);
	if (!f->has_default)
		uni_st_join(I, s, &f->entry);
	pop_frame(I, f);
	uni_pop_ctrl(I);
	uni_taint_assigned(I, s, c, st->u.sw.body, NULL, NULL);
}

static bool label_seen(struct interp *I, const char *name)
{
	for (int i = 0; i < I->labels_seen.n; i++)
		if (!strcmp(I->labels_seen.v[i], name))
			return true;
	return false;
}

static void exec_asm(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	const char *t = st->u.asm_.text;
	uint8_t l = U_BLOCK;
	for (int i = 0; i < st->u.asm_.nins; i++)
		l = uni_max8(l, uni_eval(I, s, st->u.asm_.ins[i]));
	/* special registers and atomics read per-thread values */
	static const char *const varying[] = { "%tid", "%laneid", "%warpid", "%smid", "%clock", "%globaltimer",
		                               "%lanemask", "atom.", "red.", "%nwarpid" };
	for (size_t i = 0; i < sizeof varying / sizeof *varying; i++)
		if (strstr(t, varying[i]))
			l = U_THREAD;
	for (int i = 0; i < st->u.asm_.nouts; i++)
		uni_store(I, s, st->u.asm_.outs[i], l, 0);
	if (intrinsic_asm_is_barrier(t))
		uni_after_barrier(I, s);
}

/* A declaration: the variable takes its initializer's level. */
static void exec_decl(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	struct ir_var *v = st->u.decl.var;
	if (st->u.decl.init && uni_binds_shared(I, v)) { /* binds, reads nothing */
		s->var[v->id] = uni_addr_level(I, s, st->u.decl.init);
		s->lin[v->id] = 0;
		return;
	}
	uint8_t l = st->u.decl.init ? uni_eval(I, s, st->u.decl.init) : U_GRID;
	if (v->kind != VAR_GLOBAL && v->id >= 0) {
		s->var[v->id] = l;
		s->lin[v->id] = st->u.decl.init ? uni_lin_of(I, s, st->u.decl.init) : 0;
	}
}

/* A return: the function's result level, and the threads that return
 * here leave the rest (an exit as wide as the control they return under). */
static void exec_return(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	uint8_t l = uni_eval(I, s, st->u.expr);
	uint8_t c = uni_ctrl_level_from(I, 0);
	I->ret = uni_max8(I->ret, uni_max8(l, uni_max8(c, uni_max8(s->exit, s->lexit))));
	if (st->u.expr) {
		/* the facts of the value hold for the call only where
		 * every thread of the block takes the same return: under
		 * a thread-dependent branch the offsets may differ */
		uint8_t lin = c <= U_BLOCK && s->exit <= U_BLOCK && s->lexit <= U_BLOCK ? uni_lin_of(I, s, st->u.expr) : 0;
		I->ret_lin = I->ret_seen ? I->ret_lin & lin : lin;
		I->ret_seen = true;
	}
	if (!s->dead)
		I->ret_gdirty |= s->gdirty;
	uint8_t ex = s->exit;
	const struct ir_cause *ec = s->exit_cause;
	uni_st_dead(I, s);
	if (c > U_GRID) {
		s->exit = c;
		s->exit_cause = exit_cause(I, CAUSE_RETURN, c, 0, st);
	}
	/* under block-uniform conditions every thread of the block still
	 * running returns here, so no thread of its block goes on past this
	 * path: the exits taken earlier on it (`if (!p) { if (tid >= n)
	 * return; ...; return; }`) leave nobody behind who meets a barrier
	 * later. Exits taken before the path began are in the other paths'
	 * states too, which the join keeps. */
	if (ex > s->exit && c > U_BLOCK) {
		s->exit = ex;
		s->exit_cause = ec;
	}
}

/* break and continue: the state joins the innermost loop's or switch's,
 * and the threads that leave count as a loop exit of that control's level. */
static void exec_jump(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	struct frame *f = innermost_frame(I, st->kind == SK_CONTINUE);
	if (!f) {
		uni_st_dead(I, s);
		return;
	}
	uint8_t c = uni_ctrl_level_from(I, f->depth + (f->is_switch ? 0 : 1));
	if (f->is_switch) {
		uni_st_join(I, &f->brk, s);
		uni_st_dead(I, s);
		return;
	}
	struct ir_cause *cause = c > U_GRID ? exit_cause(I, st->kind == SK_BREAK ? CAUSE_LOOP_BREAK : CAUSE_CONTINUE,
	                                                 c, f->depth + 1, st)
	                                    : NULL;
	if (cause && c > s->lexit) {
		s->lexit = c;
		s->lexit_cause = cause;
	}
	if (st->kind == SK_BREAK) {
		if (c > f->break_level) {
			f->break_level = c;
			f->break_cause = cause;
		}
		uni_st_join(I, &f->brk, s);
	} else {
		uni_st_join(I, &f->cont, s);
	}
	uint8_t ex = s->exit, lex = s->lexit;
	const struct ir_cause *ec = s->exit_cause, *lc = s->lexit_cause;
	uni_st_dead(I, s);
	s->exit = ex;
	s->exit_cause = ec;
	s->lexit = lex;
	s->lexit_cause = lc;
}

/* A forward goto: the state waits at the label (I->gotos); a backward one
 * is a loop not modelled, so the analysis stops there. */
static void exec_goto(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	const char *name = st->u.label.name;
	if (!name || label_seen(I, name)) {
		/* a backward goto is a loop cudalint does not model: stop here */
		uni_st_dead(I, s);
		return;
	}
	uint8_t c = uni_ctrl_level_from(I, 0);
	struct pending *p = xcalloc(1, sizeof *p);
	p->label = name;
	uni_st_init(I, &p->st);
	uni_st_copy(I, &p->st, s);
	p->next = I->gotos;
	I->gotos = p;
	uint8_t ex = s->exit;
	const struct ir_cause *ec = s->exit_cause;
	uni_st_dead(I, s);
	if (c > ex) {
		s->exit = c;
		s->exit_cause = exit_cause(I, CAUSE_GOTO, c, 0, st);
	} else {
		s->exit = ex;
		s->exit_cause = ec;
	}
}

/* A label: the states of the gotos to it join, and their exit ends here. */
static void exec_label(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	const char *name = st->u.label.name;
	for (struct pending *p = I->gotos; p; p = p->next)
		if (name && !strcmp(p->label, name))
			uni_st_join(I, s, &p->st);
	/* the threads that jumped here are back */
	if (s->exit_cause && s->exit_cause->kind == CAUSE_GOTO && name && s->exit_cause->stmt->u.label.name &&
	    !strcmp(s->exit_cause->stmt->u.label.name, name)) {
		s->exit = 0;
		s->exit_cause = NULL;
	}
	if (name)
		ptrvec_push(&I->labels_seen, (void *)name);
	uni_exec(I, s, st->u.label.body);
}

void uni_exec(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	if (!st)
		return;
	if (s->dead && st->kind != SK_BLOCK && st->kind != SK_LABEL && st->kind != SK_CASE)
		return;
	switch (st->kind) {
	case SK_BLOCK:
		for (int i = 0; i < st->u.block.n; i++)
			uni_exec(I, s, st->u.block.v[i]);
		break;
	case SK_EXPR:
		uni_eval(I, s, st->u.expr);
		break;
	case SK_DECL:
		exec_decl(I, s, st);
		break;
	case SK_IF:
		exec_if(I, s, st);
		break;
	case SK_LOOP:
		exec_loop(I, s, st);
		break;
	case SK_SWITCH:
		exec_switch(I, s, st);
		break;
	case SK_CASE: {
		struct frame *f = innermost_frame(I, false);
		if (f && f->is_switch)
			uni_st_join(I, s, &f->entry);
		uni_exec(I, s, st->u.case_.body);
		break;
	}
	case SK_RETURN:
		exec_return(I, s, st);
		break;
	case SK_BREAK:
	case SK_CONTINUE:
		exec_jump(I, s, st);
		break;
	case SK_GOTO:
		exec_goto(I, s, st);
		break;
	case SK_LABEL:
		exec_label(I, s, st);
		break;
	case SK_ASM:
		exec_asm(I, s, st);
		break;
	case SK_NOP:
		break;
	}
}
