/* uni_expr.c - the level of each expression, and the effects of
 * assignments and calls on the state (see uniformity.h); memory is in
 * uni_mem.c. */
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "analysis/library.h"
#include "analysis/memorder.h"
#include "analysis/memspace.h"
#include "analysis/uni_internal.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- expressions -------------------------------------------------------- */


uint8_t uni_max8(uint8_t a, uint8_t b)
{
	return a > b ? a : b;
}

uint8_t uni_builtin_level(struct interp *I, const struct ir_expr *e)
{
	switch (e->u.bi.which) {
	case BI_THREADIDX: {
		int64_t v;
		if (uni_const(I, e, &v))
			return U_GRID; /* threadIdx.y of a block one thread high */
		if ((e->u.bi.dim == 'y' || e->u.bi.dim == 'z') && uni_warp_aligned(I))
			return U_WARP;
		return U_THREAD;
	}
	case BI_BLOCKIDX:
		return U_BLOCK;
	default:
		return U_GRID;
	}
}

/* A library primitive (analysis/library.h). A block collective ends the
 * barrier interval as __syncthreads() does; one that only may is taken
 * for one too, which can only make values read from shared memory after
 * it uniform, never make a finding. Its per-thread outputs differ between
 * threads, and so does its result (a BlockReduce's aggregate is valid in
 * thread 0 only). */
static uint8_t eval_library(struct interp *I, struct ustate *s, struct ir_expr *e, enum intrinsic k)
{
	if (k == IN_LIB_BLOCK || k == IN_LIB_MAYBE_BLOCK)
		uni_after_barrier(I, s);
	struct lib_call lib;
	if (!library_call(e, &lib))
		return U_THREAD;
	for (int i = 0; i + 1 < e->nkids && i < 32; i++) {
		struct ir_expr *a = e->kids[i + 1];
		struct ir_var *v = ir_base_var(a);
		if ((lib.outs & (1u << i)) && v && (v->is_array || lib.scalar_outs))
			uni_store(I, s, a, U_THREAD, 0);
	}
	return U_THREAD;
}

static uint8_t eval_call(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	struct ir_call *c = e->u.call;
	uint8_t lv[UNI_MAX_ARGS] = { 0 }, all = U_GRID;
	for (int i = 0; i < e->nkids; i++) {
		uint8_t l = uni_eval(I, s, e->kids[i]);
		if (i < UNI_MAX_ARGS)
			lv[i] = l;
		all = uni_max8(all, l);
	}
	uni_annotate_ctx(I, s, e);
	enum intrinsic k = intrinsic_of(e);
	int m = c->is_method; /* the object is kids[0] */
	switch (k) {
	case IN_SYNCTHREADS:
	case IN_BLOCK_BARRIER_WAIT:
		uni_after_barrier(I, s);
		return U_GRID;
	case IN_SYNCTHREADS_REDUCE:
		uni_after_barrier(I, s);
		return U_BLOCK;
	case IN_GRID_SYNC:
		uni_after_barrier(I, s);
		s->gdirty = false; /* every write of the grid is done */
		return U_GRID;
	case IN_ATOMIC_RMW:
	case IN_ATOMIC_STORE:
	case IN_ATOMIC_LOAD:
		/* an atomic read (atomicAdd(p, 0), a load) sees what a load of
		 * *p would: after a barrier, the value one thread wrote before
		 * it, the same in every thread; updates return each thread
		 * its own value */
		if (e->nkids && (k == IN_ATOMIC_LOAD || mo_rmw_reads_only(e))) {
			const struct ir_expr *p = ir_strip(e->kids[0]);
			if (p && p->kind == EK_UNARY && p->op == OP_ADDR)
				return uni_load(I, s, p->kids[0]);
			return uni_max8(lv[0], U_BLOCK);
		}
		uni_mark_shared_target(I, s, e->nkids ? e->kids[0] : NULL);
		return k == IN_ATOMIC_STORE ? U_GRID : U_THREAD;
	case IN_CLOCK:
	case IN_THREAD_RANK:
	case IN_ACTIVEMASK:
		return U_THREAD;
	case IN_SHFL:
	case IN_SHFL_REL:
	case IN_TILE_COLLECTIVE: {
		const char *n = c->name;
		if (k == IN_TILE_COLLECTIVE && strncmp(n, "shfl", 4))
			return !strcmp(n, "sync") ? U_GRID : U_WARP;
		int vi = 1 + (k == IN_TILE_COLLECTIVE ? m - 1 : 0); /* value argument */
		if (k == IN_TILE_COLLECTIVE)
			vi = m ? 1 : 0;
		uint8_t val = vi < UNI_MAX_ARGS ? lv[vi] : U_THREAD;
		bool broadcast = k == IN_SHFL || (k == IN_TILE_COLLECTIVE && !strcmp(n, "shfl"));
		uint8_t lane = vi + 1 < UNI_MAX_ARGS ? lv[vi + 1] : U_THREAD;
		if (val <= U_WARP)
			return val;
		return broadcast && lane <= U_WARP ? U_WARP : U_THREAD;
	}
	case IN_VOTE:
		return U_WARP;
	case IN_WARP_RANK:
		return U_WARP;
	case IN_GROUP_QUERY:
		return strstr(c->name, "group_index") || strstr(c->name, "block_index") || strstr(c->name, "block_rank")
		               ? U_BLOCK
		               : U_GRID;
	case IN_SYNCWARP:
	case IN_FENCE:
		return U_GRID;
	case IN_LIB_BLOCK:
	case IN_LIB_MAYBE_BLOCK:
	case IN_LIB_WARP:
	case IN_LIB_LOCAL:
		return eval_library(I, s, e, k);
	default:
		break;
	}
	/* A function of the unit: its summary. A dependent call in a template
	 * may run any of its candidates: each gets the arguments, and the
	 * result is as varying as the most varying candidate's. */
	bool known = false, barrier = false, gdirty = false;
	uint8_t ret = U_GRID;
	for (int j = 0; j < ir_call_ncallees(c); j++) {
		struct ir_func *t = ir_call_callee(c, j);
		if (t->is_host)
			continue;
		uint8_t args[UNI_MAX_ARGS] = { 0 };
		for (int i = 0; i < t->nparams && i < UNI_MAX_ARGS; i++)
			args[i] = i + m < UNI_MAX_ARGS ? lv[i + m] : U_THREAD;
		if (I->annotate) {
			I->U->called[t->id] = true;
			for (int i = 0; i < t->nparams && i < UNI_MAX_ARGS; i++)
				uni_raise8(&I->U->pjoin[t->id][i], args[i]);
		}
		barrier |= t->reaches_barrier != NULL || t->reaches_grid_barrier != NULL; /* a grid barrier is one for the block too */
		/* each candidate began with global memory written (device
		 * functions do): clean at the return only after a grid barrier
		 * and no write since, in every candidate */
		bool gd;
		ret = uni_max8(ret, uni_summarize(I->U, t, args, t->nparams, I->call_depth + 1, &gd));
		gdirty |= gd;
		known = true;
	}
	if (barrier)
		uni_after_barrier(I, s);
	if (known)
		s->gdirty = gdirty;
	/* Unknown callee: assume its result depends only on its operands, as
	 * for the math library. */
	return known ? ret : all;
}

