/* CL1001 divergent-barrier: a block barrier under a thread-varying branch.
 *
 * The innermost enclosing condition that varies across the block decides
 * the rule: an if/else, switch, ?: or the right side of && / || makes it
 * this one; a loop makes it CL1002. */
#include "barrier_sites.h"
#include "checks.h"

static void site(struct cl_ctx *cx, const struct ir_expr *call, const struct ir_expr *barrier)
{
	const struct ir_cause *c = call->ctx->block_cause;
	if (!c || c->kind == CAUSE_LOOP_COND || c->kind == CAUSE_LOOP_BREAK)
		return;
	char subj[256], cond[128];
	barrier_site_subject(call, barrier, subj, sizeof subj);
	barrier_site_cause(c, cond, sizeof cond);
	struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL1001], call->loc,
		"%s runs only in the threads for which %s holds, but every thread of the block must reach a "
		"block barrier: the others never arrive, so the block can hang or read shared memory too early; "
		"move the barrier out of the %s", subj, cond,
		c->kind == CAUSE_SWITCH ? "switch" : c->kind == CAUSE_SELECT ? "conditional expression"
		: c->kind == CAUSE_LOGICAL ? "short-circuit operand" : "branch");
	if (c->cond)
		cl_note(f, c->cond->loc, "this condition differs between the %s of a block",
		        c->level == U_WARP ? "warps" : "threads");
	barrier_site_note_callee(f, call, barrier);
}

void check_divergent_barrier(struct cl_ctx *cx, const struct ir_unit *u)
{
	barrier_site_each(cx, u, site);
}
