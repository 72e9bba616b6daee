/* CL2002 volatile-flag-poll: a loop polls a flag through volatile, then
 * reads data another thread wrote with no acquire ordering in between.
 * volatile makes the load happen; it does not order the reads after it
 * (the H200 litmus read stale data in 99.999% of reads without a fence:
 * docs/design/gpu-facts.md, "Polls, fences and scopes"). */
#include "checks.h"
#include "ordering.h"

void check_volatile_flag_poll(struct cl_ctx *cx, const struct ir_unit *u)
{
	const struct memorder *m = mo_facts(u);
	for (int i = 0; i < m->npolls; i++) {
		const struct mo_poll *p = &m->polls[i];
		if (p->kind != POLL_VOLATILE)
			continue;
		if (mo_read_barrier_ordered(m, p->load))
			continue;
		struct mo_scan s = { .m = m, .fn = p->fn, .flag = p->obj, .flag_field = p->field, .flag_space = p->space,
		                        .extent = mo_read_extent(m, p->load), .dir = MO_SCAN_AFTER };
		mo_scan_run(&s, p->loop);
		if (!s.found)
			continue;
		char what[96], data[96];
		mo_describe(p->load, what, sizeof what);
		mo_describe(s.hit.e, data, sizeof data);
		cx->fn = p->fn;
		struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2002], p->at,
			"the loop polls `%s` through volatile and then reads `%s` with no acquire ordering, so the "
			"read can see data older than the flag; add %s after the loop, or poll with "
			"`cuda::atomic_ref<...>::load(cuda::memory_order_acquire)`",
			what, data, order_fence_advice(p->space, s.extent));
		cl_note(f, s.hit.e->loc, "data read without acquire ordering");
	}
	cx->fn = NULL;
}
