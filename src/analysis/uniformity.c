/* uniformity.c - the uniformity analysis (see uniformity.h).
 *
 * One interpreter runs in two modes. The reporting pass walks each device
 * function once, with parameter levels joined from its callers, and
 * writes expr->level and expr->ctx for the rules. The summary mode runs a
 * callee for one vector of argument levels to learn the level of its
 * return value; it writes nothing into the IR and is memoised.
 *
 * Divergence reaches a program point in two ways, kept apart because the
 * rules tell them apart: enclosing conditions (the control stack, pushed
 * and popped structurally) and exits already taken by some threads
 * (facets of the state, joined where paths merge). Variables assigned
 * under a divergent condition become divergent where the paths merge,
 * as phi nodes do in SSA-based divergence analyses. */
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "analysis/uni_internal.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

const char *uni_level_name(enum uni_level l)
{
	static const char *const names[] = { "grid-uniform", "block-uniform", "warp-uniform", "thread-varying" };
	return names[l];
}

/* ---- driver ----------------------------------------------------------------- */

uint8_t uni_run_function(struct uni *U, struct ir_func *f, const uint8_t *params, bool annotate, int depth,
                         bool *gdirty, uint8_t *ret_lin)
{
	struct interp I = { 0 };
	I.U = U;
	I.fn = f;
	I.nvars = f->nvars;
	I.nglobals = U->u->nglobals;
	I.annotate = annotate;
	I.call_depth = depth;
	struct ustate s;
	uni_st_init(&I, &s);
	/* a kernel starts with global memory as the host left it; a device
	 * function, with whatever its caller wrote */
	s.gdirty = !f->is_global;
	for (int i = 0; i < f->nparams; i++)
		if (f->params[i]->id >= 0)
			s.var[f->params[i]->id] = i < UNI_MAX_ARGS ? params[i] : f->is_global ? U_GRID : U_THREAD;
	uni_exec(&I, &s, f->body);
	if (!s.dead)
		I.ret_gdirty |= s.gdirty;
	if (gdirty)
		*gdirty = I.ret_gdirty;
	if (ret_lin)
		*ret_lin = I.ret_seen ? I.ret_lin : 0;
	uni_st_free(&s);
	for (struct pending *p = I.gotos, *n; p; p = n) {
		n = p->next;
		uni_st_free(&p->st);
		free(p);
	}
	free(I.labels_seen.v);
	for (struct loop_memo *m = I.loops, *n; m; m = n) {
		n = m->next;
		uni_st_free(&m->head);
		free(m);
	}
	return I.ret;
}

uint8_t uni_summarize(struct uni *U, struct ir_func *f, const uint8_t *args, int nargs, int depth, bool *gdirty)
{
	*gdirty = true;
	uint8_t key[UNI_MAX_ARGS] = { 0 }, worst = U_GRID;
	for (int i = 0; i < nargs && i < UNI_MAX_ARGS; i++) {
		key[i] = args[i];
		worst = uni_max8(worst, args[i]);
	}
	for (struct memo *m = U->memo[f->id]; m; m = m->next)
		if (!memcmp(m->args, key, sizeof key)) {
			*gdirty = m->gdirty;
			return m->ret;
		}
	if (depth > MAX_CALL_DEPTH)
		return worst;
	struct memo *m = xcalloc(1, sizeof *m);
	memcpy(m->args, key, sizeof key);
	m->ret = worst; /* what a recursive call sees while this one runs */
	m->ret_lin = 0;  /* and no fact about its value */
	m->gdirty = true;
	m->next = U->memo[f->id];
	U->memo[f->id] = m;
	m->ret = uni_run_function(U, f, key, false, depth, &m->gdirty, &m->ret_lin);
	*gdirty = m->gdirty;
	return m->ret;
}

static bool is_device_code(const struct ir_func *f)
{
	return f->is_global || f->is_device;
}

void uniformity_run(struct ir_unit *u, const struct analysis_options *o)
{
	struct uni U = { 0 };
	U.u = u;
	U.o = o;
	U.pjoin = xcalloc((size_t)u->nfuncs + 1, sizeof *U.pjoin);
	U.called = xcalloc((size_t)u->nfuncs + 1, sizeof *U.called);
	U.memo = xcalloc((size_t)u->nfuncs + 1, sizeof *U.memo);
	for (int i = 0; i < u->nfuncs; i++)
		U.pjoin[i] = xcalloc(UNI_MAX_ARGS + 1, 1);

	/* callers before callees, so parameter levels are complete when a
	 * function's own reporting pass runs */
	int n = 0;
	struct ir_func **order = callgraph_order(u, &n);
	for (int i = 0; i < n; i++) {
		struct ir_func *f = order[i];
		if (!is_device_code(f))
			continue;
		uint8_t params[UNI_MAX_ARGS] = { 0 };
		if (U.called[f->id] && !f->is_global)
			memcpy(params, U.pjoin[f->id], UNI_MAX_ARGS);
		uni_run_function(&U, f, params, true, 0, NULL, NULL);
		/* a project header's functions are reported from every file
		 * that includes it; the run keeps one of each finding */
		f->analysed = 1;
	}
	free(order);
	for (int i = 0; i < u->nfuncs; i++) {
		free(U.pjoin[i]);
		for (struct memo *m = U.memo[i], *next; m; m = next) {
			next = m->next;
			free(m);
		}
	}
	free(U.pjoin);
	free(U.called);
	free(U.memo);
}

static int reaches(const struct ir_expr *call, const struct ir_expr **inner, int grid)
{
	if (call->kind != EK_CALL)
		return 0;
	enum intrinsic k = call->u.call->intrinsic;
	if (grid ? k == IN_GRID_SYNC : intrinsic_is_block_barrier(k)) {
		if (inner)
			*inner = call;
		return 1;
	}
	const struct ir_func *t = callgraph_reaching_callee(call->u.call, grid);
	const struct ir_expr *b = t ? (grid ? t->reaches_grid_barrier : t->reaches_barrier) : NULL;
	if (!b || k != IN_NONE)
		return 0;
	if (inner) {
		/* follow the chain to the barrier itself */
		for (int guard = 0; guard < 32 && b->u.call->intrinsic == IN_NONE; guard++) {
			const struct ir_func *c = callgraph_reaching_callee(b->u.call, grid);
			const struct ir_expr *next = c ? (grid ? c->reaches_grid_barrier : c->reaches_barrier) : NULL;
			if (!next || next == b)
				break;
			b = next;
		}
		*inner = b;
	}
	return 1;
}

int uni_reaches_block_barrier(const struct ir_expr *call, const struct ir_expr **inner)
{
	return reaches(call, inner, 0);
}

int uni_reaches_grid_barrier(const struct ir_expr *call, const struct ir_expr **inner)
{
	return reaches(call, inner, 1);
}
