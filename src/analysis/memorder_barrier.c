/* memorder_barrier.c - what block barriers order: a write alone with its
 * object between two __syncthreads() (memorder_internal.h), and the
 * barrier a statement is (memorder.h), the one recogniser the extents
 * and the rules share. */
#include "analysis/memorder_internal.h"

bool mo_barrier_orders(const struct mo_access *a, enum mem_scope need)
{
	return a->kind == ACC_BARRIER && need == SCOPE_BLOCK;
}

enum intrinsic mo_barrier_stmt(const struct ir_stmt *s)
{
	if (!s || s->kind != SK_EXPR || !s->u.expr)
		return IN_NONE;
	const struct ir_expr *e = ir_strip(s->u.expr);
	return e && e->kind == EK_CALL && intrinsic_is_block_barrier(e->u.call->intrinsic) ? e->u.call->intrinsic : IN_NONE;
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
				if (mo_barrier_stmt(p->u.block.v[i]) != IN_NONE)
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

bool mo_site_isolated(const struct memorder *m, const struct mo_site *w)
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
