/* uni_lin.c - values that are a thread index plus an offset the threads
 * share, and the levels that follow from that below the join of the
 * operands (see uniformity.h).
 *
 * Two facts, kept per variable in ustate.lin and computed here for any
 * expression:
 *
 *   LIN_WARP  the linear thread index plus a warp-uniform multiple of 32:
 *             e / 32 and e >> 5 are the same in all lanes of a warp, and
 *             e < B splits no warp when B is such a multiple;
 *   LIN_TX/TY/TZ  threadIdx.x (.y, .z) plus a block-uniform offset: two
 *             such values differ by a block-uniform amount, so
 *             idx - threadIdx.x and idx < n + threadIdx.x are
 *             block-uniform (the grid-stride loop of cuCollections that
 *             starts at base + threadIdx.x and tests idx - threadIdx.x);
 *   LIN_RANK  the thread's rank in its block (block.thread_rank(), and
 *             threadIdx.x, which is the rank in a one-dimensional block)
 *             plus a block-uniform offset: `global_thread_id() -
 *             block.thread_rank()` is the block's first index.
 *
 * A call of a function of the file has the facts its summaries found at
 * every return (uni_call_lin), so helpers that return
 * blockIdx.x * blockDim.x + threadIdx.x keep them.
 *
 * Both hold only while every assignment keeps them; a join keeps what
 * both sides have. */
#include "analysis/constlocals.h"
#include "analysis/intrinsics.h"
#include "analysis/launch.h"
#include "analysis/uni_internal.h"
#include "util/xalloc.h"

#include <stdlib.h>

#include <string.h>

bool uni_const(struct interp *I, const struct ir_expr *e, int64_t *out)
{
	if (I->fn && I->fn->locals)
		return locals_const_value(I->fn->locals, e, out);
	return ir_const_value(e, out);
}

static const struct kernel_launch *launch(struct interp *I)
{
	return I->fn && I->fn->locals ? I->fn->locals->launch : NULL;
}

bool uni_warp_aligned(struct interp *I)
{
	const struct kernel_launch *k = launch(I);
	if (k && k->block[0])
		return k->block[0] % 32 == 0;
	return I->U->o->warp_aligned_blocks;
}

bool uni_single_warp(struct interp *I)
{
	int n = launch_block_threads(launch(I));
	return n > 0 && n <= 32;
}

bool uni_single_thread(struct interp *I)
{
	return launch_block_threads(launch(I)) == 1;
}

/* The level of e in s when e reads no memory and has no side effects:
 * constants, variables, builtins and arithmetic over them. U_THREAD for
 * anything else, which only drops a fact (callers use it to keep one). */
static uint8_t pure_level(struct interp *I, struct ustate *s, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e)
		return U_THREAD;
	int64_t v;
	if (uni_const(I, e, &v))
		return U_GRID;
	switch (e->kind) {
	case EK_VAR:
		if (e->u.var->is_reference)
			return U_THREAD; /* its value is memory's */
		return uni_var_level(I, s, e->u.var);
	case EK_BUILTIN:
		return uni_builtin_level(I, e);
	case EK_CALL:
		return e->u.call->intrinsic == IN_NONE ? uni_call_level(I, e) : U_THREAD;
	case EK_UNARY:
		if (e->op == OP_NEG || e->op == OP_PLUS || e->op == OP_NOT || e->op == OP_LNOT)
			return pure_level(I, s, e->kids[0]);
		return U_THREAD;
	case EK_BINARY:
	case EK_COND: {
		if (e->op == OP_COMMA)
			return U_THREAD;
		uint8_t l = U_GRID;
		for (int i = 0; i < e->nkids; i++)
			l = uni_max8(l, pure_level(I, s, e->kids[i]));
		return l;
	}
	default:
		return U_THREAD;
	}
}

static bool is_blockdim_x(const struct ir_expr *e)
{
	e = ir_strip(e);
	return e && e->kind == EK_BUILTIN && e->u.bi.which == BI_BLOCKDIM && (e->u.bi.dim == 'x' || !e->u.bi.dim);
}

