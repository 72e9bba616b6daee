/* callgraph.c - barrier reachability and a callers-first order. */
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "util/xalloc.h"

#include <stdlib.h>

struct first_barrier { const struct ir_expr *found; };

const struct ir_func *callgraph_barrier_callee(const struct ir_call *c)
{
	for (int i = 0; i < ir_call_ncallees(c); i++)
		if (ir_call_callee(c, i)->reaches_barrier)
			return ir_call_callee(c, i);
	return NULL;
}

static int find_barrier(struct ir_expr *e, void *arg)
{
	struct first_barrier *fb = arg;
	if (e->kind != EK_CALL)
		return 0;
	enum intrinsic k = e->u.call.intrinsic;
	if (intrinsic_is_block_barrier(k) || (k == IN_NONE && callgraph_barrier_callee(&e->u.call))) {
		fb->found = e;
		return 1;
	}
	return 0;
}

void callgraph_compute_barriers(struct ir_unit *u)
{
	/* reachability grows monotonically; iterate to a fixed point */
	for (int changed = 1, rounds = 0; changed && rounds <= u->nfuncs; rounds++) {
		changed = 0;
		for (int i = 0; i < u->nfuncs; i++) {
			struct ir_func *f = u->funcs[i];
			if (f->reaches_barrier || (!f->is_device && !f->is_global))
				continue;
			struct first_barrier fb = { 0 };
			ir_walk_stmt_exprs(f->body, find_barrier, &fb);
			if (fb.found) {
				f->reaches_barrier = fb.found;
				changed = 1;
			}
		}
	}
}

struct callers { int *count; };

static int count_callee(struct ir_expr *e, void *arg)
{
	struct callers *c = arg;
	for (int i = 0; e->kind == EK_CALL && i < ir_call_ncallees(&e->u.call); i++)
		c->count[ir_call_callee(&e->u.call, i)->id]++;
	return 0;
}

struct visit { struct ir_func **out; int n; char *done; };

static int visit_callee(struct ir_expr *e, void *arg);

static void visit(struct visit *v, struct ir_func *f)
{
	if (v->done[f->id])
		return;
	v->done[f->id] = 1;
	ir_walk_stmt_exprs(f->body, visit_callee, v);
	v->out[v->n++] = f; /* post-order: callees first */
}

static int visit_callee(struct ir_expr *e, void *arg)
{
	for (int i = 0; e->kind == EK_CALL && i < ir_call_ncallees(&e->u.call); i++)
		visit(arg, ir_call_callee(&e->u.call, i));
	return 0;
}

struct ir_func **callgraph_order(struct ir_unit *u, int *n)
{
	struct callers c = { xcalloc((size_t)u->nfuncs + 1, sizeof(int)) };
	for (int i = 0; i < u->nfuncs; i++)
		ir_walk_stmt_exprs(u->funcs[i]->body, count_callee, &c);
	struct visit v = { xcalloc((size_t)u->nfuncs + 1, sizeof *v.out), 0, xcalloc((size_t)u->nfuncs + 1, 1) };
	/* roots first (kernels, host code, functions nobody here calls), then
	 * whatever only cycles reach */
	for (int i = 0; i < u->nfuncs; i++)
		if (!c.count[i])
			visit(&v, u->funcs[i]);
	for (int i = 0; i < u->nfuncs; i++)
		visit(&v, u->funcs[i]);
	/* reverse post-order: callers before callees */
	for (int i = 0; i < v.n / 2; i++) {
		struct ir_func *t = v.out[i];
		v.out[i] = v.out[v.n - 1 - i];
		v.out[v.n - 1 - i] = t;
	}
	free(c.count);
	free(v.done);
	*n = v.n;
	return v.out;
}
