/* CL1005 divergent-grid-barrier: a grid barrier (cooperative groups
 * grid.sync(), directly or through a call) that not every thread of the
 * grid reaches: under a condition, or in a loop whose trip count, differs
 * between threads or between blocks, or after a return that only some of
 * them take.
 *
 * The grid-level twin of CL1001-CL1003, one rule for the three shapes: a
 * block barrier may depend on blockIdx (each block agrees with itself),
 * a grid barrier may depend on nothing but grid-uniform values (kernel
 * parameters, gridDim, constants), since every block must arrive. The
 * enclosing condition (ir_ctx.grid_cause) decides; an exit is reported
 * only where no condition already explains it. */
#include "barrier_sites.h"
#include "checks.h"

static const char *who(const struct ir_cause *c)
{
	return c->level == U_BLOCK ? "blocks" : "threads";
}

static void site(struct cl_ctx *cx, const struct ir_expr *call, const struct ir_expr *barrier)
{
	const struct ir_ctx *x = call->ctx;
	const struct ir_cause *c = x->grid_cause;
	char subj[256], cond[128];
	barrier_site_subject(call, barrier, subj, sizeof subj);
	struct cl_finding *f;
	if (c && (c->kind == CAUSE_LOOP_COND || c->kind == CAUSE_LOOP_BREAK)) {
		barrier_site_cause(c, cond, sizeof cond);
		f = cl_report(cx, &cl_rules[RULE_CL1005], call->loc,
			"%s is inside a loop whose trip count differs between the %s of the grid (%s), so those that "
			"finish early stop arriving while the others wait for them: the whole grid deadlocks; loop a "
			"grid-uniform number of times (a kernel parameter, gridDim) and guard the work inside instead",
			subj, who(c), cond);
	} else if (c) {
		barrier_site_cause(c, cond, sizeof cond);
		f = cl_report(cx, &cl_rules[RULE_CL1005], call->loc,
			"%s runs only in the %s for which %s holds, but every thread of every block of the grid must "
			"reach a grid barrier: the others never arrive, so the whole grid deadlocks; move the barrier "
			"out of the branch and guard only the work", subj, who(c), cond);
	} else if (x->exit > U_GRID && x->exit_cause) {
		c = x->exit_cause;
		barrier_site_cause(c, cond, sizeof cond);
		f = cl_report(cx, &cl_rules[RULE_CL1005], call->loc,
			"%s comes after a `%s` (line %u) that only the %s for which %s holds take; they never arrive, "
			"so the whole grid deadlocks at the barrier; keep every thread running to the grid barrier and "
			"guard the work instead",
			subj, c->kind == CAUSE_RETURN ? "return" : c->kind == CAUSE_GOTO ? "goto" : "break",
			c->stmt ? c->stmt->loc.line : 0, who(c), cond);
		if (c->stmt)
			cl_note(f, c->stmt->loc, "some %s leave here", who(c));
	} else {
		return;
	}
	if (c->cond)
		cl_note(f, c->cond->loc, "this condition differs between the %s of the grid", who(c));
	barrier_site_note_callee(f, call, barrier);
}

void check_divergent_grid_barrier(struct cl_ctx *cx, const struct ir_unit *u)
{
	barrier_site_each_grid(cx, u, site);
}
