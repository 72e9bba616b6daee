/* memorder_poll.c - loops that wait for a location another thread
 * writes (see memorder.h). */
#include "analysis/memorder_internal.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- polls ------------------------------------------------------------------ */

struct var_marks { uint8_t *v; int n; };

/* Whether e reads any variable marked (assigned in the loop). */
static int reads_marked(const struct ir_expr *e, void *arg)
{
	struct var_marks *vm = arg;
	return e->kind == EK_VAR && e->u.var->kind != VAR_GLOBAL && e->u.var->id >= 0 && e->u.var->id < vm->n &&
	       vm->v[e->u.var->id];
}

static bool invariant_address(struct ir_expr *lv, struct var_marks *vm)
{
	const struct ir_expr *e = ir_strip(lv);
	if (e->kind == EK_VAR)
		return true;
	/* everything under the lvalue except the base variable itself */
	for (int i = 0; i < e->nkids; i++)
		if (ir_walk_expr(e->kids[i], reads_marked, vm))
			return false;
	return true;
}

struct poll_scan {
	struct memorder *m;
	const struct ir_func *fn;
	struct ir_stmt *loop;
	struct ir_expr *cond;
	struct var_marks vm;
	bool forces_reload;
	bool cond_opaque;            /* the exit condition's helpers make an opaque call */
	const struct ir_var *stored[32];
	int nstored;
};

static int body_effects(const struct mo_access *a, void *arg)
{
	struct poll_scan *ps = arg;
	if (a->kind == ACC_FENCE || a->kind == ACC_BARRIER || a->kind == ACC_ATOMIC || a->kind == ACC_CALL ||
	    a->kind == ACC_WARP_SYNC)
		ps->forces_reload = true;
	if (a->kind == ACC_STORE && a->obj && ps->nstored < 32)
		ps->stored[ps->nstored++] = a->obj;
	/* a loop that updates the object itself with an atomic is counting
	 * (`while (hit < n) { ...; atomicAdd(&hit, 1); }`) or retrying a
	 * compare-and-swap update, not waiting for another thread; a CAS
	 * against a constant (`atomicCAS(&lock, 0, 1)`) is a lock taken,
	 * which waits, and so does atomicAdd(&flag, 0), a read */
	if (a->kind == ACC_ATOMIC && a->in == IN_ATOMIC_RMW && a->obj && ps->nstored < 32 && mo_cas_kind(a->e) != CAS_LOCK &&
	    !mo_rmw_reads_only(a->e))
		ps->stored[ps->nstored++] = a->obj;
	return 0;
}

static int asm_clobbers(const struct ir_stmt *s, void *arg)
{
	struct poll_scan *ps = arg;
	if (s->kind == SK_ASM && (s->u.asm_.clobbers_memory || intrinsic_asm_is_barrier(s->u.asm_.text) ||
	                          strstr(s->u.asm_.text, "fence") || strstr(s->u.asm_.text, "membar")))
		ps->forces_reload = true;
	return 0;
}

static bool stored_in_loop(struct poll_scan *ps, const struct ir_var *obj)
{
	for (int i = 0; i < ps->nstored; i++)
		if (ps->stored[i] == obj)
			return true;
	return false;
}

static void add_poll(struct poll_scan *ps, struct ir_expr *load, struct ir_loc at, const struct ir_var *obj,
                     const char *field, enum ir_space space, enum mo_poll_kind kind, enum mem_order order)
{
	struct memorder *m = ps->m;
	if (!obj || space == SPACE_LOCAL || space == SPACE_CONSTANT || stored_in_loop(ps, obj))
		return;
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].loop == ps->loop && m->polls[i].obj == obj)
			return;
	m->polls = xrealloc(m->polls, (size_t)(m->npolls + 1) * sizeof *m->polls);
	m->polls[m->npolls++] = (struct mo_poll){ ps->fn, ps->loop, ps->cond, load, at, obj, field, space, kind, order,
	                                       ps->forces_reload };
}

static enum mem_order asm_order(const char *t)
{
	if (strstr(t, ".acquire"))
		return ORDER_ACQUIRE;
	if (strstr(t, ".relaxed"))
		return ORDER_RELAXED;
	return ORDER_UNKNOWN;
}

static int reads_helper_local(const struct ir_expr *e, void *arg)
{
	(void)arg;
	return e->kind == EK_VAR && e->u.var->kind == VAR_LOCAL;
}

/* The address of an access in a helper the exit condition calls is the
 * same in every iteration when the call's arguments are and the helper
 * computes it from its parameters (and globals) alone: its locals are
 * the helper's own loop's business. */
static bool invariant_via(const struct mo_access *a, const struct ir_expr *lv, struct var_marks *vm)
{
	for (int i = 0; i < a->via->nkids; i++)
		if (ir_walk_expr(a->via->kids[i], reads_marked, vm))
			return false;
	const struct ir_expr *e = ir_strip(lv);
	for (int i = 0; i < e->nkids; i++)
		if (ir_walk_expr(e->kids[i], reads_helper_local, NULL))
			return false;
	return e->kind != EK_VAR || e->u.var->kind != VAR_LOCAL;
}

static bool invariant_access(const struct mo_access *a, struct ir_expr *lv, struct var_marks *vm)
{
	return a->via ? invariant_via(a, lv, vm) : invariant_address(lv, vm);
}

/* The loads an exit condition observes; in the helpers it calls too,
 * reported at the call. */
