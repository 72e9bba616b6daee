#include "analysis/affine.h"
#include "analysis/uniformity.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- substitution facts ---------------------------------------------------- */

struct count_walk { struct affine_ctx *c; };

static void bump(struct affine_ctx *c, const struct ir_expr *lhs)
{
	const struct ir_var *v = ir_base_var(lhs);
	if (v && v->kind != VAR_GLOBAL && v->id >= 0 && v->id < c->fn->nvars && c->assigned[v->id] < 9)
		c->assigned[v->id]++;
}

static int count_expr(struct ir_expr *e, void *arg)
{
	struct affine_ctx *c = arg;
	if (e->kind == EK_ASSIGN)
		bump(c, e->kids[0]);
	else if (e->kind == EK_UNARY && (e->op == OP_PREINC || e->op == OP_PREDEC || e->op == OP_POSTINC ||
	                                 e->op == OP_POSTDEC || e->op == OP_ADDR))
		bump(c, e->kids[0]); /* &x may be written through */
	else if (e->kind == EK_CALL && e->u.call.target) {
		/* an argument bound to a reference parameter may be written through it */
		const struct ir_func *t = e->u.call.target;
		for (int i = 0; i < t->nparams && i + e->u.call.is_method < e->nkids; i++)
			if (t->params[i]->is_reference)
				bump(c, e->kids[i + e->u.call.is_method]);
	}
	return 0;
}

static int count_stmt(struct ir_stmt *s, void *arg)
{
	struct affine_ctx *c = arg;
	if (s->kind == SK_DECL && s->u.decl.var->id >= 0 && s->u.decl.var->kind != VAR_GLOBAL) {
		int id = s->u.decl.var->id;
		if (c->assigned[id] < 9)
			c->assigned[id]++;
		c->init[id] = s->u.decl.init;
		if (!s->u.decl.init)
			c->assigned[id] = 9; /* declared without a value: assigned elsewhere */
		if (s->u.decl.var->is_reference && s->u.decl.init)
			bump(c, s->u.decl.init); /* int &r = x: x may be written through r */
	}
	if (s->kind == SK_ASM)
		for (int i = 0; i < s->u.asm_.nouts; i++)
			bump(c, s->u.asm_.outs[i]);
	return 0;
}

void affine_ctx_init(struct affine_ctx *c, const struct ir_func *fn)
{
	c->fn = fn;
	c->assigned = xcalloc((size_t)fn->nvars + 1, 1);
	c->init = xcalloc((size_t)fn->nvars + 1, sizeof *c->init);
	ir_walk_stmts(fn->body, count_stmt, c);
	ir_walk_stmt_exprs(fn->body, count_expr, c);
}

void affine_ctx_free(struct affine_ctx *c)
{
	free(c->assigned);
	free(c->init);
}

/* ---- constants -------------------------------------------------------------- */

struct const_walk { const struct affine_ctx *c; int depth; };

/* A local declared with a value and never written again has that value
 * everywhere it is read (const or not): `const int tile = 32`. */
static bool local_value(const struct ir_var *v, void *arg, int64_t *out)
{
	struct const_walk *w = arg;
	const struct affine_ctx *c = w->c;
	if (v->kind != VAR_LOCAL || v->is_reference || v->id < 0 || v->id >= c->fn->nvars || c->assigned[v->id] != 1 ||
	    !c->init[v->id] || w->depth > 8)
		return false;
	w->depth++; /* int a = a + 1 is legal C++ */
	bool ok = ir_const_value_with(c->init[v->id], local_value, w, out);
	w->depth--;
	return ok;
}

bool affine_const_value(const struct affine_ctx *c, const struct ir_expr *e, int64_t *out)
{
	struct const_walk w = { c, 0 };
	return ir_const_value_with(e, local_value, &w, out);
}

/* ---- forms ---------------------------------------------------------------- */

static bool add_sym(struct affine *a, const struct ir_expr *e, int64_t k, bool moving)
{
	for (int i = 0; i < a->nsym; i++)
		if (ir_expr_equal(a->sym[i].e, e)) {
			a->sym[i].k += k;
			a->sym[i].moving |= moving;
			return true;
		}
	if (a->nsym == AFFINE_MAX_SYMS)
		return false;
	a->sym[a->nsym].e = e;
	a->sym[a->nsym].k = k;
	a->sym[a->nsym].moving = moving;
	a->nsym++;
	return true;
}

static bool combine(struct affine *d, const struct affine *s, int64_t k)
{
	for (int i = 0; i < 3; i++)
		d->tid[i] += k * s->tid[i];
	d->c += k * s->c;
	for (int i = 0; i < s->nsym; i++)
		if (!add_sym(d, s->sym[i].e, k * s->sym[i].k, s->sym[i].moving))
			return false;
	return true;
}

static bool is_constant(const struct affine *a)
{
	return !affine_has_tid(a) && !a->nsym;
}