/* Whether e is a warp-uniform multiple of 32: adding it to a lane-linear
 * value moves whole warps. */
static bool warp_multiple(struct interp *I, struct ustate *s, const struct ir_expr *e, int depth)
{
	e = ir_strip(e);
	int64_t v;
	if (!e || depth > 8)
		return false;
	if (uni_const(I, e, &v))
		return v % 32 == 0;
	if (e->kind != EK_BINARY)
		return false;
	const struct ir_expr *a = e->kids[0], *b = e->kids[1];
	switch (e->op) {
	case OP_MUL:
		/* k * 32, and k * blockDim.x under the warp-aligned assumption */
		for (int i = 0; i < 2; i++) {
			const struct ir_expr *m = e->kids[i], *o = e->kids[!i];
			if (((is_blockdim_x(m) && uni_warp_aligned(I)) || warp_multiple(I, s, m, depth + 1)) &&
			    pure_level(I, s, o) <= U_WARP)
				return true;
		}
		return false;
	case OP_SHL:
		return uni_const(I, b, &v) && v >= 5 && pure_level(I, s, a) <= U_WARP;
	case OP_ADD:
	case OP_SUB:
		return warp_multiple(I, s, a, depth + 1) && warp_multiple(I, s, b, depth + 1);
	default:
		return false;
	}
}

/* The facts of x OP o, given x's facts: what adding or subtracting o
 * keeps. */
static uint8_t lin_offset(struct interp *I, struct ustate *s, uint8_t x, const struct ir_expr *o)
{
	uint8_t r = 0;
	if ((x & LIN_TID) && pure_level(I, s, o) <= U_BLOCK)
		r |= x & LIN_TID;
	if ((x & LIN_WARP) && warp_multiple(I, s, o, 0))
		r |= LIN_WARP;
	return r;
}

static uint8_t thread_rank_lin(struct interp *I, const struct ir_expr *e)
{
	/* warps are cut from the linear thread index, which is what a
	 * block's (or, with warp-aligned blocks, the grid's) thread_rank()
	 * is; a 32-thread tile's rank is the lane */
	const char *t = e->u.call->recv_type;
	if (strstr(t, "grid_group"))
		return uni_warp_aligned(I) ? LIN_WARP : 0;
	if (strstr(t, "thread_block") && !strstr(t, "tile"))
		return LIN_WARP | LIN_RANK;
	const char *size = strstr(t, "tile") ? strstr(strstr(t, "tile"), "<32") : NULL;
	return size && (size[3] == '>' || size[3] == ',' || size[3] == 'u' || size[3] == 'U') ? LIN_WARP : 0;
}

uint8_t uni_lin_of(struct interp *I, struct ustate *s, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e)
		return 0;
	switch (e->kind) {
	case EK_BUILTIN:
		if (e->u.bi.which != BI_THREADIDX)
			return 0;
		if (e->u.bi.dim == 'y')
			return LIN_TY;
		if (e->u.bi.dim == 'z')
			return LIN_TZ;
		/* threadIdx.x is the block's thread rank in a one-dimensional
		 * block, which is what code that mixes the two assumes; taking
		 * it for the rank elsewhere only makes a value more uniform */
		return LIN_TX | LIN_WARP | LIN_RANK;
	case EK_CALL:
		if (e->u.call->intrinsic == IN_THREAD_RANK && e->u.call->recv_type)
			return thread_rank_lin(I, e);
		if (e->u.call->intrinsic == IN_NONE)
			return uni_call_lin(I, e);
		return 0;
	case EK_VAR:
		return e->u.var->kind != VAR_GLOBAL && e->u.var->id >= 0 ? s->lin[e->u.var->id] : 0;
	case EK_BINARY:
		if (e->op != OP_ADD && e->op != OP_SUB)
			return 0;
		/* o + x, x + o, x - o; not o - x, which runs backwards */
		for (int i = 0; i < (e->op == OP_ADD ? 2 : 1); i++) {
			uint8_t x = uni_lin_of(I, s, e->kids[i]);
			if (x)
				return lin_offset(I, s, x, e->kids[!i]);
		}
		return 0;
	default:
		return 0;
	}
}