static int cond_access(const struct mo_access *a, void *arg)
{
	struct poll_scan *ps = arg;
	if (a->via && ps->cond_opaque)
		return 0;
	struct ir_loc at = mo_access_loc(a);
	if (a->kind == ACC_LOAD && invariant_access(a, a->e, &ps->vm))
		add_poll(ps, a->e, at, a->obj, a->field, a->space, a->is_volatile ? POLL_VOLATILE : POLL_PLAIN,
		         ORDER_UNKNOWN);
	else if (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_STORE && a->e->nkids &&
	         invariant_access(a, a->e->kids[0], &ps->vm))
		add_poll(ps, a->e, at, a->obj, a->field, a->space, POLL_ATOMIC, a->order);
	return 0;
}

/* A call the exit condition's helpers make that is not seen through (a
 * recursive one) may do anything: their loads are then not taken for a
 * poll. */
static int opaque_in_helper(const struct mo_access *a, void *arg)
{
	(void)arg;
	return a->kind == ACC_CALL && a->via;
}

/* A local the condition tests, loaded inside the loop: `do { v = *p; } while (!v);` */
struct local_source { struct poll_scan *ps; const struct ir_var *var; };

static int local_load(const struct mo_access *a, void *arg)
{
	struct local_source *ls = arg;
	(void)ls;
	return cond_access(a, ls->ps);
}

static int find_local_sources(struct ir_stmt *s, void *arg)
{
	struct local_source *ls = arg;
	struct poll_scan *ps = ls->ps;
	struct ir_expr *rhs = NULL;
	if (s->kind == SK_EXPR && s->u.expr && s->u.expr->kind == EK_ASSIGN && ir_base_var(s->u.expr->kids[0]) == ls->var &&
	    ir_strip(s->u.expr->kids[0])->kind == EK_VAR)
		rhs = s->u.expr->kids[1];
	else if (s->kind == SK_DECL && s->u.decl.var == ls->var)
		rhs = s->u.decl.init;
	/* the value of a call that is not an intrinsic (`err = Init(n,
	 * storage[0])`) is what the callee returns, not the memory its
	 * arguments read */
	const struct ir_expr *v = rhs ? ir_strip(rhs) : NULL;
	if (v && !(v->kind == EK_CALL && v->u.call->intrinsic == IN_NONE))
		mo_expr_accesses(ps->m, rhs, s, local_load, ls);
	if (s->kind == SK_ASM)
		for (int i = 0; i < s->u.asm_.nouts; i++)
			if (ir_base_var(s->u.asm_.outs[i]) == ls->var && s->u.asm_.nins > 0) {
				const char *t = s->u.asm_.text;
				if (!strstr(t, "ld.") && !strstr(t, "atom."))
					continue;
				struct ir_expr *addr = s->u.asm_.ins[0];
				if (!invariant_address(addr, &ps->vm) && ir_strip(addr)->kind != EK_VAR)
					continue;
				enum mo_poll_kind k = strstr(t, "ld.volatile") ? POLL_VOLATILE : POLL_ASM;
				add_poll(ps, s->u.asm_.outs[i], s->loc, memspace_object(ps->m->ms, addr), mo_field(addr),
				         memspace_space(ps->m->ms, addr), k, asm_order(t));
			}
	return 0;
}

static int cond_locals(const struct ir_expr *e, void *arg)
{
	struct poll_scan *ps = arg;
	if (e->kind == EK_VAR && e->u.var->kind == VAR_LOCAL && e->u.var->id >= 0 && e->u.var->id < ps->vm.n &&
	    ps->vm.v[e->u.var->id]) {
		struct local_source ls = { ps, e->u.var };
		ir_walk_stmts_mut(ps->loop->u.loop.body, find_local_sources, &ls);
	}
	return 0;
}

static void scan_exit_cond(struct poll_scan *ps, struct ir_expr *cond)
{
	if (!cond)
		return;
	ps->cond = cond;
	ps->cond_opaque = mo_expr_accesses(ps->m, cond, ps->loop, opaque_in_helper, NULL);
	mo_expr_accesses(ps->m, cond, ps->loop, cond_access, ps);
	ir_walk_expr(cond, cond_locals, ps);
}


static int mo_find_loops(struct ir_stmt *s, void *arg)
{
	struct poll_scan *base = arg;
	if (s->kind != SK_LOOP || s->u.loop.form == LOOP_RANGE)
		return 0;
	struct poll_scan ps = { .m = base->m, .fn = base->fn, .loop = s };
	ps.vm.n = base->fn->nvars;
	ps.vm.v = xcalloc((size_t)ps.vm.n + 1, 1);
	ir_mark_assigned(s->u.loop.body, s->u.loop.inc, ps.vm.v);
	ir_mark_assigned(NULL, s->u.loop.cond, ps.vm.v);
	mo_stmt_accesses(ps.m, s->u.loop.body, body_effects, &ps);
	ir_walk_stmts(s->u.loop.body, asm_clobbers, &ps);
	int64_t v;
	bool forever = !s->u.loop.cond || (ir_const_value(s->u.loop.cond, &v) && v);
	if (!mo_counting_loop(s, base->fn->nvars)) {
		if (!forever)
			scan_exit_cond(&ps, s->u.loop.cond);
		/* `if (c) break;` at the top level of the body */
		struct ir_stmt *b = s->u.loop.body;
		for (int i = 0; b && b->kind == SK_BLOCK && i < b->u.block.n; i++)
			scan_exit_cond(&ps, mo_break_cond(b->u.block.v[i]));
	}
	free(ps.vm.v);
	return 0;
}


void mo_poll_scan_function(struct memorder *m, const struct ir_func *f)
{
	struct poll_scan base = { .m = m, .fn = f };
	ir_walk_stmts_mut(f->body, mo_find_loops, &base);
}
