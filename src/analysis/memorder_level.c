/* memorder_level.c - which pointer of a chain an access reaches.
 *
 * memspace names the memory a pointer designates after the variable it
 * was reached from: `ring_base` and `ring_base[i]`, `r->items` and
 * `((T *)r->items)[i]` share one object. For data that is enough, but a
 * pointer the host set before the launch and device code only stores
 * through would look written. The level of an lvalue counts the pointers
 * followed from that variable: `ring_base`, `r->items` (r a parameter:
 * what it points at is level 1) and `arr[i]` are the variable's own
 * storage at their level; `ring_base[i]`, and what a local initialised
 * from `r->items + k` points at, lie one level further. A load of a
 * pointer is written only by a store at its level. */
#include "analysis/memorder_internal.h"

#include <string.h>

#define LEVEL_UNKNOWN (-1)
#define LEVEL_DEPTH 8 /* locals initialised from locals, followed this far */

static int value_level(const struct memorder *m, const struct ir_func *fn, const struct ir_expr *p, int depth);

static int plus(int level, int n)
{
	return level == LEVEL_UNKNOWN ? LEVEL_UNKNOWN : level + n;
}

static int lvalue_level(const struct memorder *m, const struct ir_func *fn, const struct ir_expr *e, int depth)
{
	e = ir_strip(e);
	if (!e || depth > LEVEL_DEPTH)
		return LEVEL_UNKNOWN;
	switch (e->kind) {
	case EK_VAR:
		return 0;
	case EK_MEMBER:
		if (!e->nkids)
			return LEVEL_UNKNOWN; /* a member of `this` */
		return e->arrow ? value_level(m, fn, e->kids[0], depth + 1) : lvalue_level(m, fn, e->kids[0], depth + 1);
	case EK_INDEX:
		return e->kids[0]->is_pointer ? value_level(m, fn, e->kids[0], depth + 1)
		                              : lvalue_level(m, fn, e->kids[0], depth + 1);
	case EK_UNARY:
		return e->op == OP_DEREF ? value_level(m, fn, e->kids[0], depth + 1) : LEVEL_UNKNOWN;
	default:
		return LEVEL_UNKNOWN;
	}
}

/* The one expression that gives local pointer v its value: its
 * initialiser or its one plain assignment (`p += k` keeps the level). */
struct def { const struct ir_var *v; const struct ir_expr *val; int n; };

static int def_decl(const struct ir_stmt *s, void *arg)
{
	struct def *d = arg;
	if (s->kind == SK_DECL && s->u.decl.var == d->v && s->u.decl.init) {
		d->val = s->u.decl.init;
		d->n++;
	}
	return 0;
}

static int def_assign(const struct ir_expr *e, void *arg)
{
	struct def *d = arg;
	const struct ir_expr *l = e->kind == EK_ASSIGN && e->op == OP_NONE ? ir_strip(e->kids[0]) : NULL;
	if (l && l->kind == EK_VAR && l->u.var == d->v) {
		d->val = e->kids[1];
		d->n++;
	}
	return 0;
}

/* A kernel's pointer parameter points at the object memspace names after
 * it (the host's allocation); a helper's, at what every call's argument
 * points at (`ringbufAlloc(ringbuf)`: 1; `fill(r->items)`: 2), unknown
 * when the calls disagree. */
static int param_level(const struct memorder *m, const struct ir_func *fn, const struct ir_var *v, int depth)
{
	if (!fn || fn->is_global)
		return fn ? 1 : LEVEL_UNKNOWN;
	int level = LEVEL_UNKNOWN;
	for (int i = 0; i < m->ncalls; i++) {
		const struct mo_call *c = &m->calls[i];
		int k = c->call->u.call->is_method + v->id;
		if (c->callee != fn)
			continue;
		if (v->id >= fn->nparams || fn->params[v->id] != v || k >= c->call->nkids)
			return LEVEL_UNKNOWN;
		int l = value_level(m, c->caller, c->call->kids[k], depth + 1);
		if (l == LEVEL_UNKNOWN || (level != LEVEL_UNKNOWN && l != level))
			return LEVEL_UNKNOWN;
		level = l;
	}
	return level;
}

/* The level of what pointer value p points at. */
static int value_level(const struct memorder *m, const struct ir_func *fn, const struct ir_expr *p, int depth)
{
	p = ir_strip(p);
	if (!p || depth > LEVEL_DEPTH)
		return LEVEL_UNKNOWN;
	bool array = p->type && strchr(p->type, '[');
	switch (p->kind) {
	case EK_UNARY:
		return p->op == OP_ADDR ? lvalue_level(m, fn, p->kids[0], depth + 1) : LEVEL_UNKNOWN;
	case EK_BINARY:
		if (p->op != OP_ADD && p->op != OP_SUB)
			return LEVEL_UNKNOWN;
		return value_level(m, fn, p->kids[0]->is_pointer || !p->kids[1]->is_pointer ? p->kids[0] : p->kids[1], depth + 1);
	case EK_VAR: {
		const struct ir_var *v = p->u.var;
		if (v->kind == VAR_GLOBAL)
			return v->is_array ? 0 : 1;
		if (v->kind == VAR_PARAM)
			return param_level(m, fn, v, depth);
		struct def d = { v, NULL, 0 };
		if (fn && fn->body) {
			ir_walk_stmts(fn->body, def_decl, &d);
			ir_walk_stmt_exprs(fn->body, def_assign, &d);
		}
		return d.n == 1 ? value_level(m, fn, d.val, depth + 1) : LEVEL_UNKNOWN;
	}
	case EK_MEMBER:
	case EK_INDEX:
		/* a pointer loaded from memory points one level further; an
		 * array member decays to its own storage */
		return plus(lvalue_level(m, fn, p, depth + 1), array ? 0 : 1);
	default:
		return LEVEL_UNKNOWN;
	}
}

static int store_level(const struct memorder *m, const struct mo_store *s)
{
	const struct ir_func *fn = mo_func_of(m, s->stmt);
	if (s->atomic) /* the location the atomic's pointer designates */
		return s->e->nkids ? value_level(m, fn, s->e->kids[s->e->u.call->is_method], 0) : LEVEL_UNKNOWN;
	return lvalue_level(m, fn, s->e, 0);
}

/* The function whose body holds expression e: for an access of a helper
 * seen through, the helper (the call's target, or one it calls), whose
 * locals its lvalue names. */
static const struct ir_func *func_holding(const struct memorder *m, const struct mo_access *a)
{
	if (!a->via)
		return mo_func_of(m, a->stmt);
	const struct ir_func *t = a->via->u.call->target;
	if (t && t->body && mo_stmt_holds(t->body, a->e))
		return t;
	for (int i = 0; i < m->u->nfuncs; i++)
		if (m->u->funcs[i]->body && mo_stmt_holds(m->u->funcs[i]->body, a->e))
			return m->u->funcs[i];
	return NULL;
}

bool mo_load_written(const struct memorder *m, const struct mo_access *a)
{
	if (!mo_is_written(m, a->obj, a->field))
		return false;
	const struct ir_func *fn = func_holding(m, a);
	if (!fn)
		return true;
	int level = lvalue_level(m, fn, a->e, 0);
	if (level == LEVEL_UNKNOWN)
		return true;
	for (int i = 0; i < m->nstores; i++) {
		const struct mo_store *s = &m->stores[i];
		if (!mo_same_object(s->obj, s->field, a->obj, a->field))
			continue;
		int l = store_level(m, s);
		if (l == LEVEL_UNKNOWN || l == level)
			return true;
	}
	return false;
}
