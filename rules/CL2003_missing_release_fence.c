/* CL2003 missing-release-fence: data stored, then a flag or ticket
 * published, with nothing ordering the two for the consumer. */
#include "checks.h"
#include "ordering.h"

static bool is_poll_load(const struct memorder *m, const struct ir_expr *e)
{
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].load == e)
			return true;
	return false;
}

struct publish_ctx { struct cl_ctx *cx; const struct memorder *m; const struct ir_func *fn; };

static int publication(const struct access *a, void *arg)
{
	struct publish_ctx *pc = arg;
	const struct memorder *m = pc->m;
	if (!memorder_is_sync(m, a->obj, a->field))
		return 0;
	if (a->kind == ACC_ATOMIC) {
		if (a->in == IN_ATOMIC_LOAD || is_poll_load(m, a->e))
			return 0;
		if (a->order == ORDER_RELEASE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST)
			return 0; /* a release operation orders what came before */
	} else if (a->kind != ACC_STORE || !memorder_is_polled(m, a->obj, a->field)) {
		/* a plain store publishes only to a loop that polls; a ticket is
		 * taken with an atomic, and resetting it for the next launch
		 * (threadFenceReduction's `retirementCount = 0`) publishes nothing */
		return 0;
	}
	struct order_scan s = { .m = m, .fn = pc->fn, .flag = a->obj, .flag_field = a->field, .flag_space = a->space, .dir = ORDER_BEFORE };
	order_scan_run(&s, a->stmt);
	if (!s.found)
		return 0;
	char flag[96], data[96];
	memorder_describe(a->kind == ACC_ATOMIC && a->e->nkids ? a->e->kids[0] : a->e, flag, sizeof flag);
	memorder_describe(s.hit.e, data, sizeof data);
	bool shared = a->space == SPACE_SHARED;
	struct cl_finding *f = cl_report(pc->cx, &cl_rules[RULE_CL2003], a->e->loc,
		"`%s` publishes to other threads, but nothing orders the earlier store to `%s` before it, so a "
		"consumer can see the flag and still read stale data; put `%s` before the publication, or "
		"publish with `cuda::atomic_ref<...>::store(v, cuda::memory_order_release)`",
		flag, data, shared ? "__threadfence_block()" : "__threadfence()");
	cl_note(f, s.hit.e->loc, "data stored here");
	return 0;
}

static void check_function(struct cl_ctx *cx, const struct ir_func *f, void *arg)
{
	struct publish_ctx pc = { cx, arg, f };
	memorder_stmt_accesses(pc.m, f->body, publication, &pc);
}

void check_missing_release_fence(struct cl_ctx *cx, const struct ir_unit *u)
{
	cl_for_each_function(cx, u, check_function, (void *)order_facts(u));
}
