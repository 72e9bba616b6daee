/* uni_expr.c - the level of each expression, and the effects of
 * assignments, loads, stores and calls on the state (see uniformity.h). */
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "analysis/memorder.h"
#include "analysis/uni_internal.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- expressions -------------------------------------------------------- */


uint8_t uni_max8(uint8_t a, uint8_t b)
{
	return a > b ? a : b;
}

/* Whether e is threadIdx.x plus a block-uniform multiple of 32, so that
 * e / 32 and e >> 5 are the same for a whole warp. */
bool uni_is_lane_linear(struct interp *I, struct ustate *s, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e)
		return false;
	if (e->kind == EK_BUILTIN)
		return e->u.bi.which == BI_THREADIDX && (e->u.bi.dim == 'x' || e->u.bi.dim == 0);
	if (e->kind == EK_CALL && e->u.call.intrinsic == IN_THREAD_RANK && e->u.call.recv_type) {
		/* warps are cut from the linear thread index, which is what a
		 * block's (or, with warp-aligned blocks, the grid's) thread_rank()
		 * is; a 32-thread tile's rank is the lane */
		const char *t = e->u.call.recv_type;
		if (strstr(t, "grid_group"))
			return I->U->o->warp_aligned_blocks;
		if (strstr(t, "thread_block") && !strstr(t, "tile"))
			return true;
		const char *size = strstr(t, "tile") ? strstr(strstr(t, "tile"), "<32") : NULL;
		return size && (size[3] == '>' || size[3] == ',' || size[3] == 'u' || size[3] == 'U');
	}
	if (e->kind == EK_VAR)
		return e->u.var->kind != VAR_GLOBAL && e->u.var->id >= 0 && s->lin[e->u.var->id];
	if (e->kind == EK_BINARY && (e->op == OP_ADD || e->op == OP_SUB)) {
		for (int i = 0; i < 2; i++) {
			if (!uni_is_lane_linear(I, s, e->kids[i]))
				continue;
			const struct ir_expr *o = ir_strip(e->kids[!i]);
			int64_t v;
			if (ir_const_value(o, &v))
				return v % 32 == 0;
			/* x * blockDim.x: a multiple of 32 under the warp-aligned assumption */
			if (o->kind == EK_BINARY && o->op == OP_MUL && I->U->o->warp_aligned_blocks)
				for (int j = 0; j < 2; j++) {
					const struct ir_expr *m = ir_strip(o->kids[j]);
					if (m->kind == EK_BUILTIN && m->u.bi.which == BI_BLOCKDIM)
						return true;
				}
		}
	}
	return false;
}

/* threadIdx.x < 64: a warp covers 32 consecutive threads starting at a
 * multiple of 32, so comparing a lane-linear value with a boundary that
 * is a multiple of 32 gives the same answer in every lane of a warp. */
static bool warp_aligned_compare(struct interp *I, struct ustate *s, const struct ir_expr *e)
{
	if (e->op != OP_LT && e->op != OP_LE && e->op != OP_GT && e->op != OP_GE)
		return false;
	for (int i = 0; i < 2; i++) {
		int64_t c;
		if (!uni_is_lane_linear(I, s, e->kids[i]) || !ir_const_value(e->kids[!i], &c))
			continue;
		/* normalise to "x < B" or "x >= B" with boundary B */
		enum ir_op op = e->op;
		if (i == 1) /* c OP x: flip */
			op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : OP_LE;
		int64_t boundary = (op == OP_LT || op == OP_GE) ? c : c + 1;
		return boundary % 32 == 0;
	}
	return false;
}

static uint8_t builtin_level(struct interp *I, const struct ir_expr *e)
{
	switch (e->u.bi.which) {
	case BI_THREADIDX:
		if ((e->u.bi.dim == 'y' || e->u.bi.dim == 'z') && I->U->o->warp_aligned_blocks)
			return U_WARP;
		return U_THREAD;
	case BI_BLOCKIDX:
		return U_BLOCK;
	default:
		return U_GRID;
	}
}

