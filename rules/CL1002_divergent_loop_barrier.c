/* CL1002 divergent-loop-barrier: a block barrier in a loop whose trip
 * count differs between threads, through its condition or through a
 * break taken under a thread-varying condition. */
#include "barrier_sites.h"
#include "checks.h"

static void site(struct cl_ctx *cx, const struct ir_expr *call, const struct ir_expr *barrier)
{
	const struct ir_cause *c = call->ctx->block_cause;
	if (!c || (c->kind != CAUSE_LOOP_COND && c->kind != CAUSE_LOOP_BREAK))
		return;
	char subj[256], cond[128];
	barrier_site_subject(call, barrier, subj, sizeof subj);
	barrier_site_cause(c, cond, sizeof cond);
	struct cl_finding *f;
	if (c->kind == CAUSE_LOOP_BREAK) {
		f = cl_report(cx, &cl_rules[RULE_CL1002], call->loc,
			"%s is inside a loop that threads leave at different iterations (a `break` under %s), so "
			"the threads still looping wait at a barrier the others never reach again; make the exit "
			"decision block-uniform (e.g. with __syncthreads_or) or move the barrier out of the loop",
			subj, cond);
		if (c->via && c->via->stmt)
			cl_note(f, c->via->stmt->loc, "threads leave the loop here");
		if (c->cond)
			cl_note(f, c->cond->loc, "under this %s condition", c->level == U_WARP ? "warp-dependent" : "thread-dependent");
	} else {
		f = cl_report(cx, &cl_rules[RULE_CL1002], call->loc,
			"%s is inside a loop whose trip count differs between threads (%s), so threads that "
			"finish early stop arriving and the block hangs or desynchronises; loop a block-uniform "
			"number of times and guard the per-thread work inside the loop instead", subj, cond);
		if (c->cond)
			cl_note(f, c->cond->loc, "the loop condition is %s", c->level == U_WARP ? "warp-dependent" : "thread-dependent");
	}
	barrier_site_note_callee(f, call, barrier);
}

void check_divergent_loop_barrier(struct cl_ctx *cx, const struct ir_unit *u)
{
	barrier_site_each(cx, u, site);
}
