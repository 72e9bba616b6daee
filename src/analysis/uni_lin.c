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
#include "analysis/uni_internal.h"

#include <string.h>

bool uni_const(struct interp *I, const struct ir_expr *e, int64_t *out)
{
	if (I->fn && I->fn->locals)
		return locals_const_value(I->fn->locals, e, out);
	return ir_const_value(e, out);
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
		return e->u.call.intrinsic == IN_NONE ? uni_call_level(I, e) : U_THREAD;
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
			if (((is_blockdim_x(m) && I->U->o->warp_aligned_blocks) || warp_multiple(I, s, m, depth + 1)) &&
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
	const char *t = e->u.call.recv_type;
	if (strstr(t, "grid_group"))
		return I->U->o->warp_aligned_blocks ? LIN_WARP : 0;
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
		if (e->u.call.intrinsic == IN_THREAD_RANK && e->u.call.recv_type)
			return thread_rank_lin(I, e);
		if (e->u.call.intrinsic == IN_NONE)
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
	const struct ir_call *c = &e->u.call;
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
	const struct ir_call *c = &e->u.call;
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

uint8_t uni_refine_binary(struct interp *I, struct ustate *s, const struct ir_expr *e, uint8_t l)
{
	if (l <= U_BLOCK)
		return l;
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