/* Level of the address an lvalue designates (not of the value stored). */
static uint8_t addr_level(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	e = (struct ir_expr *)ir_strip(e);
	if (!e)
		return U_GRID;
	switch (e->kind) {
	case EK_VAR:
		if (e->u.var->is_array || !e->u.var->is_pointer || e->u.var->kind == VAR_GLOBAL)
			return e->u.var->is_pointer && e->u.var->kind == VAR_GLOBAL ? U_BLOCK : U_GRID;
		return uni_eval(I, s, e);
	case EK_INDEX:
		return uni_max8(addr_level(I, s, e->kids[0]), uni_eval(I, s, e->kids[1]));
	case EK_MEMBER:
		if (!e->nkids)
			return U_GRID;
		return e->arrow ? uni_eval(I, s, e->kids[0]) : addr_level(I, s, e->kids[0]);
	case EK_UNARY:
		if (e->op == OP_DEREF)
			return uni_eval(I, s, e->kids[0]);
		return uni_eval(I, s, e);
	default:
		return uni_eval(I, s, e);
	}
}

static uint8_t shared_read(struct interp *I, struct ustate *s, struct ir_var *v, uint8_t addr)
{
	(void)I;
	if (addr > U_BLOCK)
		return addr;
	return uni_dirty_has(s, v->id) ? U_THREAD : U_BLOCK;
}

static uint8_t load(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	struct ir_var *v = ir_base_var(e);
	uint8_t addr = addr_level(I, s, e);
	if (v && v->kind != VAR_GLOBAL && !v->is_pointer && v->id >= 0)
		return uni_max8(s->var[v->id], addr); /* a local array or struct */
	if (v && v->kind == VAR_GLOBAL && v->space == SPACE_SHARED && !v->is_pointer)
		return shared_read(I, s, v, addr);
	if (v && v->kind == VAR_GLOBAL && v->space == SPACE_CONSTANT)
		return addr;
	return uni_max8(addr, U_BLOCK);
}

void uni_store(struct interp *I, struct ustate *s, struct ir_expr *lhs, uint8_t val, bool lin)
{
	const struct ir_expr *l = ir_strip(lhs);
	struct ir_var *v = ir_base_var(lhs);
	if (!v)
		return;
	if (l->kind == EK_VAR && v->kind != VAR_GLOBAL && v->id >= 0) {
		s->var[v->id] = val;
		s->lin[v->id] = lin;
		return;
	}
	uint8_t addr = l->kind == EK_VAR ? U_GRID : addr_level(I, s, lhs);
	if (v->kind != VAR_GLOBAL && !v->is_pointer && v->id >= 0) {
		uni_raise8(&s->var[v->id], uni_max8(val, addr)); /* element of a local aggregate: weak update */
		s->lin[v->id] = 0;
	} else if (v->kind == VAR_GLOBAL && v->space == SPACE_SHARED && v->id >= 0) {
		if (val > U_BLOCK || addr > U_BLOCK || uni_ctrl_level_from(I, 0) > U_BLOCK || s->exit > U_BLOCK ||
		    s->lexit > U_BLOCK)
			uni_dirty_add(s, v->id);
	}
}

static void mark_shared_target(struct interp *I, struct ustate *s, struct ir_expr *ptr)
{
	struct ir_var *v = ptr ? ir_base_var(ptr) : NULL;
	(void)I;
	if (v && v->kind == VAR_GLOBAL && v->space == SPACE_SHARED && v->id >= 0)
		uni_dirty_add(s, v->id);
}

void uni_after_barrier(struct interp *I, struct ustate *s)
{
	(void)I;
	s->ndirty = 0;
	s->barrier = true;
}

