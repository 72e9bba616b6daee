/* callgraph.c - barrier reachability and a callers-first order. */
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "util/xalloc.h"

#include <stdlib.h>

/* Which barrier a reachability is about: the block's (__syncthreads() and
 * friends) or the grid's (grid.sync()); each is computed the same way. */
struct first_barrier {
	const struct ir_expr *found;
	int grid;
};

static const struct ir_expr **reach(struct ir_func *f, int grid)
{
	return grid ? &f->reaches_grid_barrier : &f->reaches_barrier;
}

const struct ir_func *callgraph_reaching_callee(const struct ir_call *c, int grid)
{
	for (int i = 0; i < ir_call_ncallees(c); i++)
		if (*reach(ir_call_callee(c, i), grid))
			return ir_call_callee(c, i);
	return NULL;
}

const struct ir_func *callgraph_barrier_callee(const struct ir_call *c)
{
	return callgraph_reaching_callee(c, 0);
}

static int find_barrier(const struct ir_expr *e, void *arg)
{
	struct first_barrier *fb = arg;
	if (e->kind != EK_CALL)
		return 0;
	enum intrinsic k = e->u.call->intrinsic;
	int direct = fb->grid ? k == IN_GRID_SYNC : intrinsic_is_block_barrier(k);
	if (direct || (k == IN_NONE && callgraph_reaching_callee(e->u.call, fb->grid))) {
		fb->found = e;
		return 1;
	}
	return 0;
}

void callgraph_compute_barriers(struct ir_unit *u)
{
	for (int grid = 0; grid < 2; grid++)
		/* reachability grows monotonically; iterate to a fixed point */
		for (int changed = 1, rounds = 0; changed && rounds <= u->nfuncs; rounds++) {
			changed = 0;
			for (int i = 0; i < u->nfuncs; i++) {
				struct ir_func *f = u->funcs[i];
				if (*reach(f, grid) || (!f->is_device && !f->is_global))
					continue;
				struct first_barrier fb = { NULL, grid };
				ir_walk_stmt_exprs(f->body, find_barrier, &fb);
				if (fb.found) {
					*reach(f, grid) = fb.found;
					changed = 1;
				}
			}
		}
}

struct callers { int *count; };

static int count_callee(const struct ir_expr *e, void *arg)
{
	struct callers *c = arg;
	for (int i = 0; e->kind == EK_CALL && i < ir_call_ncallees(e->u.call); i++)
		c->count[ir_call_callee(e->u.call, i)->id]++;
	return 0;
}

struct visit { struct ir_func **out; int n; char *done; };

static int visit_callee(const struct ir_expr *e, void *arg);

static void visit(struct visit *v, struct ir_func *f)
{
	if (v->done[f->id])
		return;
	v->done[f->id] = 1;
	ir_walk_stmt_exprs(f->body, visit_callee, v);
	v->out[v->n++] = f; /* post-order: callees first */
}

static int visit_callee(const struct ir_expr *e, void *arg)
{
	for (int i = 0; e->kind == EK_CALL && i < ir_call_ncallees(e->u.call); i++)
		visit(arg, ir_call_callee(e->u.call, i));
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
