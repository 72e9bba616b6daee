/* CL1003 barrier-after-divergent-exit: a block barrier after a return,
 * continue or goto that only some threads took. Reported only when no
 * enclosing condition already explains the divergence (CL1001/CL1002).
 *
 * Threads that exited count as arrived at a barrier on sm_70 and later
 * (the PTX `exit` releases a barrier held up only by exiting threads),
 * so such a barrier does not hang; the programming guide still calls a
 * barrier that some threads skip undefined. What goes wrong is the data
 * the leavers were to write. An early return from the kernel is judged
 * from the block's runs (analysis/blocksim.h, exit facts): when a thread
 * that stays reads, after the barrier, shared memory only threads that
 * may have left write, the finding says so and points at the read; when
 * every such read sees a value some thread surely wrote, the exit is
 * reported as a note that names the assumption (rules/CL1003.md). */
#include "analysis/blocksim.h"
#include "barrier_sites.h"
#include "checks.h"

#include <stdio.h>

static const char *exit_word(enum cause_kind k)
{
	switch (k) {
	case CAUSE_RETURN: return "return";
	case CAUSE_CONTINUE: return "continue";
	case CAUSE_GOTO: return "goto";
	default: return "break";
	}
}

/* The unit the sites are in: barrier_site_each's callbacks are
 * given the context only, and rules run one unit at a time. */
static const struct ir_unit *unit;

static void site(struct cl_ctx *cx, const struct ir_expr *call, const struct ir_expr *barrier)
{
	const struct ir_ctx *x = call->ctx;
	if (x->block_cause || x->exit <= U_BLOCK || !x->exit_cause)
		return;
	const struct ir_cause *c = x->exit_cause;
	struct blocksim_exit_fact xf = { BLOCKSIM_EXIT_UNJUDGED, NULL, NULL, NULL };
	if (c->kind == CAUSE_RETURN && c->stmt)
		xf = blocksim_exit(unit, c->stmt);
	char subj[256], cond[128], rd[96], wr[96];
	barrier_site_subject(call, barrier, subj, sizeof subj);
	barrier_site_cause(c, cond, sizeof cond);
	unsigned line = c->stmt ? c->stmt->loc.line : 0;
	struct cl_finding *f;
	if (xf.verdict == BLOCKSIM_EXIT_HARMLESS) {
		f = cl_report(cx, &cl_rules[RULE_CL1003], call->loc,
			"%s comes after a `%s` (line %u) that only the threads for which %s holds take: the programming "
			"guide leaves a barrier that some threads skip undefined, and the code relies on exited threads "
			"counting as arrived (sm_70 and later); no thread that stays reads shared memory the leavers were "
			"to write, so it works, but returning after the last barrier, or guarding the work, says so",
			subj, exit_word(c->kind), line, cond);
		if (f->level > CL_LEVEL_NOTE)
			f->level = CL_LEVEL_NOTE;
	} else if (xf.verdict == BLOCKSIM_EXIT_STALE) {
		mo_describe(xf.read, rd, sizeof rd);
		mo_describe(xf.write, wr, sizeof wr);
		f = cl_report(cx, &cl_rules[RULE_CL1003], call->loc,
			"%s comes after a `%s` (line %u) that only the threads for which %s holds take; exited threads "
			"count as arrived, so it does not hang, but the threads that left never write `%s` (line %u), "
			"which `%s` (line %u) reads after a barrier: it sees stale data (a wrong sum, in a "
			"reduction); keep every thread running to the last barrier and guard the work instead (neutral "
			"values for the idle threads)",
			subj, exit_word(c->kind), line, cond, wr, xf.write->loc.line, rd, xf.read->loc.line);
	} else {
		f = cl_report(cx, &cl_rules[RULE_CL1003], call->loc,
			"%s comes after a `%s` (line %u) that only the threads for which %s holds take; exited threads "
			"count as arrived on sm_70 and later, so it does not hang there, but whatever shared memory the "
			"threads that left were to write stays stale for the threads that read it after the barrier, and "
			"the programming guide leaves such a barrier undefined; keep every thread running to the last "
			"barrier and guard the work instead",
			subj, exit_word(c->kind), line, cond);
	}
	if (c->stmt)
		cl_note(f, c->stmt->loc, "some threads leave here");
	if (c->cond)
		cl_note(f, c->cond->loc, "under this %s condition", c->level == U_WARP ? "warp-dependent" : "thread-dependent");
	if (xf.verdict == BLOCKSIM_EXIT_STALE)
		cl_note(f, xf.read->loc, "read here after a barrier, without the part the leavers would have written");
	barrier_site_note_callee(f, call, barrier);
}

void check_barrier_after_divergent_exit(struct cl_ctx *cx, const struct ir_unit *u)
{
	unit = u;
	barrier_site_each(cx, u, site);
	unit = NULL;
}