uint8_t uni_call_level(struct interp *I, const struct ir_expr *e)
{
	/* the most varying of the callees' summaries, the call's own among
	 * them (made when the call was evaluated) */
	const struct ir_call *c = e->u.call;
	uint8_t l = U_GRID;
	bool any = false;
	for (int j = 0; j < ir_call_ncallees(c); j++) {
		const struct ir_func *t = ir_call_callee(c, j);
		for (const struct memo *m = t->id >= 0 ? I->U->memo[t->id] : NULL; m; m = m->next) {
			l = uni_max8(l, m->ret);
			any = true;
		}
	}
	return any ? l : U_THREAD;
}

uint8_t uni_call_lin(struct interp *I, const struct ir_expr *e)
{
	/* the summaries are memoised per vector of argument levels, and the
	 * call's own was made when the call was evaluated, before its value
	 * is asked for: a fact all of them share is one of this call's */
	const struct ir_call *c = e->u.call;
	uint8_t lin = LIN_WARP | LIN_TID;
	bool any = false;
	for (int j = 0; j < ir_call_ncallees(c); j++) {
		const struct ir_func *t = ir_call_callee(c, j);
		for (const struct memo *m = t->id >= 0 ? I->U->memo[t->id] : NULL; m; m = m->next) {
			lin &= m->ret_lin;
			any = true;
		}
	}
	return any ? lin : 0;
}

uint8_t uni_lin_assigned(struct interp *I, struct ustate *s, const struct ir_expr *assign)
{
	switch (assign->op) {
	case OP_NONE:
		return uni_lin_of(I, s, assign->kids[1]);
	case OP_ADD:
	case OP_SUB:
		return lin_offset(I, s, uni_lin_of(I, s, assign->kids[0]), assign->kids[1]);
	default:
		return 0;
	}
}

/* threadIdx.x < 64: a warp covers 32 consecutive threads starting at a
 * multiple of 32, so comparing a lane-linear value with a boundary that
 * is a multiple of 32 gives the same answer in every lane of a warp. */
static bool warp_aligned_compare(struct interp *I, struct ustate *s, const struct ir_expr *e)
{
	for (int i = 0; i < 2; i++) {
		if (!(uni_lin_of(I, s, e->kids[i]) & LIN_WARP))
			continue;
		/* normalise to "x < B" or "x >= B" with boundary B */
		enum ir_op op = e->op;
		if (i == 1) /* B OP x: flip */
			op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : OP_LE;
		int64_t c;
		if (uni_const(I, e->kids[!i], &c))
			return ((op == OP_LT || op == OP_GE) ? c : c + 1) % 32 == 0;
		return (op == OP_LT || op == OP_GE) && warp_multiple(I, s, e->kids[!i], 0);
	}
	return false;
}

static bool is_compare(enum ir_op op)
{
	return op == OP_LT || op == OP_LE || op == OP_GT || op == OP_GE || op == OP_EQ || op == OP_NE;
}

static bool is_compare(enum ir_op op);

/* The values e takes over the threads of a block, when the launches fix
 * the block's size: threadIdx.x is in [0, blockDim.x), and locals
 * assigned once, constants and + - * / % keep a range. */
