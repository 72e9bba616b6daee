/* CL4002 overwide-barrier-scope: a block barrier whose every ordered
 * pair of __shared__ accesses (one thread before it, another after it,
 * the same bytes, one a write) is two lanes of one warp, in every block
 * shape the runs try, with no global memory to order and nothing the
 * runs cannot place around it (analysis/blocksim.h). A __syncwarp() orders
 * the lanes of a warp and leaves the other warps running. */
#include "analysis/intrinsics.h"
#include "analysis/memorder.h"
#include "analysis/blocksim.h"
#include "checks.h"
#include "fixes.h"

#include <string.h>

static void report(const struct blocksim_barrier_fact *b, void *arg)
{
	struct cl_ctx *cx = arg;
	if (b->need != BLOCKSIM_WARP_ONLY)
		return;
	char name[96], x[96], y[96];
	intrinsic_display(b->call, name, sizeof name);
	mo_describe(b->before, x, sizeof x);
	mo_describe(b->after, y, sizeof y);
	const struct ir_func *saved = cx->fn;
	cx->fn = b->fn;
	struct cl_finding *f =
		cl_report(cx, &cl_rules[RULE_CL4002], b->call->loc,
		          "every __shared__ access `%s` orders is between lanes of one warp (`%s` before it, `%s` after "
		          "it, by another lane of the same warp), yet a block barrier makes every warp of the block "
		          "wait; `__syncwarp()` orders the lanes of a warp and is enough here",
		          name, x, y);
	cl_note(f, b->before->loc, "%s here, before the barrier", b->before_writes ? "written" : "read");
	cl_note(f, b->after->loc, "accessed here by another lane of the warp, after it");
	/* unsafe: right only if the simulation saw every access the barrier
	 * orders (a callee it could not follow, another launch shape) */
	const struct ir_expr *c = b->call;
	if (c->kind == EK_CALL && !c->u.call->is_method && !c->nkids && !strcmp(c->u.call->name, "__syncthreads")) {
		cl_fix_begin(f, 0, "replace `__syncthreads()` with `__syncwarp()`");
		cl_fix_replace(cx, f, c->range, "__syncwarp()");
		cl_fix_done(f);
	}
	cx->fn = saved;
}

void check_overwide_barrier_scope(struct cl_ctx *cx, const struct ir_unit *u)
{
	blocksim_barriers(u, report, cx);
}
