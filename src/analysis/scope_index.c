/* scope_index.c - the global-thread-index division CL2006 reads: a
 * block-scope atomic at `out[gid / k]` is shared by two blocks at each
 * block boundary k does not fall on. */
#include "analysis/scope_index.h"
#include "analysis/constlocals.h"
#include "analysis/launch.h"

/* e, with a local assigned once (its declaration: constlocals.h counts
 * it) replaced by its initialiser. */
static const struct ir_expr *resolve(const struct ir_func *fn, const struct ir_expr *e, int depth)
{
	e = ir_strip(e);
	while (e && depth++ < 6 && locals_init_once(fn->locals, e))
		e = ir_strip(locals_init_once(fn->locals, e));
	return e;
}

static bool is_builtin(const struct ir_func *fn, const struct ir_expr *e, enum ir_builtin b)
{
	e = resolve(fn, e, 0);
	return e && e->kind == EK_BUILTIN && e->u.bi.which == b && e->u.bi.dim == 'x';
}

/* The terms of a sum: threadIdx.x and blockIdx.x * blockDim.x found. */
struct terms { bool tx, bx_dim; };

static void sum_terms(const struct ir_func *fn, const struct ir_expr *e, struct terms *t, int depth)
{
	e = resolve(fn, e, 0);
	if (!e || depth > 8)
		return;
	if (e->kind == EK_BINARY && e->op == OP_ADD && e->nkids == 2) {
		sum_terms(fn, e->kids[0], t, depth + 1);
		sum_terms(fn, e->kids[1], t, depth + 1);
		return;
	}
	if (is_builtin(fn, e, BI_THREADIDX))
		t->tx = true;
	else if (e->kind == EK_BINARY && e->op == OP_MUL && e->nkids == 2 &&
	         ((is_builtin(fn, e->kids[0], BI_BLOCKIDX) && is_builtin(fn, e->kids[1], BI_BLOCKDIM)) ||
	          (is_builtin(fn, e->kids[1], BI_BLOCKIDX) && is_builtin(fn, e->kids[0], BI_BLOCKDIM))))
		t->bx_dim = true;
}

bool scope_index_neighbours_share(const struct ir_func *fn, const struct ir_expr *e, const struct ir_expr **div)
{
	e = resolve(fn, e, 0);
	if (!e || e->kind != EK_BINARY || e->op != OP_DIV || e->nkids != 2)
		return false;
	struct terms t = { false, false };
	sum_terms(fn, e->kids[0], &t, 0);
	if (!t.tx || !t.bx_dim)
		return false;
	int64_t k;
	if (ir_const_value(resolve(fn, e->kids[1], 0), &k)) {
		const struct kernel_launch *l = fn->locals ? fn->locals->launch : NULL;
		if (k <= 1 || !l || !l->block[0] || l->block[0] % k == 0)
			return false; /* no sharing, or a block size cudalint cannot see */
	}
	*div = e->kids[1];
	return true;
}