static bool thread_range(struct interp *I, const struct ir_expr *e, int64_t *lo, int64_t *hi, int depth)
{
	e = ir_strip(e);
	const struct kernel_launch *k = launch(I);
	int64_t v, a0, a1, b0, b1;
	if (!e || !k || depth > 8)
		return false;
	if (uni_const(I, e, &v)) {
		*lo = *hi = v;
		return true;
	}
	switch (e->kind) {
	case EK_BUILTIN: {
		int d = e->u.bi.dim ? e->u.bi.dim - 'x' : -1;
		if (e->u.bi.which != BI_THREADIDX || d < 0 || d > 2 || !k->block[d])
			return false;
		*lo = 0;
		*hi = k->block[d] - 1;
		return true;
	}
	case EK_VAR: {
		const struct locals *L = I->fn->locals;
		const struct ir_var *x = e->u.var;
		if (x->kind != VAR_LOCAL || x->is_reference || x->id < 0 || x->id >= I->fn->nvars || L->assigned[x->id] != 1 ||
		    !L->init[x->id])
			return false;
		return thread_range(I, L->init[x->id], lo, hi, depth + 1);
	}
	case EK_BINARY:
		if (!thread_range(I, e->kids[0], &a0, &a1, depth + 1) || !thread_range(I, e->kids[1], &b0, &b1, depth + 1))
			return false;
		switch (e->op) {
		case OP_ADD: *lo = a0 + b0; *hi = a1 + b1; return true;
		case OP_SUB: *lo = a0 - b1; *hi = a1 - b0; return true;
		case OP_MUL:
			if (b0 != b1 || b0 < 0 || a0 < 0)
				return false;
			*lo = a0 * b0;
			*hi = a1 * b0;
			return true;
		case OP_DIV:
			if (b0 != b1 || b0 <= 0 || a0 < 0)
				return false;
			*lo = a0 / b0;
			*hi = a1 / b0;
			return true;
		case OP_REM:
			if (b0 != b1 || b0 <= 0 || a0 < 0)
				return false;
			*lo = a1 < b0 ? a0 : 0;
			*hi = a1 < b0 ? a1 : b0 - 1;
			return true;
		case OP_AND: /* tid & (size - 1) */
			if (b0 != b1 || b0 < 0 || a0 < 0)
				return false;
			*lo = 0;
			*hi = a1 < b0 ? a1 : b0;
			return true;
		default:
			return false;
		}
	default:
		return false;
	}
}

/* `if (i >= CU1DBLOCK) return;` with i = threadIdx.x and every launch
 * CU1DBLOCK threads wide: the same answer in every thread. */
static bool decided_by_range(struct interp *I, const struct ir_expr *e)
{
	int64_t a0, a1, b0, b1;
	if (!thread_range(I, e->kids[0], &a0, &a1, 0) || !thread_range(I, e->kids[1], &b0, &b1, 0))
		return false;
	switch (e->op) {
	case OP_LT: return a1 < b0 || a0 >= b1;
	case OP_LE: return a1 <= b0 || a0 > b1;
	case OP_GT: return a0 > b1 || a1 <= b0;
	case OP_GE: return a0 >= b1 || a1 < b0;
	case OP_EQ:
	case OP_NE: return a1 < b0 || a0 > b1 || (a0 == a1 && b0 == b1);
	default: return false;
	}
}

uint8_t uni_refine_binary(struct interp *I, struct ustate *s, const struct ir_expr *e, uint8_t l)
{
	if (e == I->rounded) {
		/* the same in the block: the start's offset may be the block's
		 * (blockIdx.x * W), so no lower than U_BLOCK */
		uint8_t end = uni_max8(pure_level(I, s, e->kids[1]), U_BLOCK);
		return end < l ? end : l;
	}
	if (l <= U_BLOCK)
		return l;
	if (is_compare(e->op) && decided_by_range(I, e))
		return U_GRID;
	/* (t + u) - (t + v) and (t + u) < (t + v) are u - v and u < v */
	if ((e->op == OP_SUB || is_compare(e->op)) &&
	    (uni_lin_of(I, s, e->kids[0]) & uni_lin_of(I, s, e->kids[1]) & LIN_TID))
		return U_BLOCK;
	if (l < U_THREAD)
		return l;
	int64_t v;
	if ((e->op == OP_DIV || e->op == OP_SHR) && uni_const(I, e->kids[1], &v) &&
	    ((e->op == OP_DIV && v > 0 && v % 32 == 0) || (e->op == OP_SHR && v >= 5)) &&
	    (uni_lin_of(I, s, e->kids[0]) & LIN_WARP))
		return U_WARP;
	if (is_compare(e->op) && e->op != OP_EQ && e->op != OP_NE && warp_aligned_compare(I, s, e))
		return U_WARP;
	return l;
}

