/* CL2004 missing-acquire-fence: a thread observes a flag or ticket
 * (a relaxed atomic poll exits, or an atomic's result decides a branch),
 * then reads data other threads wrote, with no fence or acquire between.
 * Plain and volatile polls are CL2001 and CL2002. */
#include "checks.h"
#include "ordering.h"

static void report(struct cl_ctx *cx, const struct order_scan *s, const struct ir_expr *obs, bool ticket)
{
	char data[96], what[96];
	memorder_describe(s->hit.e, data, sizeof data);
	memorder_describe(obs->kind == EK_CALL && obs->nkids ? obs->kids[0] : obs, what, sizeof what);
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
}

/* A fence right before the ticket atomic (NVIDIA's threadFenceReduction)
 * orders both directions in practice; accept it. */
struct fence_probe { enum mem_scope need; int fenced; };

static int fenced_before(const struct access *a, void *arg)
{
	struct fence_probe *fp = arg;
	fp->fenced = a->kind == ACC_FENCE && (a->scope == SCOPE_NONE || a->scope >= fp->need);
	return 1;
}

struct find_stmt { const struct ir_expr *e; struct ir_stmt *found; };

static int expr_is(struct ir_expr *e, void *arg)
{
	return e == ((struct find_stmt *)arg)->e;
}

static int own_holds(struct ir_stmt *s, enum ir_part role, struct ir_stmt *c, struct ir_expr *e, void *arg)
{
	(void)s;
	(void)role;
	return !c && ir_walk_expr(e, expr_is, arg);
}

static int stmt_holding(struct ir_stmt *s, void *arg)
{
	struct find_stmt *fs = arg;
	if (ir_stmt_parts(s, own_holds, fs)) {
		fs->found = s;
		return 1;
	}
	return 0;
}

void check_missing_acquire_fence(struct cl_ctx *cx, const struct ir_unit *u)
{
	const struct memorder *m = order_facts(u);
	for (int i = 0; i < m->npolls; i++) {
		const struct poll *p = &m->polls[i];
		bool relaxed = (p->kind == POLL_ATOMIC || p->kind == POLL_ASM) &&
		               (p->order == ORDER_RELAXED || p->order == ORDER_UNKNOWN);
		if (!relaxed)
			continue;
		if (memorder_read_barrier_ordered(m, p->load))
			continue;
		struct order_scan s = { .m = m, .fn = p->fn, .flag = p->obj, .flag_field = p->field, .flag_space = p->space,
		                        .extent = memorder_read_extent(m, p->load), .stores = true, .dir = ORDER_AFTER };
		order_scan_run(&s, p->loop);
		cx->fn = s.hit_fn ? s.hit_fn : p->fn;
		if (s.found)
			report(cx, &s, p->load, false);
	}
	for (int i = 0; i < m->ndeciding; i++) {
		struct ir_expr *d = m->deciding[i];
		if (intrinsic_order(d) != ORDER_RELAXED)
			continue;
		const struct ir_func *fn = NULL;
		struct find_stmt fs = { d, NULL };
		for (int j = 0; j < u->nfuncs && !fs.found; j++)
			if (u->funcs[j]->analysed && ir_walk_stmts(u->funcs[j]->body, stmt_holding, &fs))
				fn = u->funcs[j];
		if (!fs.found)
			continue;
		enum mo_extent x = memorder_read_extent(m, d);
		struct fence_probe fp = { order_needed_scope(memspace_space(m->ms, d->kids[0]), x), 0 };
		memorder_before(m, fs.found, fenced_before, &fp);
		if (fp.fenced || memorder_read_barrier_ordered(m, d))
			continue;
		struct order_scan s = { .m = m, .fn = fn, .flag = memspace_object(m->ms, d->kids[0]), .flag_field = memorder_field(d->kids[0]),
		                        .flag_space = memspace_space(m->ms, d->kids[0]), .only_decided = true,
		                        .extent = x, .stores = true, .dir = ORDER_AFTER };
		order_scan_run(&s, fs.found);
		cx->fn = fn;
		if (s.found)
			report(cx, &s, d, true);
	}
	cx->fn = NULL;
}
