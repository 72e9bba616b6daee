/* CL4001 redundant-barrier: a block barrier that orders nothing. No
 * access of one thread in the interval before it (since the barrier
 * before, or the kernel's start) touches the bytes another thread
 * accesses in the interval after it (until the next barrier, or the end)
 * with one of the two a write, and neither interval writes global memory
 * the other accesses (analysis/blocksim.h judges it from the block's runs).
 * Anything the runs cannot place keeps the barrier: an unknown pointer,
 * a call not followed, inline assembly, a global atomic, a thread the
 * runs lost. Of two barriers in a row the second is reported. */
#include "analysis/intrinsics.h"
#include "analysis/blocksim.h"
#include "checks.h"
#include "fixes.h"

static void report(const struct blocksim_barrier_fact *b, void *arg)
{
	struct cl_ctx *cx = arg;
	if (b->need != BLOCKSIM_ORDERS_NOTHING)
		return;
	char name[96];
	intrinsic_display(b->call, name, sizeof name);
	const struct ir_func *saved = cx->fn;
	cx->fn = b->fn;
	struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL4001], b->call->loc,
	          "`%s` orders nothing: no thread accesses memory before it (since the previous barrier or the "
	          "kernel's start) that another thread accesses after it (until the next barrier or the end), yet "
	          "every warp of the block waits at it for the slowest; remove it",
	          name);
	/* unsafe: right only if the simulation saw every access */
	cl_fix_begin(f, 0, "remove `%s`", name);
	fix_remove(cx, f, fix_expr_stmt(b->fn, b->call));
	cl_fix_done(f);
	cx->fn = saved;
}

void check_redundant_barrier(struct cl_ctx *cx, const struct ir_unit *u)
{
	blocksim_barriers(u, report, cx);
}