/* ---- loops over a rounded range ------------------------------------------------

   for (x = threadIdx.x + B; x < E; x += W)

   runs the same number of times in every thread of the block when
   threadIdx.x ranges over [0, W) (W is blockDim.x, or a constant the
   code's launches make the block's width), B is a block-uniform multiple
   of W, and E is a block-uniform multiple of W, `(n + W - 1) / W * W`:
   with E - B = m * W, tid + k * W < m * W holds for every k < m and for
   no k >= m, whatever tid in [0, W). Each test of the condition is then
   the same in all threads, and so is the trip count. Without the rounding
   (x < n) the threads whose last x passes n stop one iteration early.

   The grid-stride form is the same argument one level up: W is
   gridDim.x * blockDim.x and x starts at the thread's global index
   blockIdx.x * blockDim.x + threadIdx.x, which ranges over [0, W).

   The end may come from a helper of one statement (`return ceil_div(n,
   w) * w;`, `round_up(n, wrap)`): its returned expression is read with the
   parameter the stride is passed to standing for the stride. */

static bool is_dim(const struct ir_expr *e, enum ir_builtin which, char dim)
{
	return e && e->kind == EK_BUILTIN && e->u.bi.which == which && (e->u.bi.dim == dim || (!e->u.bi.dim && dim == 'x'));
}

/* e, through the locals assigned once to their initialiser (`int wrap =
 * blockDim.x;`). */
static const struct ir_expr *resolve(struct interp *I, const struct ir_expr *e)
{
	for (int depth = 0; e && depth < 8; depth++) {
		e = ir_strip(e);
		const struct locals *c = I->fn ? I->fn->locals : NULL;
		if (!e || e->kind != EK_VAR || !c)
			return e;
		if (e->u.var->is_reference || !locals_init_once(c, e))
			return e;
		e = locals_init_once(c, e);
	}
	return e;
}

/* The stride of the loop: blockDim.d, gridDim.d * blockDim.d (grid), or
 * a positive constant; var, the local or (in a helper) the parameter
 * holding it. in_callee: the expressions read are a helper's, whose
 * variables are not the function's own (no locals resolved, no constant
 * facts of the caller's). */
struct stride { char dim; bool grid; int64_t k; const struct ir_var *var; bool in_callee; };

static const struct ir_expr *w_resolve(struct interp *I, const struct ir_expr *e, const struct stride *w)
{
	return w->in_callee ? ir_strip(e) : resolve(I, e);
}

static bool w_const(struct interp *I, const struct ir_expr *e, const struct stride *w, int64_t *v)
{
	return w->in_callee ? ir_const_value(e, v) : uni_const(I, e, v);
}

/* gridDim.d * blockDim.d, either way round */
static bool is_grid_width(const struct ir_expr *e, char dim)
{
	e = ir_strip(e);
	if (!e || e->kind != EK_BINARY || e->op != OP_MUL)
		return false;
	for (int i = 0; i < 2; i++)
		if (is_dim(ir_strip(e->kids[i]), BI_GRIDDIM, dim) && is_dim(ir_strip(e->kids[!i]), BI_BLOCKDIM, dim))
			return true;
	return false;
}

static bool same_stride(struct interp *I, const struct ir_expr *e, const struct stride *w)
{
	int64_t v;
	if (w->k)
		return w_const(I, e, w, &v) && v == w->k;
	if (w->var && ir_strip(e) && ir_strip(e)->kind == EK_VAR && ir_strip(e)->u.var == w->var)
		return true;
	e = w_resolve(I, e, w);
	return w->grid ? is_grid_width(e, w->dim) : is_dim(e, BI_BLOCKDIM, w->dim);
}

