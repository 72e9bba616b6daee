/* cuda_barrier.c - see cuda_barrier.h. */
#include "analysis/cuda_barrier.h"
#include "analysis/intrinsics.h"

#include <string.h>

const struct ir_var *cubar_arrival(const struct ir_expr *call)
{
	if (!call || call->kind != EK_CALL || !call->u.call->is_method || !call->nkids)
		return NULL;
	const char *n = call->u.call->name;
	if (strcmp(n, "arrive") && strcmp(n, "arrive_and_wait"))
		return NULL;
	const struct ir_expr *o = ir_strip(call->kids[0]);
	if (!o || o->kind != EK_VAR || !intrinsic_block_scoped_barrier(call->u.call->recv_type))
		return NULL;
	return o->u.var;
}

static bool is_block_group(const struct ir_expr *e)
{
	const char *t = e->u.call->recv_type;
	return e->u.call->is_method && t && strstr(t, "thread_block") && !strstr(t, "thread_block_tile");
}

/* The blockDim dimensions a pure product of them multiplies (x = 1,
 * y = 2, z = 4), 0 for anything else. */
static unsigned dims(const struct ir_expr *e)
{
	e = ir_strip(e);
	if (e && e->kind == EK_BUILTIN && e->u.bi.which == BI_BLOCKDIM && e->u.bi.dim)
		return 1u << (e->u.bi.dim - 'x');
	if (e && e->kind == EK_BINARY && e->op == OP_MUL) {
		unsigned a = dims(e->kids[0]), b = dims(e->kids[1]);
		return a && b && !(a & b) ? a | b : 0;
	}
	return 0;
}

/* The whole block: blockDim.x (the block of a 1-D kernel), blockDim.x *
 * blockDim.y (* blockDim.z), block.size(), block.num_threads(). */
static bool whole_block(const struct ir_expr *e)
{
	e = ir_strip(e);
	if (e && e->kind == EK_CALL && is_block_group(e))
		return !strcmp(e->u.call->name, "size") || !strcmp(e->u.call->name, "num_threads");
	return (dims(e) & 1) != 0;
}

static enum cubar_count count_kind(const struct ir_expr *e, int64_t *value)
{
	e = ir_strip(e);
	int64_t k;
	if (!e)
		return CUBAR_UNKNOWN;
	if (whole_block(e))
		return CUBAR_BLOCK;
	if (ir_const_value(e, value))
		return CUBAR_CONST;
	if (e->kind == EK_BINARY && whole_block(e->kids[0]) && ir_const_value(e->kids[1], &k) &&
	    ((e->op == OP_DIV && k > 1) || (e->op == OP_SHR && k > 0) || (e->op == OP_SUB && k > 0)))
		return CUBAR_FEWER;
	return CUBAR_UNKNOWN;
}

struct init_scan {
	const struct ir_var *bar;
	struct cubar_init r;
	int n;
};

static int each_init(const struct ir_expr *e, void *arg)
{
	struct init_scan *s = arg;
	if (e->kind != EK_CALL || e->u.call->is_method || e->nkids != 2 || strcmp(e->u.call->name, "init"))
		return 0;
	const struct ir_expr *p = ir_strip(e->kids[0]);
	if (!p || p->kind != EK_UNARY || p->op != OP_ADDR)
		return 0;
	const struct ir_expr *v = ir_strip(p->kids[0]);
	if (!v || v->kind != EK_VAR || v->u.var != s->bar)
		return 0;
	struct cubar_init r = { .call = e };
	r.kind = count_kind(e->kids[1], &r.value);
	if (s->n++ && (r.kind != s->r.kind || r.value != s->r.value))
		r.kind = CUBAR_UNKNOWN; /* initialised twice, differently */
	s->r = r;
	return 0;
}

struct cubar_init cubar_init_of(const struct ir_unit *u, const struct ir_var *bar)
{
	struct init_scan s = { bar, { CUBAR_UNKNOWN, 0, NULL }, 0 };
	for (int i = 0; i < u->nfuncs; i++)
		ir_walk_stmt_exprs(u->funcs[i]->body, each_init, &s);
	return s.r;
}

/* threadIdx.x, or the block's thread_rank(). */
static bool thread_index(const struct ir_expr *e)
{
	e = ir_strip(e);
	if (e && e->kind == EK_BUILTIN)
		return e->u.bi.which == BI_THREADIDX && e->u.bi.dim == 'x';
	return e && e->kind == EK_CALL && is_block_group(e) && !strcmp(e->u.call->name, "thread_rank");
}

int64_t cubar_guard_size(const struct ir_expr *cond)
{
	const struct ir_expr *c = ir_strip(cond);
	int64_t k;
	if (!c || c->kind != EK_BINARY)
		return -1;
	if (thread_index(c->kids[0]) && ir_const_value(c->kids[1], &k))
		return c->op == OP_LT ? k : c->op == OP_LE ? k + 1 : -1;
	if (thread_index(c->kids[1]) && ir_const_value(c->kids[0], &k))
		return c->op == OP_GT ? k : c->op == OP_GE ? k + 1 : -1;
	return -1;
}

/* Whether a block-scoped cuda::barrier's arrival at SITE, which some
 * threads skip, loses arrivals its phase waits for. Initialised for the
 * whole block, yes; for a count cudalint cannot read, as for any block
 * barrier, when the arrival waits (arrive_and_wait); for a constant,
 * only when the branch lets fewer threads through than the count (a
 * barrier of the threads below 64, initialised for 64, is correct); for
 * fewer than the block (blockDim.x - 32), never: that is a subset. */
bool cubar_skip_loses_arrivals(const struct ir_unit *u, const struct ir_expr *site, const struct ir_expr *inner)
{
	const struct ir_var *bar = cubar_arrival(inner);
	if (!bar)
		return true; /* __syncthreads() and friends */
	struct cubar_init in = cubar_init_of(u, bar);
	bool waits = inner->u.call->intrinsic == IN_BLOCK_BARRIER_WAIT;
	switch (in.kind) {
	case CUBAR_BLOCK: return true;
	case CUBAR_UNKNOWN: return waits;
	case CUBAR_CONST: {
		const struct ir_cause *c = site->ctx->block_cause;
		int64_t g = c && c->kind == CAUSE_BRANCH && c->cond ? cubar_guard_size(c->cond) : -1;
		return g >= 0 && g < in.value;
	}
	case CUBAR_FEWER: return false;
	}
	return false;
}
