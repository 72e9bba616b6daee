/* memorder_loops.c - loops that count to a bound (see
 * memorder_internal.h): they end by themselves, so neither a poll's exit
 * nor a ticket's test inside one waits for another thread. */
#include "analysis/memorder_internal.h"
#include "util/xalloc.h"

#include <stdlib.h>

struct uses_marked { uint8_t *marks; int n; };

static int uses_marked_var(const struct ir_expr *e, void *arg)
{
	const struct uses_marked *u = arg;
	return e->kind == EK_VAR && e->u.var->kind != VAR_GLOBAL && e->u.var->id >= 0 && e->u.var->id < u->n &&
	       u->marks[e->u.var->id];
}

static void mark_var(const struct ir_expr *e, struct uses_marked *u)
{
	if (e->kind == EK_VAR && e->u.var->kind != VAR_GLOBAL && e->u.var->id >= 0 && e->u.var->id < u->n)
		u->marks[e->u.var->id] = 1;
}

static int mark_local(const struct ir_expr *e, void *arg)
{
	mark_var(e, arg);
	return 0;
}

struct ir_expr *mo_break_cond(const struct ir_stmt *x)
{
	if (x->kind != SK_IF || x->u.if_.els)
		return NULL;
	const struct ir_stmt *t = x->u.if_.then;
	if (t && t->kind == SK_BLOCK && t->u.block.n == 1)
		t = t->u.block.v[0];
	return t && (t->kind == SK_BREAK || t->kind == SK_RETURN) ? x->u.if_.cond : NULL;
}

static int is_continue(const struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_CONTINUE;
}

/* `i++`, `i += k`, `i = i * 2`: a statement that moves local i. */
static void mark_step(const struct ir_stmt *x, struct uses_marked *u)
{
	const struct ir_expr *e = x->kind == SK_EXPR ? ir_strip(x->u.expr) : NULL;
	const struct ir_expr *t = NULL;
	if (e && e->kind == EK_UNARY && e->op >= OP_PREINC && e->op <= OP_POSTDEC)
		t = ir_strip(e->kids[0]);
	else if (e && e->kind == EK_ASSIGN && e->op != OP_NONE)
		t = ir_strip(e->kids[0]);
	else if (e && e->kind == EK_ASSIGN && ir_strip(e->kids[0])->kind == EK_VAR) {
		uint8_t *m = xcalloc((size_t)u->n + 1, 1);
		struct uses_marked self = { m, u->n };
		mark_var(ir_strip(e->kids[0]), &self);
		if (ir_walk_expr(e->kids[1], uses_marked_var, &self)) /* i = i + k */
			t = ir_strip(e->kids[0]);
		free(m);
	}
	if (t && t->kind == EK_VAR)
		mark_var(t, u);
}

/* A loop that counts to a bound ends by itself, so it waits for no one:
 * one of its exit tests (its condition, or that of a top-level
 * `if (c) break;`) reads a local that every iteration moves, in the
 * increment or in a top-level statement of a body that has no continue
 * to skip it. The increment's locals count, not only its assignments:
 * in a template, `i += stride` with a dependent stride is an operator
 * call. */
bool mo_counting_loop(const struct ir_stmt *s, int nvars)
{
	if (s->kind != SK_LOOP)
		return false;
	uint8_t *marks = xcalloc((size_t)nvars + 1, 1);
	struct uses_marked u = { marks, nvars };
	if (s->u.loop.inc)
		ir_walk_expr(s->u.loop.inc, mark_local, &u);
	struct ir_stmt *b = s->u.loop.body;
	bool blk = b && b->kind == SK_BLOCK;
	if (blk && !ir_walk_stmts(b, is_continue, NULL))
		for (int i = 0; i < b->u.block.n; i++)
			mark_step(b->u.block.v[i], &u);
	bool counted = s->u.loop.cond && ir_walk_expr(s->u.loop.cond, uses_marked_var, &u);
	for (int i = 0; blk && !counted && i < b->u.block.n; i++) {
		struct ir_expr *c = mo_break_cond(b->u.block.v[i]);
		counted = c && ir_walk_expr(c, uses_marked_var, &u);
	}
	free(marks);
	return counted;
}

bool mo_counting_exit(const struct ir_stmt *s, int nvars)
{
	if (s->kind == SK_LOOP)
		return mo_counting_loop(s, nvars);
	const struct ir_stmt *b = s->parent;
	return mo_break_cond(s) && b && b->kind == SK_BLOCK && b->parent && b->parent->kind == SK_LOOP &&
	       b == b->parent->u.loop.body && mo_counting_loop(b->parent, nvars);
}
