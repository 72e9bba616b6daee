/* constlocals.c - how often each local is assigned, and the constants
 * that locals assigned once carry. */
#include "analysis/constlocals.h"
#include "analysis/launch.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- substitution facts ---------------------------------------------------- */

struct count_walk { struct locals *c; };

static void bump(struct locals *c, const struct ir_expr *lhs)
{
	const struct ir_var *v = ir_base_var(lhs);
	if (v && v->kind != VAR_GLOBAL && v->id >= 0 && v->id < c->fn->nvars && c->assigned[v->id] < 9)
		c->assigned[v->id]++;
}

static int count_expr(const struct ir_expr *e, void *arg)
{
	struct locals *c = arg;
	if (e->kind == EK_ASSIGN)
		bump(c, e->kids[0]);
	else if (e->kind == EK_UNARY && (e->op == OP_PREINC || e->op == OP_PREDEC || e->op == OP_POSTINC ||
	                                 e->op == OP_POSTDEC || e->op == OP_ADDR))
		bump(c, e->kids[0]); /* &x may be written through */
	else if (e->kind == EK_CALL && e->u.call->target) {
		/* an argument bound to a reference parameter may be written through it */
		const struct ir_func *t = e->u.call->target;
		for (int i = 0; i < t->nparams && i + e->u.call->is_method < e->nkids; i++)
			if (t->params[i]->is_reference)
				bump(c, e->kids[i + e->u.call->is_method]);
	}
	return 0;
}

static int count_stmt(const struct ir_stmt *s, void *arg)
{
	struct locals *c = arg;
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

void locals_init(struct locals *c, const struct ir_func *fn)
{
	c->fn = fn;
	c->assigned = xcalloc((size_t)fn->nvars + 1, 1);
	c->init = xcalloc((size_t)fn->nvars + 1, sizeof *c->init);
	ir_walk_stmts(fn->body, count_stmt, c);
	ir_walk_stmt_exprs(fn->body, count_expr, c);
}

void locals_free(struct locals *c)
{
	free(c->assigned);
	free(c->init);
}

/* ---- constants -------------------------------------------------------------- */

struct const_walk { const struct locals *c; int depth; };

/* A local declared with a value and never written again has that value
 * everywhere it is read (const or not): `const int tile = 32`. */
static bool launch_value(const struct kernel_launch *k, const struct ir_expr *e, int64_t *out)
{
	if (!k)
		return false;
	if (e->kind == EK_VAR) {
		const struct ir_var *v = e->u.var;
		if (v->kind != VAR_PARAM || v->id < 0 || v->id >= k->kernel->nparams || !k->param_known[v->id])
			return false;
		*out = k->param[v->id];
		return true;
	}
	int d = e->u.bi.dim ? e->u.bi.dim - 'x' : -1;
	if (d < 0 || d > 2)
		return false;
	switch (e->u.bi.which) {
	case BI_BLOCKDIM: *out = k->block[d]; return k->block[d] > 0;
	case BI_GRIDDIM: *out = k->grid[d]; return k->grid[d] > 0;
	case BI_THREADIDX: *out = 0; return k->block[d] == 1;
	case BI_BLOCKIDX: *out = 0; return k->grid[d] == 1;
	default: return false;
	}
}

static bool local_value(const struct ir_expr *e, void *arg, int64_t *out)
{
	struct const_walk *w = arg;
	const struct locals *c = w->c;
	if (e->kind == EK_BUILTIN) {
		if (e->u.bi.which == BI_WARPSIZE) {
			*out = 32;
			return true;
		}
		return launch_value(c->launch, e, out);
	}
	const struct ir_var *v = e->u.var;
	if (v->kind == VAR_PARAM && c->launch && !c->assigned[v->id])
		return launch_value(c->launch, e, out);
	if (v->kind != VAR_LOCAL || v->is_reference || v->id < 0 || v->id >= c->fn->nvars || c->assigned[v->id] != 1 ||
	    !c->init[v->id] || w->depth > 8)
		return false;
	w->depth++; /* int a = a + 1 is legal C++ */
	bool ok = ir_const_value_with(c->init[v->id], local_value, w, out);
	w->depth--;
	return ok;
}

struct ir_expr *locals_init_once(const struct locals *c, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!c || !e || e->kind != EK_VAR)
		return NULL;
	const struct ir_var *v = e->u.var;
	if (v->kind != VAR_LOCAL || v->id < 0 || v->id >= c->fn->nvars || c->assigned[v->id] != 1)
		return NULL;
	return c->init[v->id];
}

bool locals_const_value(const struct locals *c, const struct ir_expr *e, int64_t *out)
{
	struct const_walk w = { c, 0 };
	return ir_const_value_with(e, local_value, &w, out);
}