static bool form(const struct affine_ctx *c, const struct ir_expr *e, struct affine *out, int depth)
{
	memset(out, 0, sizeof *out);
	e = ir_strip(e);
	if (!e || depth > 12)
		return false;
	int64_t v;
	if (affine_const_value(c, e, &v)) {
		out->c = v;
		return true;
	}
	switch (e->kind) {
	case EK_BUILTIN:
		if (e->u.bi.which == BI_THREADIDX) {
			out->tid[e->u.bi.dim ? e->u.bi.dim - 'x' : 0] = 1;
			return true;
		}
		break;
	case EK_VAR: {
		const struct ir_var *var = e->u.var;
		if (var->kind != VAR_GLOBAL && var->id >= 0 && var->id < c->fn->nvars && c->assigned[var->id] == 1 &&
		    c->init[var->id])
			return form(c, c->init[var->id], out, depth + 1);
		break;
	}
	case EK_BINARY: {
		struct affine l, r;
		bool lk = form(c, e->kids[0], &l, depth + 1), rk = form(c, e->kids[1], &r, depth + 1);
		if (lk && rk) {
			if (e->op == OP_ADD || e->op == OP_SUB) {
				*out = l;
				if (combine(out, &r, e->op == OP_ADD ? 1 : -1))
					return true;
			} else if (e->op == OP_MUL && (is_constant(&l) || is_constant(&r))) {
				const struct affine *k = is_constant(&l) ? &l : &r, *x = is_constant(&l) ? &r : &l;
				memset(out, 0, sizeof *out);
				if (combine(out, x, k->c))
					return true;
			}
		}
		break;
	}
	case EK_UNARY:
		if (e->op == OP_NEG) {
			struct affine x;
			if (form(c, e->kids[0], &x, depth + 1)) {
				memset(out, 0, sizeof *out);
				if (combine(out, &x, -1))
					return true;
			}
		}
		break;
	default:
		break;
	}
	/* not decomposed: usable as a whole if block-uniform */
	memset(out, 0, sizeof *out);
	if (e->level > U_BLOCK)
		return false;
	bool moving = true;
	if (e->kind == EK_VAR) {
		const struct ir_var *var = e->u.var;
		moving = var->kind == VAR_GLOBAL ? !var->is_const
		                                 : !(var->kind == VAR_PARAM && c->assigned[var->id] == 0) &&
		                                           var->kind != VAR_TEMPLATE_PARAM;
	} else if (e->kind == EK_BUILTIN) {
		moving = false;
	}
	return add_sym(out, e, 1, moving);
}

bool affine_of(const struct affine_ctx *c, const struct ir_expr *e, struct affine *out)
{
	return form(c, e, out, 0);
}

bool affine_has_tid(const struct affine *a)
{
	return a->tid[0] || a->tid[1] || a->tid[2];
}

static bool syms_equal(const struct affine *a, const struct affine *b)
{
	int na = 0, nb = 0;
	for (int i = 0; i < a->nsym; i++)
		na += a->sym[i].k != 0;
	for (int i = 0; i < b->nsym; i++)
		nb += b->sym[i].k != 0;
	if (na != nb)
		return false;
	for (int i = 0; i < a->nsym; i++) {
		if (!a->sym[i].k)
			continue;
		if (a->sym[i].moving)
			return false;
		bool found = false;
		for (int j = 0; j < b->nsym; j++)
			if (b->sym[j].k == a->sym[i].k && !b->sym[j].moving && ir_expr_equal(a->sym[i].e, b->sym[j].e))
				found = true;
		if (!found)
			return false;
	}
	return true;
}

static bool has_moving(const struct affine *a)
{
	for (int i = 0; i < a->nsym; i++)
		if (a->sym[i].k && a->sym[i].moving)
			return true;
	return false;
}

static int64_t gcd64(int64_t a, int64_t b)
{
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* The gcd of every coefficient of both maps (thread indices and uniform
 * terms, moving or not): both indices are the constant plus a multiple of
 * it, whatever the threads and the terms' values. */
static int64_t coefficient_gcd(const struct affine *w, const struct affine *r)
{
	int64_t g = 0;
	for (int i = 0; i < 3; i++)
		g = gcd64(gcd64(g, w->tid[i]), r->tid[i]);
	for (int i = 0; i < w->nsym; i++)
		g = gcd64(g, w->sym[i].k);
	for (int i = 0; i < r->nsym; i++)
		g = gcd64(g, r->sym[i].k);
	return g;
}

enum affine_rel affine_relate(const struct affine *w, const struct affine *r)
{
	/* 6*t + 0 and 6*(t + d) + 1 never meet: the constants differ by
	 * what no multiple of 6 makes up */
	int64_t g = coefficient_gcd(w, r);
	if (g > 1 && (r->c - w->c) % g != 0)
		return AFF_DISJOINT;
	bool same_tid = !memcmp(w->tid, r->tid, sizeof w->tid);
	bool seq = syms_equal(w, r);
	if (same_tid && seq)
		return w->c == r->c ? AFF_EQUAL : affine_has_tid(w) ? AFF_CONFLICT : AFF_DISJOINT;
	/* a write at a thread-varying index with no uniform terms covers a
	 * range of elements; a uniform read, or a read at another
	 * thread-varying index, lands on some other thread's element */
	if (affine_has_tid(w) && !w->nsym && (!affine_has_tid(r) || !r->nsym))
		return AFF_CONFLICT;
	/* different thread coefficients (a mirror, a transpose): the two maps
	 * cross for some pair of threads, as long as no term moves */
	if (affine_has_tid(w) && affine_has_tid(r) && !same_tid && !has_moving(w) && !has_moving(r))
		return AFF_CONFLICT;
	return AFF_UNKNOWN;
}
