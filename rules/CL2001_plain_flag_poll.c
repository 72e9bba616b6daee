/* CL2001 plain-flag-poll: a loop waits for another thread to change a
 * location it reads with a plain load. Nothing forces the compiler to
 * read it again, nor the hardware to read past the SM's L1: on an H200 the
 * weak load stayed in the loop and spun forever on a stale line
 * (docs/design/gpu-facts.md, "Polls, fences and scopes"). */
#include "checks.h"
#include "fixes.h"
#include "ordering.h"

#include <stdio.h>
#include <string.h>

/* The types cuda::atomic_ref takes, as clang spells them. */
static bool atomic_type(const char *t)
{
	static const char *const ok[] = { "int", "unsigned int", "unsigned", "long", "unsigned long", "long long",
	                                  "unsigned long long", "int32_t", "uint32_t", "int64_t", "uint64_t",
	                                  "size_t", "bool", NULL };
	for (int i = 0; t && ok[i]; i++)
		if (!strcmp(t, ok[i]))
			return true;
	return false;
}

/* Safe: the load becomes an acquire load of the same location, which a
 * correct program cannot tell from the plain one but for the ordering it
 * adds; the file gains `#include <cuda/atomic>` when it lacks it. */
static void fix(struct cl_ctx *cx, struct cl_finding *f, const struct ir_unit *u, const struct mo_poll *p)
{
	const struct ir_expr *e = p->load;
	bool lvalue = (e->kind == EK_UNARY && e->op == OP_DEREF) || e->kind == EK_INDEX || e->kind == EK_VAR ||
	              e->kind == EK_MEMBER;
	if (!lvalue || e->is_volatile || !atomic_type(e->type) || p->at.line != e->loc.line ||
	    p->at.col != e->loc.col || !e->range.ok)
		return;
	char open[160];
	snprintf(open, sizeof open, "cuda::atomic_ref<%s, cuda::thread_scope_%s>(", e->type,
	         p->space == SPACE_SHARED ? "block" : "device");
	cl_fix_begin(f, 1, "read it with `%s...).load(cuda::memory_order_acquire)`", open);
	fix_include(cx, f, u, "cuda/atomic");
	cl_fix_edit(cx, f, e->range.b, e->range.b, open);
	cl_fix_edit(cx, f, e->range.e, e->range.e, ").load(cuda::memory_order_acquire)");
	cl_fix_done(f);
}

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
		fix(cx, f, u, p);
	}
	cx->fn = NULL;
}