/* The returned expression of a helper whose body is one `return E;`. */
static const struct ir_expr *single_return(const struct ir_expr *call)
{
	if (!call || call->kind != EK_CALL || call->u.call->intrinsic != IN_NONE || call->u.call->ncands ||
	    !call->u.call->target)
		return NULL;
	const struct ir_stmt *b = call->u.call->target->body;
	while (b && b->kind == SK_BLOCK && b->u.block.n == 1)
		b = b->u.block.v[0];
	return b && b->kind == SK_RETURN ? b->u.expr : NULL;
}

/* The stride as the helper called by `call` sees it: the parameter the
 * call passes it to, or the same builtin or constant. */
static struct stride stride_in(struct interp *I, const struct ir_expr *call, const struct stride *w)
{
	const struct ir_func *t = call->u.call->target;
	struct stride in = *w;
	in.var = NULL;
	in.in_callee = true;
	for (int i = 0; i < call->nkids && i < t->nparams; i++)
		if (same_stride(I, call->kids[i], w)) {
			in.var = t->params[i];
			in.k = 0;
			break;
		}
	return in;
}

static bool multiple_of(struct interp *I, const struct ir_expr *e, const struct stride *w, int depth)
{
	int64_t v;
	if (!e || depth > 8)
		return false;
	if (w_const(I, e, w, &v))
		return w->k ? v % w->k == 0 : v == 0;
	e = w_resolve(I, e, w);
	const struct ir_expr *ret = single_return(e);
	if (ret) {
		struct stride in = stride_in(I, e, w);
		return multiple_of(I, ret, &in, depth + 1);
	}
	if (!e || e->kind != EK_BINARY)
		return false;
	switch (e->op) {
	case OP_MUL:
		return same_stride(I, e->kids[0], w) || same_stride(I, e->kids[1], w) ||
		       multiple_of(I, e->kids[0], w, depth + 1) || multiple_of(I, e->kids[1], w, depth + 1);
	case OP_ADD:
	case OP_SUB:
		return multiple_of(I, e->kids[0], w, depth + 1) && multiple_of(I, e->kids[1], w, depth + 1);
	default:
		return false;
	}
}

/* The loop variable's first value: threadIdx.d + B, B a block-uniform
 * multiple of the stride. */

/* threadIdx.d for a block stride; for a grid stride the global index
 * blockIdx.d * blockDim.d + threadIdx.d, also as a helper's result
 * (`global_thread_id()`). */
static bool thread_part(struct interp *I, const struct ir_expr *e, const struct stride *w, int depth)
{
	e = w_resolve(I, e, w);
	if (!w->grid)
		return is_dim(e, BI_THREADIDX, w->dim);
	const struct ir_expr *ret = single_return(e);
	if (ret && depth < 4) {
		struct stride in = *w;
		in.in_callee = true;
		return thread_part(I, ret, &in, depth + 1);
	}
	if (!e || e->kind != EK_BINARY || e->op != OP_ADD)
		return false;
	for (int i = 0; i < 2; i++) {
		const struct ir_expr *t = w_resolve(I, e->kids[i], w), *b = w_resolve(I, e->kids[!i], w);
		if (!is_dim(t, BI_THREADIDX, w->dim) || !b || b->kind != EK_BINARY || b->op != OP_MUL)
			continue;
		for (int j = 0; j < 2; j++)
			if (is_dim(ir_strip(b->kids[j]), BI_BLOCKIDX, w->dim) && is_dim(ir_strip(b->kids[!j]), BI_BLOCKDIM, w->dim))
				return true;
	}
	return false;
}

