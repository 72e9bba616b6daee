#include "barrier_sites.h"
#include "analysis/cuda_barrier.h"
#include "analysis/intrinsics.h"

#include <stdio.h>
#include <string.h>

struct site_walk {
	barrier_site_fn fn;
	int (*reaches)(const struct ir_expr *call, const struct ir_expr **inner);
	const struct ir_unit *u;
};

static void visit(struct cl_ctx *cx, const struct ir_func *f, const struct ir_expr *call, void *arg)
{
	(void)f;
	struct site_walk *w = arg;
	const struct ir_expr *inner;
	if (!call->ctx)
		return;
	if (w->reaches == uni_reaches_block_barrier && cubar_arrival(call) &&
	    !intrinsic_is_block_barrier(call->u.call->intrinsic)) {
		/* bar.arrive(), alone or in bar.wait(bar.arrive()): no barrier
		 * to the analyses (it does not wait), but an arrival the phase
		 * counts */
		if (cubar_skip_loses_arrivals(w->u, call, call))
			w->fn(cx, call, call);
		return;
	}
	if (w->reaches(call, &inner) &&
	    (w->reaches != uni_reaches_block_barrier || cubar_skip_loses_arrivals(w->u, call, inner)))
		w->fn(cx, call, inner);
}

void barrier_site_each(struct cl_ctx *cx, const struct ir_unit *u, barrier_site_fn fn)
{
	struct site_walk w = { fn, uni_reaches_block_barrier, u };
	cl_for_each_call(cx, u, visit, &w);
}

void barrier_site_each_grid(struct cl_ctx *cx, const struct ir_unit *u, barrier_site_fn fn)
{
	struct site_walk w = { fn, uni_reaches_grid_barrier, u };
	cl_for_each_call(cx, u, visit, &w);
}

const char *barrier_site_subject(const struct ir_expr *site, const struct ir_expr *barrier, char *buf, unsigned len)
{
	char b[192];
	intrinsic_display(barrier, b, sizeof b);
	const struct ir_var *bar = cubar_arrival(barrier);
	if (bar) { /* name the barrier object: `bar.arrive()` on cuda::barrier `bar` */
		size_t n = strlen(b);
		snprintf(b + n, sizeof b - n, "` on cuda::barrier `%s", bar->name);
	}
	/* a library collective's barrier is inside it, out of sight */
	bool lib = barrier->u.call->intrinsic == IN_LIB_BLOCK;
	if (site == barrier && lib)
		snprintf(buf, len, "`%s`, which synchronises the block internally (it calls `__syncthreads()`),", b);
	else if (site == barrier)
		snprintf(buf, len, "`%s`", b);
	else if (lib)
		snprintf(buf, len, "the call to `%s()`, which reaches `%s` (it calls `__syncthreads()` internally),",
		         site->u.call->name, b);
	else
		snprintf(buf, len, "the call to `%s()`, which reaches `%s`,", site->u.call->name, b);
	return buf;
}

const char *barrier_site_cause(const struct ir_cause *c, char *buf, unsigned len)
{
	if (c && c->cond && c->cond->text)
		snprintf(buf, len, "`%s`", c->cond->text);
	else if (c && c->cond)
		snprintf(buf, len, "the condition on line %u", c->cond->loc.line);
	else
		snprintf(buf, len, "a thread-dependent condition");
	return buf;
}

void barrier_site_note_callee(struct cl_finding *f, const struct ir_expr *site, const struct ir_expr *barrier)
{
	if (site != barrier)
		cl_note(f, barrier->loc, "the barrier is reached here");
}
