/* memorder_ticket.c - read-modify-write atomics whose results decide
 * branches: tickets and locks (see memorder.h). */
#include "analysis/memorder_internal.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- deciding atomics ----------------------------------------------------------- */

/* Variables whose value derives from one RMW's result (the seed):
 * locals of the function, and __shared__ variables such as amLast. */
struct taint {
	const struct ir_func *fn;
	const struct ir_expr *seed;
	uint8_t *local;
	const struct ir_var **shared; int nshared;
	bool changed;
};

static int is_rmw_call(const struct ir_expr *e)
{
	return e->kind == EK_CALL && e->u.call.intrinsic == IN_ATOMIC_RMW;
}

static bool var_tainted(const uint8_t *local, int nvars, const struct ir_var *const *shared, int nshared,
                        const struct ir_var *v)
{
	if (v->kind == VAR_GLOBAL)
		return mo_in_set(shared, nshared, v);
	return local && v->id >= 0 && v->id < nvars && local[v->id];
}

static int expr_tainted(struct ir_expr *e, void *arg)
{
	struct taint *t = arg;
	if (e == t->seed)
		return 1;
	return e->kind == EK_VAR && var_tainted(t->local, t->fn->nvars, t->shared, t->nshared, e->u.var);
}

static bool tainted(struct taint *t, struct ir_expr *e)
{
	return e && ir_walk_expr(e, expr_tainted, t);
}

static void taint_var(struct taint *t, const struct ir_var *v)
{
	if (!v)
		return;
	if (v->kind == VAR_GLOBAL) {
		if (v->space == SPACE_SHARED && !mo_in_set(t->shared, t->nshared, v)) {
			mo_add_obj(&t->shared, &t->nshared, v);
			t->changed = true;
		}
	} else if (v->id >= 0 && v->id < t->fn->nvars && !t->local[v->id]) {
		t->local[v->id] = 1;
		t->changed = true;
	}
}

static int taint_assign(struct ir_expr *e, void *arg)
{
	struct taint *t = arg;
	if (e->kind == EK_ASSIGN && ir_strip(e->kids[0])->kind == EK_VAR && tainted(t, e->kids[1]))
		taint_var(t, ir_base_var(e->kids[0]));
	return 0;
}

static int taint_decl(struct ir_stmt *s, void *arg)
{
	struct taint *t = arg;
	if (s->kind == SK_DECL && tainted(t, s->u.decl.init))
		taint_var(t, s->u.decl.var);
	return 0;
}

static struct ir_expr *stmt_cond(const struct ir_stmt *s)
{
	switch (s->kind) {
	case SK_IF: return s->u.if_.cond;
	case SK_LOOP: return s->u.loop.cond;
	case SK_SWITCH: return s->u.sw.cond;
	default: return NULL;
	}
}

/* A condition the seed decides. A read (atomicAdd(p, 0)) that decides
 * only when a loop counting to a bound stops searching hands nothing
 * over: the loop ends by itself either way. */
static int probe_cond(struct ir_stmt *s, void *arg)
{
	struct taint *t = arg;
	struct ir_expr *c = stmt_cond(s);
	if (!c || !tainted(t, c))
		return 0;
	return !(memorder_rmw_reads_only(t->seed) && mo_counting_exit(s, t->fn->nvars));
}

static int collect_rmw(struct ir_expr *e, void *arg)
{
	if (is_rmw_call(e))
		ptrvec_push(arg, e);
	return 0;
}

enum cas_kind mo_cas_kind(const struct ir_expr *call)
{
	int64_t v;
	const char *n = call->kind == EK_CALL ? call->u.call.name : NULL;
	int first = call->kind == EK_CALL && call->u.call.is_method; /* cuda::atomic_ref: the object */
	if (!n || (!strstr(n, "CAS") && !strstr(n, "compare_exchange")))
		return CAS_NONE;
	if (call->nkids <= first + 1)
		return CAS_NONE;
	return ir_const_value(call->kids[first + 1], &v) ? CAS_LOCK : CAS_UPDATE;
}

bool memorder_rmw_reads_only(const struct ir_expr *call)
{
	int64_t v;
	const char *n = call->kind == EK_CALL ? call->u.call.name : NULL;
	int first = call->kind == EK_CALL && call->u.call.is_method;
	if (!n || call->nkids <= first + 1 || !ir_const_value(call->kids[first + 1], &v) || v)
		return false;
	return strstr(n, "Add") || strstr(n, "Sub") || strstr(n, "Or") || strstr(n, "Xor") ||
	       strstr(n, "fetch_add") || strstr(n, "fetch_sub") || strstr(n, "fetch_or") || strstr(n, "fetch_xor");
}

void mo_find_deciding(struct memorder *m, const struct ir_func *fn)
{
	struct ptrvec rmws = { 0 };
	ir_walk_stmt_exprs(fn->body, collect_rmw, &rmws);
	for (int i = 0; i < rmws.n; i++) {
		/* a compare-and-swap update decides only whether to retry:
		 * it hands out nothing */
		if (mo_cas_kind(rmws.v[i]) == CAS_UPDATE)
			continue;
		struct taint t = { fn, rmws.v[i], xcalloc((size_t)fn->nvars + 1, 1), NULL, 0, false };
		do {
			t.changed = false;
			ir_walk_stmt_exprs(fn->body, taint_assign, &t);
			ir_walk_stmts(fn->body, taint_decl, &t);
		} while (t.changed);
		if (ir_walk_stmts(fn->body, probe_cond, &t)) {
			m->deciding = xrealloc(m->deciding, (size_t)(m->ndeciding + 1) * sizeof *m->deciding);
			m->deciding[m->ndeciding++] = rmws.v[i];
			for (int v = 0; v < fn->nvars; v++)
				m->taint_local[fn->id][v] |= t.local[v];
			for (int v = 0; v < t.nshared; v++)
				mo_add_obj(&m->taint_shared, &m->ntaint_shared, t.shared[v]);
		}
		free(t.local);
		free(t.shared);
	}
	free(rmws.v);
}

struct decided_probe { const struct memorder *m; const struct ir_func *fn; };

static int decided_expr(struct ir_expr *e, void *arg)
{
	struct decided_probe *dp = arg;
	if (is_rmw_call(e))
		for (int i = 0; i < dp->m->ndeciding; i++)
			if (dp->m->deciding[i] == e)
				return 1;
	return e->kind == EK_VAR && var_tainted(dp->m->taint_local[dp->fn->id], dp->fn->nvars, dp->m->taint_shared,
	                                        dp->m->ntaint_shared, e->u.var);
}

bool memorder_in_decided_branch(const struct memorder *m, const struct ir_func *fn, const struct ir_stmt *st)
{
	struct decided_probe dp = { m, fn };
	for (const struct ir_stmt *c = st; c && c->parent; c = c->parent) {
		struct ir_expr *cond = ir_guarding_cond(c);
		if (cond && ir_walk_expr(cond, decided_expr, &dp))
			return true;
	}
	return false;
}
