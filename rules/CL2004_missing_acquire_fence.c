/* CL2004 missing-acquire-fence: a thread observes a flag or ticket
 * (a relaxed atomic poll exits, or an atomic's result decides a branch),
 * then reads data other threads wrote, with no fence or acquire between.
 * Plain and volatile polls are CL2001 and CL2002; a fence of too narrow
 * a scope in between is CL2006. */
#include "checks.h"
#include "fixes.h"
#include "ordering.h"

#include <stdio.h>

/* Safe: a fence after the loop that polls OBS, when the data access is
 * after the loop (not in it). */
static void fix(struct cl_ctx *cx, struct cl_finding *f, const struct mo_scan *s, const struct ir_expr *obs)
{
	const struct memorder *m = s->m;
	const struct mo_poll *p = NULL;
	for (int i = 0; i < m->npolls && !p; i++)
		if (m->polls[i].load == obs && m->polls[i].fn == s->fn)
			p = &m->polls[i];
	if (!p || !s->hit.stmt || ir_stmt_inside(s->hit.stmt, p->loop) || s->hit.via)
		return;
	char fence[64];
	snprintf(fence, sizeof fence, "%s;", order_fence_call(s->flag_space, s->extent));
	cl_fix_begin(f, 1, "insert `%s` after the loop that polls the flag", fence);
	fix_insert_after(cx, f, p->loop, fence);
	cl_fix_done(f);
}

/* Safe: for a ticket, a fence before the outermost statement that holds
 * the data access and not the atomic (the branch the ticket decides, or
 * what follows an early return): after the atomic, before the read. In
 * a branch whose condition holds the atomic itself, the fence opens the
 * branch's `{ }`. */
static void fix_ticket(struct cl_ctx *cx, struct cl_finding *f, const struct mo_scan *s, const struct ir_expr *obs)
{
	const struct ir_stmt *t = s->hit.stmt;
	if (!t || s->hit.via || s->hit_fn != s->fn)
		return;
	while (t->parent && !mo_stmt_holds(t->parent, obs))
		t = t->parent;
	const struct ir_stmt *p = t->parent;
	if (!p)
		return;
	if (p->kind == SK_BLOCK) {
		/* after the statement that holds the atomic */
		int i = 0, at = -1;
		for (; i < p->u.block.n && p->u.block.v[i] != t; i++)
			if (mo_stmt_holds(p->u.block.v[i], obs))
				at = i;
		if (at < 0 || i == p->u.block.n)
			return;
	} else if (p->kind == SK_IF && t->kind == SK_BLOCK && t->u.block.n > 0 && !mo_stmt_holds(t, obs)) {
		t = t->u.block.v[0];
	} else {
		return;
	}
	if (!fix_in_block(t))
		return;
	char fence[64];
	snprintf(fence, sizeof fence, "%s;", order_fence_call(s->flag_space, s->extent));
	cl_fix_begin(f, 1, "insert `%s` after the atomic, before the data is read", fence);
	fix_insert_before(cx, f, t, fence);
	cl_fix_done(f);
}

static void report(struct cl_ctx *cx, const struct mo_scan *s, const struct ir_expr *obs, bool ticket)
{
	char data[96], what[96];
	mo_describe(s->hit.e, data, sizeof data);
	mo_describe(obs->kind == EK_CALL && obs->nkids ? obs->kids[0] : obs, what, sizeof what);
	bool store = s->hit.kind == ACC_STORE;
	struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2004], s->hit.e->loc,
		"`%s` is %s after %s `%s` with no fence or acquire in between, so %s; put %s between them, or "
		"observe with `cuda::atomic_ref<...>::load(cuda::memory_order_acquire)`",
		data, store ? "written" : "read", ticket ? "an atomic on" : "a relaxed poll of", what,
		store ? "the store can take effect before the flag is seen and collide with the accesses "
		        "of the thread that set it (another place stores to it too)"
		      : ticket ? "it can return data older than the ticket" : "it can return data older than the flag",
		order_fence_advice(s->flag_space, s->extent));
	cl_note(f, obs->loc, ticket ? "the atomic whose result decides the branch" : "the flag is observed here");
	if (ticket)
		fix_ticket(cx, f, s, obs);
	else
		fix(cx, f, s, obs);
}

static void observed(const struct mo_scan *s, const struct ir_expr *obs, bool ticket, const struct ir_func *fn,
                     void *arg)
{
	struct cl_ctx *cx = arg;
	if (s->narrowed)
		return; /* a fence of too narrow a scope: CL2006 */
	cx->fn = fn;
	report(cx, s, obs, ticket);
}

void check_missing_acquire_fence(struct cl_ctx *cx, const struct ir_unit *u)
{
	mo_each_observation(mo_facts(u), u, observed, cx);
	cx->fn = NULL;
}