static bool starts_at_thread(struct interp *I, struct ustate *s, const struct ir_expr *e, const struct stride *w)
{
	if (thread_part(I, e, w, 0))
		return true;
	e = resolve(I, e);
	if (!e || e->kind != EK_BINARY || e->op != OP_ADD)
		return false;
	for (int i = 0; i < 2; i++)
		if (thread_part(I, e->kids[i], w, 0) && multiple_of(I, e->kids[!i], w, 0) &&
		    pure_level(I, s, e->kids[!i]) <= U_BLOCK)
			return true;
	return false;
}

/* The variable a loop's init sets, and to what. */
static const struct ir_var *init_of(const struct ir_stmt *st, const struct ir_expr **val)
{
	if (st && st->kind == SK_DECL && st->u.decl.init) {
		*val = st->u.decl.init;
		return st->u.decl.var;
	}
	const struct ir_expr *e = st && st->kind == SK_EXPR ? ir_strip(st->u.expr) : NULL;
	if (e && e->kind == EK_ASSIGN && e->op == OP_NONE && ir_strip(e->kids[0])->kind == EK_VAR) {
		*val = e->kids[1];
		return ir_strip(e->kids[0])->u.var;
	}
	return NULL;
}

/* The stride W of `x += W` or `x = x + W`. */
static const struct ir_expr *step_of(const struct ir_expr *inc, const struct ir_var *x)
{
	const struct ir_expr *e = ir_strip(inc);
	if (!e || e->kind != EK_ASSIGN || ir_strip(e->kids[0])->kind != EK_VAR || ir_strip(e->kids[0])->u.var != x)
		return NULL;
	if (e->op == OP_ADD)
		return e->kids[1];
	const struct ir_expr *r = ir_strip(e->kids[1]);
	if (e->op != OP_NONE || !r || r->kind != EK_BINARY || r->op != OP_ADD)
		return NULL;
	for (int i = 0; i < 2; i++)
		if (ir_strip(r->kids[i])->kind == EK_VAR && ir_strip(r->kids[i])->u.var == x)
			return r->kids[!i];
	return NULL;
}

const struct ir_expr *uni_rounded_loop_cond(struct interp *I, struct ustate *s, const struct ir_stmt *st)
{
	const struct ir_expr *cond = ir_strip(st->u.loop.cond), *start = NULL;
	if (st->u.loop.form != LOOP_FOR || !cond || cond->kind != EK_BINARY || cond->op != OP_LT)
		return NULL;
	const struct ir_var *x = init_of(st->u.loop.init, &start);
	const struct ir_expr *lhs = ir_strip(cond->kids[0]), *step = x ? step_of(st->u.loop.inc, x) : NULL;
	if (!step || x->kind == VAR_GLOBAL || x->id < 0 || x->id >= I->nvars || lhs->kind != EK_VAR || lhs->u.var != x)
		return NULL;
	struct stride w = { 0 };
	const struct ir_expr *rs = resolve(I, step);
	if (uni_const(I, step, &w.k)) {
		if (w.k <= 0)
			return NULL;
		w.dim = 'x';
	} else if (rs && rs->kind == EK_BUILTIN && rs->u.bi.which == BI_BLOCKDIM) {
		w.dim = rs->u.bi.dim ? rs->u.bi.dim : 'x';
	} else if (is_grid_width(rs, 'x') || is_grid_width(rs, 'y') || is_grid_width(rs, 'z')) {
		w.grid = true;
		w.dim = is_grid_width(rs, 'x') ? 'x' : is_grid_width(rs, 'y') ? 'y' : 'z';
	} else {
		return NULL;
	}
	if (!w.k && ir_strip(step)->kind == EK_VAR)
		w.var = ir_strip(step)->u.var;
	if (!starts_at_thread(I, s, start, &w) || !multiple_of(I, cond->kids[1], &w, 0) ||
	    pure_level(I, s, cond->kids[1]) > U_BLOCK)
		return NULL;
	/* nothing but the increment moves x */
	uint8_t *marks = xcalloc((size_t)I->nvars + 1, 1);
	ir_mark_assigned_values(st->u.loop.body, NULL, marks);
	bool moved = marks[x->id];
	free(marks);
	return moved ? NULL : cond;
}