static uint8_t eval_call(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	struct ir_call *c = &e->u.call;
	uint8_t lv[16] = { 0 }, all = U_GRID;
	for (int i = 0; i < e->nkids; i++) {
		uint8_t l = uni_eval(I, s, e->kids[i]);
		if (i < 16)
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
		return U_GRID;
	case IN_ATOMIC_RMW:
	case IN_ATOMIC_STORE:
	case IN_ATOMIC_LOAD:
		/* an atomic read (atomicAdd(p, 0), a load) sees what a load of
		 * *p would: after a barrier, the value one thread wrote before
		 * it, the same in every thread; updates return each thread
		 * its own value */
		if (e->nkids && (k == IN_ATOMIC_LOAD || memorder_rmw_reads_only(e))) {
			const struct ir_expr *p = ir_strip(e->kids[0]);
			if (p && p->kind == EK_UNARY && p->op == OP_ADDR)
				return load(I, s, (struct ir_expr *)p->kids[0]);
			return uni_max8(lv[0], U_BLOCK);
		}
		mark_shared_target(I, s, e->nkids ? e->kids[0] : NULL);
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
		uint8_t val = vi < 16 ? lv[vi] : U_THREAD;
		bool broadcast = k == IN_SHFL || (k == IN_TILE_COLLECTIVE && !strcmp(n, "shfl"));
		uint8_t lane = vi + 1 < 16 ? lv[vi + 1] : U_THREAD;
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
	default:
		break;
	}
	if (c->target && !c->target->is_host) {
		struct ir_func *t = c->target;
		uint8_t args[16] = { 0 };
		for (int i = 0; i < t->nparams && i < 16; i++)
			args[i] = i + m < 16 ? lv[i + m] : U_THREAD;
		if (I->annotate) {
			I->U->called[t->id] = true;
			for (int i = 0; i < t->nparams && i < 16; i++)
				uni_raise8(&I->U->pjoin[t->id][i], args[i]);
		}
		if (t->reaches_barrier)
			uni_after_barrier(I, s);
		return uni_summarize(I->U, t, args, t->nparams, I->call_depth + 1);
	}
	/* Unknown callee: assume its result depends only on its operands, as
	 * for the math library. */
	return all;
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
	case EK_VAR: {
		struct ir_var *v = e->u.var;
		if (v->kind == VAR_TEMPLATE_PARAM)
			l = U_GRID;
		else if (v->kind != VAR_GLOBAL && v->id >= 0)
			l = s->var[v->id];
		else if (v->space == SPACE_SHARED && !v->is_array)
			l = shared_read(I, s, v, U_GRID);
		else if (v->space == SPACE_CONSTANT || v->is_const || v->is_array)
			l = U_GRID;
		else
			l = U_BLOCK;
		break;
	}
	case EK_BUILTIN:
		l = builtin_level(I, e);
		break;
	case EK_UNARY:
		switch (e->op) {
		case OP_DEREF:
			l = load(I, s, e);
			break;
		case OP_ADDR:
			l = addr_level(I, s, e->kids[0]);
			break;
		case OP_PREINC:
		case OP_PREDEC:
		case OP_POSTINC:
		case OP_POSTDEC:
			l = uni_eval(I, s, e->kids[0]);
			uni_store(I, s, e->kids[0], l, false);
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
		l = uni_max8(a, b);
		if (l == U_THREAD && b <= U_BLOCK && (e->op == OP_DIV || e->op == OP_SHR) &&
		    uni_is_lane_linear(I, s, e->kids[0])) {
			int64_t v;
			if (ir_const_value(e->kids[1], &v) &&
			    ((e->op == OP_DIV && v > 0 && v % 32 == 0) || (e->op == OP_SHR && v >= 5)))
				l = U_WARP;
		}
		if (l == U_THREAD && warp_aligned_compare(I, s, e))
			l = U_WARP;
		break;
	}
	case EK_ASSIGN: {
		uint8_t r = uni_eval(I, s, e->kids[1]);
		bool lin = false;
		if (e->op != OP_NONE)
			r = uni_max8(r, uni_eval(I, s, e->kids[0]));
		else
			lin = uni_is_lane_linear(I, s, e->kids[1]);
		uni_store(I, s, e->kids[0], r, lin);
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
		l = e->nkids ? load(I, s, e) : U_BLOCK;
		break;
	case EK_CALL:
		l = eval_call(I, s, e);
		break;
	case EK_OTHER:
		for (int i = 0; i < e->nkids; i++)
			l = uni_max8(l, uni_eval(I, s, e->kids[i]));
		break;
	}
	if (I->annotate && l > e->level)
		e->level = l;
	return l;
}
