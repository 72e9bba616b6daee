/* CL2001 plain-flag-poll: a loop waits for another thread to change a
 * location it reads with a plain load. Nothing forces the compiler to
 * read it again, nor the hardware to read past the SM's L1: on an H200 the
 * weak load stayed in the loop and spun forever on a stale line
 * (docs/design/gpu-facts.md, "Polls, fences and scopes"). */
#include "checks.h"
#include "ordering.h"

void check_plain_flag_poll(struct cl_ctx *cx, const struct ir_unit *u)
{
	const struct memorder *m = mo_facts(u);
	for (int i = 0; i < m->npolls; i++) {
		const struct mo_poll *p = &m->polls[i];
		if (p->kind != POLL_PLAIN || p->body_forces_reload)
			continue;
		char what[96];
		mo_describe(p->load, what, sizeof what);
		cx->fn = p->fn;
		struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2001], p->at,
			"`%s` is read with a plain load in the exit condition of a loop that waits for another "
			"thread to change it; the compiler may read it once and spin forever; read it with "
			"`cuda::atomic_ref<T, cuda::thread_scope_device>(...).load(cuda::memory_order_acquire)` "
			"(or `atomicAdd(p, 0)` followed by `__threadfence()` on old toolkits)", what);
		cl_note(f, p->loop->loc, "the loop that waits");
		if (p->at.line != p->load->loc.line || p->at.file != p->load->loc.file)
			cl_note(f, p->load->loc, "the load, in the helper the exit condition calls");
	}
	cx->fn = NULL;
}
