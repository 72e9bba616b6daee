/* memorder.c - the facts cached per unit (see memorder.h): which objects
 * device code writes and reads, the calls between the file's functions,
 * and the polls, deciding atomics and sites the parts find. */
#include "analysis/memorder_internal.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

static int note_waited(const struct mo_access *a, void *arg)
{
	struct memorder *m = arg;
	if (a->kind == ACC_LOAD && a->space != SPACE_LOCAL)
		mo_add_key(&m->waited, &m->nwaited, a->obj, a->field);
	return 0;
}

/* An atomic whose value the statement throws away (`atomicAdd(&n, 1);`)
 * reads nothing anyone uses. */
static bool result_used(const struct mo_access *a)
{
	const struct ir_stmt *st = a->stmt;
	return !(st && st->kind == SK_EXPR && ir_strip(st->u.expr) == a->e);
}

static int note_written(const struct mo_access *a, void *arg)
{
	struct memorder *m = arg;
	if (a->via)
		return 0; /* a helper's access, which its own walk notes */
	if (a->kind == ACC_STORE || (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD)) {
		if (mo_is_written(m, a->obj, a->field))
			mo_add_key(&m->rewritten, &m->nrewritten, a->obj, a->field);
		mo_add_key(&m->written, &m->nwritten, a->obj, a->field);
		if (a->obj)
			CL_VEC_PUSH(m->stores, m->nstores, m->cstores,
			            ((struct mo_store){ a->obj, a->field, a->e, a->stmt, a->kind == ACC_ATOMIC }));
	}
	if (a->kind == ACC_LOAD || (a->kind == ACC_ATOMIC && (a->in == IN_ATOMIC_LOAD || result_used(a))))
		mo_add_key(&m->read, &m->nread, a->obj, a->field);
	return 0;
}

/* ---- calls ------------------------------------------------------------------------ */

struct call_walk { struct memorder *m; const struct ir_func *caller; int cap; };

static int note_call(const struct mo_access *a, void *arg)
{
	struct call_walk *cw = arg;
	if ((a->kind == ACC_CALL || a->kind == ACC_INLINED) && !a->via && a->e->u.call->target)
		CL_VEC_PUSH(cw->m->calls, cw->m->ncalls, cw->cap,
		            ((struct mo_call){ cw->caller, a->e->u.call->target, a->stmt, a->e }));
	return 0;
}

/* The object each method is called on, when all its calls agree: the
 * method's accesses of `this` are then accesses of it, in the method's
 * own walk as in its callers'. */
static void find_receivers(struct memorder *m, const struct ir_unit *u)
{
	m->this_recv = xcalloc((size_t)u->nfuncs + 1, sizeof *m->this_recv);
	uint8_t *clash = xcalloc((size_t)u->nfuncs + 1, 1);
	for (int i = 0; i < m->ncalls; i++) {
		const struct ir_expr *c = m->calls[i].call;
		int id = m->calls[i].callee->id;
		const struct ir_expr *r = c->u.call->is_method && c->nkids ? c->kids[0] : NULL;
		const struct ir_expr *had = m->this_recv[id];
		if (!r || !ir_base_var(r))
			clash[id] = 1;
		else if (!had)
			m->this_recv[id] = r;
		else if (memspace_object(m->ms, had) != memspace_object(m->ms, r) ||
		         !mo_same_object(memspace_object(m->ms, r), mo_field(had), memspace_object(m->ms, r),
		                               mo_field(r)))
			clash[id] = 1;
	}
	for (int i = 0; i < u->nfuncs; i++)
		if (clash[i])
			m->this_recv[i] = NULL;
	free(clash);
}

static int note_host_call(const struct ir_expr *e, void *arg)
{
	uint8_t *called = arg;
	if (e->kind == EK_CALL && e->u.call->target)
		called[e->u.call->target->id] = 1;
	return 0;
}

/* The __host__ __device__ functions that host code calls and no device
 * code of the unit does (a ring buffer's init run before the launch):
 * what they store, the host stores. One nobody calls stays device code,
 * which another unit's kernels may call. malloc'd, by function id. */
static uint8_t *host_only(const struct memorder *m, const struct ir_unit *u)
{
	uint8_t *from_host = xcalloc((size_t)u->nfuncs + 1, 1);
	for (int i = 0; i < u->nfuncs; i++)
		if (!u->funcs[i]->is_device && !u->funcs[i]->is_global && u->funcs[i]->body)
			ir_walk_stmt_exprs(u->funcs[i]->body, note_host_call, from_host);
	for (int i = 0; i < m->ncalls; i++)
		from_host[m->calls[i].callee->id] = 0;
	for (int i = 0; i < u->nfuncs; i++)
		from_host[i] &= u->funcs[i]->is_host && !u->funcs[i]->is_global;
	return from_host;
}

/* ---- the facts ------------------------------------------------------------------ */

void mo_free(struct memorder *m)
{
	if (!m)
		return;
	free(m->polls);
	free(m->deciding);
	free(m->sync);
	free(m->polled);
	free(m->waited);
	free(m->written);
	free(m->stores);
	free(m->read);
	free(m->rewritten);
	free(m->calls);
	free(m->this_recv);
	mo_free_sites(m);
	free(m->taint_shared);
	for (int i = 0; i < m->nfuncs; i++)
		free(m->taint_local[i]);
	free(m->taint_local);
	free(m);
}

struct memorder *mo_new(const struct ir_unit *u, const struct memspace *ms)
{
	struct memorder *m = xcalloc(1, sizeof *m);
	m->ms = ms;
	m->nfuncs = u->nfuncs;
	m->taint_local = xcalloc((size_t)u->nfuncs + 1, sizeof *m->taint_local);
	m->u = u;
	struct call_walk cw = { m, NULL, 0 };
	for (int i = 0; i < u->nfuncs; i++) {
		cw.caller = u->funcs[i];
		if (u->funcs[i]->is_device || u->funcs[i]->is_global)
			mo_stmt_accesses(m, u->funcs[i]->body, note_call, &cw);
	}
	find_receivers(m, u);
	uint8_t *hosts = host_only(m, u);
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		m->taint_local[i] = xcalloc((size_t)f->nvars + 1, 1);
		if (!f->is_device && !f->is_global)
			continue;
		if (!hosts[i])
			mo_stmt_accesses(m, f->body, note_written, m);
		if (!f->analysed)
			continue;
		mo_poll_scan_function(m, f);
		mo_find_deciding(m, f);
	}
	free(hosts);
	for (int i = 0; i < m->npolls; i++) {
		mo_add_key(&m->sync, &m->nsync, m->polls[i].obj, m->polls[i].field);
		mo_add_key(&m->polled, &m->npolled, m->polls[i].obj, m->polls[i].field);
		mo_expr_accesses(m, m->polls[i].cond, m->polls[i].loop, note_waited, m);
	}
	for (int i = 0; i < m->ndeciding; i++)
		if (m->deciding[i]->nkids)
			mo_add_key(&m->sync, &m->nsync, memspace_object(m->ms, m->deciding[i]->kids[0]),
			        mo_field(m->deciding[i]->kids[0]));
	mo_collect_sites(m, u);
	return m;
}