uint8_t uni_eval(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	if (!e)
		return U_GRID;
	uint8_t l = U_GRID;
	switch (e->kind) {
	case EK_CONST:
		l = U_GRID;
		break;
	case EK_VAR:
		l = uni_var_level(I, s, e->u.var);
		break;
	case EK_BUILTIN:
		l = uni_builtin_level(I, e);
		break;
	case EK_UNARY:
		switch (e->op) {
		case OP_DEREF:
			l = uni_load(I, s, e);
			break;
		case OP_ADDR:
			l = uni_addr_level(I, s, e->kids[0]);
			break;
		case OP_PREINC:
		case OP_PREDEC:
		case OP_POSTINC:
		case OP_POSTDEC:
			l = uni_eval(I, s, e->kids[0]);
			uni_store(I, s, e->kids[0], l, uni_lin_of(I, s, e->kids[0]) & LIN_TID); /* +-1 is uniform */
			break;
		default:
			l = uni_eval(I, s, e->kids[0]);
			break;
		}
		break;
	case EK_BINARY: {
		uint8_t a = uni_eval(I, s, e->kids[0]);
		if (e->op == OP_LAND || e->op == OP_LOR) {
			/* the right operand runs only where the left one allows */
			uni_push_ctrl(I, uni_new_cause(I, CAUSE_LOGICAL, a, e->kids[0], NULL));
			uint8_t b = uni_eval(I, s, e->kids[1]);
			uni_pop_ctrl(I);
			l = uni_max8(a, b);
			break;
		}
		uint8_t b = uni_eval(I, s, e->kids[1]);
		l = uni_refine_binary(I, s, e, uni_max8(a, b));
		break;
	}
	case EK_ASSIGN: {
		uint8_t r = uni_eval(I, s, e->kids[1]);
		if (e->op != OP_NONE)
			r = uni_max8(r, uni_eval(I, s, e->kids[0]));
		uni_store(I, s, e->kids[0], r, uni_lin_assigned(I, s, e));
		l = r;
		break;
	}
	case EK_COND: {
		uint8_t c = uni_eval(I, s, e->kids[0]);
		uni_push_ctrl(I, uni_new_cause(I, CAUSE_SELECT, c, e->kids[0], NULL));
		uint8_t a = e->nkids > 1 ? uni_eval(I, s, e->kids[1]) : U_GRID;
		uint8_t b = e->nkids > 2 ? uni_eval(I, s, e->kids[2]) : U_GRID;
		uni_pop_ctrl(I);
		l = uni_max8(c, uni_max8(a, b));
		break;
	}
	case EK_INDEX:
	case EK_MEMBER:
		if (e->kind == EK_MEMBER && e->nkids && !e->arrow) {
			const struct ir_expr *b = ir_strip(e->kids[0]);
			if (b->kind == EK_CALL) { /* f().x: a value, not memory */
				l = uni_eval(I, s, e->kids[0]);
				break;
			}
		}
		l = e->nkids ? uni_load(I, s, e) : U_BLOCK;
		break;
	case EK_CALL:
		l = eval_call(I, s, e);
		break;
	case EK_OTHER:
		for (int i = 0; i < e->nkids; i++)
			l = uni_max8(l, uni_eval(I, s, e->kids[i]));
		break;
	}
	/* in a block of one warp, what a warp agrees on the block does; in a
	 * block of one thread, everything is */
	if (l >= U_WARP && uni_single_warp(I) && (l == U_WARP || uni_single_thread(I)))
		l = U_BLOCK;
	if (I->annotate && l > e->level)
		e->level = l;
	return l;
}
