/* uni_stmt.c - statements: branches, loops to a fixed point, switches,
 * and exits taken by part of the threads (see uniformity.h). */
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "analysis/uni_internal.h"
#include "util/xalloc.h"

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
	if (ex > s->exit) {
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
