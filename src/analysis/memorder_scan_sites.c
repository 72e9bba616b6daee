/* memorder_scan_sites.c - which publications and observations the release and
 * acquire scans check. CL2003/CL2004 report an unordered access the scan
 * finds with no fence in between; CL2006 the same scan where a fence lay
 * between but of too narrow a scope. Both walk the same sites through
 * these two functions, so that each such access is reported by exactly
 * one of them. */
#include "analysis/memorder_scan.h"

static bool is_poll_load(const struct memorder *m, const struct ir_expr *e)
{
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].load == e)
			return true;
	return false;
}

bool mo_publication_scan(const struct memorder *m, const struct ir_func *fn, const struct mo_access *a, int x,
                            struct mo_scan *s)
{
	if (!mo_is_sync(m, a->obj, a->field) || mo_helper_no_publication(a))
		return false;
	if (a->kind == ACC_ATOMIC) {
		if (a->in == IN_ATOMIC_LOAD || mo_rmw_reads_only(a->e) || is_poll_load(m, a->e))
			return false;
		if (a->order == ORDER_RELEASE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST)
			return false; /* a release operation orders what came before */
	} else if (a->kind != ACC_STORE || !mo_is_polled(m, a->obj, a->field)) {
		/* a plain store publishes only to a loop that polls; a ticket is
		 * taken with an atomic, and resetting it for the next launch
		 * (threadFenceReduction's `retirementCount = 0`) publishes nothing */
		return false;
	}
	/* alone with its object between two barriers: whoever observes it
	 * does so after a barrier that already orders the data */
	if (mo_write_barrier_ordered(m, a->e) || mo_write_unobserved(m, a->e))
		return false;
	*s = (struct mo_scan){ .m = m, .fn = fn, .flag = a->obj, .flag_field = a->field, .flag_space = a->space,
	                          .extent = x < 0 ? mo_write_extent(m, a->e) : (enum mo_extent)x,
	                          .dir = MO_SCAN_BEFORE };
	mo_scan_from(s, a);
	return true;
}

/* A fence right before the ticket atomic (NVIDIA's threadFenceReduction)
 * orders both directions in practice; accept it. */
struct fence_probe { enum mem_scope need; int fenced; };

static int fenced_before(const struct mo_access *a, void *arg)
{
	struct fence_probe *fp = arg;
	fp->fenced = a->kind == ACC_FENCE && (a->scope == SCOPE_NONE || a->scope >= fp->need);
	return 1;
}

struct find_stmt { const struct ir_expr *e; struct ir_stmt *found; };

static int own_holds(const struct ir_stmt *s, enum ir_part role, const struct ir_stmt *c, const struct ir_expr *e, void *arg)
{
	(void)s;
	(void)role;
	const struct find_stmt *fs = arg;
	return !c && mo_expr_holds(e, fs->e);
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

void mo_each_observation(const struct memorder *m, const struct ir_unit *u, mo_obs_fn cb, void *arg)
{
	for (int i = 0; i < m->npolls; i++) {
		const struct mo_poll *p = &m->polls[i];
		bool relaxed = (p->kind == POLL_ATOMIC || p->kind == POLL_ASM) &&
		               (p->order == ORDER_RELAXED || p->order == ORDER_UNKNOWN);
		if (!relaxed)
			continue;
		if (mo_read_barrier_ordered(m, p->load))
			continue;
		struct mo_scan s = { .m = m, .fn = p->fn, .flag = p->obj, .flag_field = p->field, .flag_space = p->space,
		                        .extent = mo_read_extent(m, p->load), .stores = true, .dir = MO_SCAN_AFTER };
		mo_scan_run(&s, p->loop);
		if (s.found)
			cb(&s, p->load, false, s.hit_fn ? s.hit_fn : p->fn, arg);
	}
	for (int i = 0; i < m->ndeciding; i++) {
		struct ir_expr *d = m->deciding[i];
		if (intrinsic_order(d) != ORDER_RELAXED)
			continue;
		const struct ir_func *fn = NULL;
		struct find_stmt fs = { d, NULL };
		for (int j = 0; j < u->nfuncs && !fs.found; j++)
			if (u->funcs[j]->analysed && ir_walk_stmts_mut(u->funcs[j]->body, stmt_holding, &fs))
				fn = u->funcs[j];
		if (!fs.found)
			continue;
		enum mo_extent x = mo_read_extent(m, d);
		struct fence_probe fp = { mo_needed_scope(memspace_space(m->ms, d->kids[0]), x), 0 };
		mo_before(m, fs.found, fenced_before, &fp);
		if (fp.fenced || mo_read_barrier_ordered(m, d))
			continue;
		struct mo_scan s = { .m = m, .fn = fn, .flag = memspace_object(m->ms, d->kids[0]), .flag_field = mo_field(d->kids[0]),
		                        .flag_space = memspace_space(m->ms, d->kids[0]), .only_decided = true,
		                        .extent = x, .stores = true, .dir = MO_SCAN_AFTER };
		mo_scan_run(&s, fs.found);
		if (s.found)
			cb(&s, d, true, fn, arg);
	}
}
