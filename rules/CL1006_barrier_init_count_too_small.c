/* CL1006 barrier-init-count-too-small: a block-scoped cuda::barrier whose
 * init() count is fewer than the block (blockDim.x / 2, blockDim.x - 32,
 * block.size() >> 1) while every thread of the block arrives at it.
 *
 * A phase completes after `count` arrivals; more arrivals than that in
 * one phase is undefined behaviour (the extra ones land in the next
 * phase, or underflow the counter), and the threads it lets through read
 * shared memory the rest have not written yet. Reported, at the init(),
 * only where the arrival is in a kernel (not a helper some caller may
 * guard) with no thread-dependent branch around it and no thread-dependent
 * exit before it, so that the whole block arrives; and only for counts
 * that are smaller than the block whatever its size, or for a constant
 * count smaller than the block every launch of the kernel gives it
 * (analysis/launch.h): without a launch in view a constant may be right. */
#include "analysis/launch.h"
#include "analysis/memorder.h"
#include "checks.h"
#include "analysis/cuda_barrier.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>

struct seen {
	const struct ir_unit *u;
	const struct ir_expr **v;
	int n, cap;
};

static void arrival(struct cl_ctx *cx, const struct ir_func *f, const struct ir_expr *call, void *arg)
{
	struct seen *s = arg;
	const struct ir_var *bar = cubar_arrival(call);
	const struct ir_ctx *x = call->ctx;
	if (!bar || !f->is_global || !x || x->block_cause || x->exit > U_BLOCK)
		return;
	struct cubar_init in = cubar_init_of(s->u, bar);
	const struct kernel_launch *l = launch_of(s->u, f);
	int threads = launch_block_threads(l);
	bool by_launch = in.kind == CUBAR_CONST && threads > 0 && in.value > 0 && in.value < threads;
	if ((in.kind != CUBAR_FEWER && !by_launch) || !in.call)
		return;
	for (int i = 0; i < s->n; i++)
		if (s->v[i] == in.call)
			return; /* one finding per init() */
	CL_VEC_PUSH(s->v, s->n, s->cap, in.call);
	char b[128], count[96];
	intrinsic_display(call, b, sizeof b);
	mo_describe(in.call->kids[1], count, sizeof count);
	if (count[0] == '`' || !count[0])
		snprintf(count, sizeof count, "...");
	struct cl_finding *r = cl_report(cx, &cl_rules[RULE_CL1006], in.call->loc,
		"`init(&%s, %s)` makes cuda::barrier `%s` expect fewer arrivals than the block, but every thread "
		"of the block arrives at `%s` on line %u: a phase gets more arrivals than its count, which is "
		"undefined behaviour (the extra arrivals complete the next phase early, so threads run on before "
		"the others have written what they read); initialise it with the number of threads that arrive "
		"(blockDim.x, block.size()) or let only that many arrive",
		bar->name, count, bar->name, b, call->loc.line);
	cl_note(r, call->loc, "every thread of the block arrives here");
	if (by_launch)
		cl_launch_note(r, l->sites[0].loc, "launched with more threads per block than the count here");
}

void check_barrier_init_count_too_small(struct cl_ctx *cx, const struct ir_unit *u)
{
	struct seen s = { u, NULL, 0, 0 };
	cl_for_each_call(cx, u, arrival, &s);
	free(s.v);
}
