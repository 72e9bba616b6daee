/* memorder_pins.c - the blocks a statement runs in: its "pins", read
 * from the conditions on blockIdx that guard it (memorder_internal.h).
 * A local assigned once (constlocals.h) stands for its initialiser, so
 * `int bid = blockIdx.x; if (bid == 0)` pins as `blockIdx.x == 0`. */
#include "analysis/constlocals.h"
#include "analysis/memorder_internal.h"

#include <string.h>

/* The dimension of blockIdx that e is (0, 1, 2), or -1. */
static int blockidx_dim(const struct locals *lc, const struct ir_expr *e, int depth)
{
	e = ir_strip(e);
	if (!e || depth > 4)
		return -1;
	if (e->kind == EK_BUILTIN && e->u.bi.which == BI_BLOCKIDX)
		return e->u.bi.dim == 'y' ? 1 : e->u.bi.dim == 'z' ? 2 : 0;
	const struct ir_expr *init = e->kind == EK_VAR ? locals_init_once(lc, e) : NULL;
	if (init)
		return blockidx_dim(lc, init, depth + 1);
	return -1;
}

struct dep_scan { const struct locals *lc; unsigned dims; };

static int mentions_blockidx(const struct ir_expr *e, void *arg)
{
	struct dep_scan *ds = arg;
	int d = blockidx_dim(ds->lc, e, 0);
	if (d >= 0)
		ds->dims |= 1u << d;
	return 0;
}

static void pin_dep(struct mo_pins *p, const struct locals *lc, struct ir_expr *e)
{
	struct dep_scan ds = { lc, 0 };
	ir_walk_expr(e, mentions_blockidx, &ds);
	for (int d = 0; d < 3; d++)
		if (ds.dims & (1u << d))
			p->d[d].dep = true;
}

static void pin_add(struct mo_pins *p, int d, bool eq, int64_t v)
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
	if (p->d[d].n == MO_PIN_MAXNE)
		p->d[d].dep = true;
	else
		p->d[d].ne[p->d[d].n++] = v;
}

/* What holding `e == truth` says about blockIdx: conjunctions of true
 * conditions and disjunctions of false ones split; `blockIdx.x == K`
 * and `!=` pin; anything else that reads blockIdx makes its dimension
 * unreadable. */
static void pin_cond(struct mo_pins *p, const struct locals *lc, struct ir_expr *e, bool truth)
{
	const struct ir_expr *s = ir_strip(e);
	if (!s)
		return;
	if (s->kind == EK_UNARY && s->op == OP_LNOT) {
		pin_cond(p, lc, s->kids[0], !truth);
		return;
	}
	if (s->kind == EK_BINARY && ((s->op == OP_LAND && truth) || (s->op == OP_LOR && !truth))) {
		pin_cond(p, lc, s->kids[0], truth);
		pin_cond(p, lc, s->kids[1], truth);
		return;
	}
	if (s->kind == EK_BINARY && (s->op == OP_EQ || s->op == OP_NE)) {
		int64_t v;
		for (int side = 0; side < 2; side++) {
			int d = blockidx_dim(lc, s->kids[side], 0);
			if (d >= 0 && ir_const_value(s->kids[1 - side], &v)) {
				pin_add(p, d, (s->op == OP_EQ) == truth, v);
				return;
			}
		}
	}
	pin_dep(p, lc, e);
}

/* The pins of statement st: the conditions of the branches it sits in,
 * and those of earlier `if (c) return;` at every level above it. */
static void stmt_pins(struct mo_pins *p, const struct locals *lc, struct ir_stmt *st)
{
	memset(p, 0, sizeof *p);
	for (struct ir_stmt *c = st; c && c->parent; c = c->parent) {
		struct ir_stmt *par = c->parent;
		switch (par->kind) {
		case SK_IF:
			if (c == par->u.if_.then)
				pin_cond(p, lc, par->u.if_.cond, true);
			else if (c == par->u.if_.els)
				pin_cond(p, lc, par->u.if_.cond, false);
			break;
		case SK_LOOP:
			if (c == par->u.loop.body)
				pin_dep(p, lc, par->u.loop.cond);
			break;
		case SK_SWITCH:
			if (c == par->u.sw.body)
				pin_dep(p, lc, par->u.sw.cond);
			break;
		case SK_BLOCK:
			for (int i = 0; i < par->u.block.n && par->u.block.v[i] != c; i++) {
				struct ir_stmt *x = par->u.block.v[i];
				if (ir_early_return(x))
					pin_cond(p, lc, x->u.if_.cond, false);
			}
			break;
		default:
			break;
		}
	}
}

bool mo_pins_unpinned(const struct mo_pins *p)
{
	for (int d = 0; d < 3; d++)
		if (p->d[d].has_eq || p->d[d].n || p->d[d].dep)
			return false;
	return true;
}

static bool in_ne(const struct mo_pins *p, int d, int64_t v)
{
	for (int i = 0; i < p->d[d].n; i++)
		if (p->d[d].ne[i] == v)
			return true;
	return false;
}

static bool ne_sets_equal(const struct mo_pins *a, const struct mo_pins *b, int d)
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
static bool eq_differs(const struct mo_pins *a, const struct mo_pins *b, int d)
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
bool mo_pins_differ(const struct mo_pins *a, const struct mo_pins *b)
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

void mo_site_pins(struct mo_pins *p, const struct ir_func *fn, struct ir_stmt *st)
{
	stmt_pins(p, fn->locals, st);
}

void mo_pins_and(struct mo_pins *p, const struct mo_pins *q)
{
	for (int d = 0; d < 3; d++) {
		if (q->d[d].has_eq)
			pin_add(p, d, true, q->d[d].eq);
		for (int i = 0; i < q->d[d].n; i++)
			pin_add(p, d, false, q->d[d].ne[i]);
		p->d[d].dep |= q->d[d].dep;
	}
}

bool mo_pins_equal(const struct mo_pins *a, const struct mo_pins *b)
{
	for (int d = 0; d < 3; d++)
		if (a->d[d].has_eq != b->d[d].has_eq || a->d[d].dep != b->d[d].dep ||
		    (a->d[d].has_eq && a->d[d].eq != b->d[d].eq) || !ne_sets_equal(a, b, d))
			return false;
	return true;
}

/* ---- blocks of any two statements (CL2006) ---------------------------- */

bool mo_blocks_differ(const struct ir_func *fn, struct ir_stmt *a, struct ir_stmt *b)
{
	struct mo_pins pa, pb;
	mo_site_pins(&pa, fn, a);
	mo_site_pins(&pb, fn, b);
	return mo_pins_differ(&pa, &pb);
}

bool mo_every_block(const struct ir_func *fn, struct ir_stmt *st)
{
	struct mo_pins p;
	mo_site_pins(&p, fn, st);
	return mo_pins_unpinned(&p);
}
