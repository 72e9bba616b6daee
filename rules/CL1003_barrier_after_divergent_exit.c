/* CL1003 barrier-after-divergent-exit: a block barrier after a return,
 * continue or goto that only some threads took. Reported only when no
 * enclosing condition already explains the divergence (CL1001/CL1002). */
#include "barrier_sites.h"
#include "checks.h"

static const char *exit_word(enum cause_kind k)
{
	switch (k) {
	case CAUSE_RETURN: return "return";
	case CAUSE_CONTINUE: return "continue";
	case CAUSE_GOTO: return "goto";
	default: return "break";
	}
}

static void site(struct cl_ctx *cx, const struct ir_expr *call, const struct ir_expr *barrier)
{
	const struct ir_ctx *x = call->ctx;
	if (x->block_cause || x->exit <= U_BLOCK || !x->exit_cause)
		return;
	const struct ir_cause *c = x->exit_cause;
	char subj[256], cond[128];
	barrier_site_subject(call, barrier, subj, sizeof subj);
	cause_condition(c, cond, sizeof cond);
	struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL1003], call->loc,
		"%s comes after a `%s` (line %u) that only the threads for which %s holds take; those threads "
		"never arrive, so the barrier waits for fewer threads than it should and shared memory they were "
		"to write stays stale; keep every thread running to the last barrier and guard the work instead",
		subj, exit_word(c->kind), c->stmt ? c->stmt->loc.line : 0, cond);
	if (c->stmt)
		cl_note(f, c->stmt->loc, "some threads leave here");
	if (c->cond)
		cl_note(f, c->cond->loc, "under this %s condition", c->level == U_WARP ? "warp-dependent" : "thread-dependent");
	note_callee_barrier(f, call, barrier);
}

void check_barrier_after_divergent_exit(struct cl_ctx *cx, const struct ir_unit *u)
{
	for_each_barrier_site(cx, u, site);
}
