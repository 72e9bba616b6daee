/* memorder.c - accesses, polls and sync objects (see memorder.h). */
#include "analysis/memorder.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- accesses ------------------------------------------------------------ */

struct acc_walk {
	const struct memorder *m;
	struct ir_stmt *st;
	access_fn fn;
	void *arg;
};

static int emit(struct acc_walk *w, enum acc_kind k, struct ir_expr *e)
{
	struct access a = { .kind = k, .e = e, .stmt = w->st };
	if (k == ACC_LOAD || k == ACC_STORE) {
		a.obj = memspace_object(w->m->ms, e);
		a.field = memorder_field(e);
		a.space = memspace_space(w->m->ms, e);
		if (a.space == SPACE_LOCAL || a.space == SPACE_CONSTANT)
			return 0;
		const struct ir_var *v = ir_base_var(e);
		a.is_volatile = e->is_volatile || (v && (v->pointee_volatile || v->is_volatile));
	} else {
		a.in = intrinsic_of(e);
		a.scope = intrinsic_scope(e);
		a.order = intrinsic_order(e);
		if (k == ACC_ATOMIC && e->nkids) {
			struct ir_expr *p = e->kids[0];
			a.obj = memspace_object(w->m->ms, p);
			a.field = memorder_field(p);
			a.space = memspace_space(w->m->ms, p);
		}
	}
	return w->fn(&a, w->arg);
}

static int rvalue(struct acc_walk *w, struct ir_expr *e);

/* Reads made to compute the address of an lvalue (indices, pointers). */
static int address(struct acc_walk *w, struct ir_expr *e)
{
	e = (struct ir_expr *)ir_strip(e);
	if (!e)
		return 0;
	switch (e->kind) {
	case EK_INDEX:
		return address(w, e->kids[0]) || rvalue(w, e->kids[1]);
	case EK_MEMBER:
		if (!e->nkids)
			return 0;
		return e->arrow ? rvalue(w, e->kids[0]) : address(w, e->kids[0]);
	case EK_UNARY:
		if (e->op == OP_DEREF)
			return rvalue(w, e->kids[0]);
		return rvalue(w, e);
	case EK_VAR:
		/* a pointer variable's value is read; an array's is not */
		return 0;
	default:
		return rvalue(w, e);
	}
}

static bool is_memory_lvalue(const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e)
		return false;
	if (e->kind == EK_INDEX || (e->kind == EK_UNARY && e->op == OP_DEREF))
		return true;
	if (e->kind == EK_MEMBER)
		return e->nkids && (e->arrow || is_memory_lvalue(e->kids[0]) ||
		                    (ir_strip(e->kids[0])->kind == EK_VAR &&
		                     ir_strip(e->kids[0])->u.var->kind == VAR_GLOBAL));
	if (e->kind == EK_VAR) {
		/* globals device code can load: constexpr values such as
		 * cuda::memory_order_acquire are not memory */
		const struct ir_var *v = e->u.var;
		return v->kind == VAR_GLOBAL && !v->is_array && !v->is_const &&
		       (v->space == SPACE_SHARED || v->space == SPACE_GLOBAL || v->space == SPACE_MANAGED);
	}
	return false;
}

static int rvalue(struct acc_walk *w, struct ir_expr *e)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case EK_ASSIGN: {
		struct ir_expr *l = e->kids[0];
		if (rvalue(w, e->kids[1]))
			return 1;
		if (is_memory_lvalue(l)) {
			if (address(w, l))
				return 1;
			if (e->op != OP_NONE && emit(w, ACC_LOAD, l))
				return 1;
			return emit(w, ACC_STORE, l);
		}
		return address(w, l);
	}
	case EK_UNARY:
		if (e->op == OP_ADDR)
			return address(w, e->kids[0]);
		if (e->op == OP_PREINC || e->op == OP_PREDEC || e->op == OP_POSTINC || e->op == OP_POSTDEC) {
			if (!is_memory_lvalue(e->kids[0]))
				return 0;
			return address(w, e->kids[0]) || emit(w, ACC_LOAD, e->kids[0]) || emit(w, ACC_STORE, e->kids[0]);
		}
		if (e->op == OP_DEREF)
			return address(w, e) || emit(w, ACC_LOAD, e);
		return rvalue(w, e->kids[0]);
	case EK_INDEX:
	case EK_MEMBER:
		if (!is_memory_lvalue(e))
			return e->nkids ? rvalue(w, e->kids[0]) : 0;
		return address(w, e) || emit(w, ACC_LOAD, e);
	case EK_VAR:
		if (is_memory_lvalue(e))
			return emit(w, ACC_LOAD, e);
		return 0;
	case EK_CALL: {
		enum intrinsic k = intrinsic_of(e);
		bool atomic = k == IN_ATOMIC_RMW || k == IN_ATOMIC_LOAD || k == IN_ATOMIC_STORE;
		for (int i = 0; i < e->nkids; i++) {
			/* an atomic's pointer (or atomic_ref object) is an address */
			if (atomic && i == 0 ? address(w, e->kids[i]) : rvalue(w, e->kids[i]))
				return 1;
		}
		if (atomic)
			return emit(w, ACC_ATOMIC, e);
		if (k == IN_FENCE)
			return emit(w, ACC_FENCE, e);
		if (intrinsic_is_block_barrier(k) || k == IN_GRID_SYNC)
			return emit(w, ACC_BARRIER, e);
		if (k == IN_SYNCWARP)
			return emit(w, ACC_WARP_SYNC, e);
		if (e->u.call.target)
			return emit(w, ACC_CALL, e);
		return 0;
	}
	default:
		for (int i = 0; i < e->nkids; i++)
			if (rvalue(w, e->kids[i]))
				return 1;
		return 0;
	}
}

int memorder_expr_accesses(const struct memorder *m, struct ir_expr *e, struct ir_stmt *st, access_fn fn, void *arg)
{
	struct acc_walk w = { m, st, fn, arg };
	return rvalue(&w, e);
}

/* The atomic_ref constructor binds the object to the location: treat the
 * declaration `atomic_ref<T> r(*flag)` as naming flag, not as a load. */
static bool is_atomic_binding(const struct ir_stmt *s)
{
	const struct ir_var *v = s->u.decl.var;
	return v->type && (strstr(v->type, "atomic_ref") || strstr(v->type, "atomic<"));
}

static int stmt_own(const struct memorder *m, struct ir_stmt *s, access_fn fn, void *arg)
{
	switch (s->kind) {
	case SK_EXPR:
	case SK_RETURN:
		return memorder_expr_accesses(m, s->u.expr, s, fn, arg);
	case SK_DECL:
		if (is_atomic_binding(s))
			return 0;
		return memorder_expr_accesses(m, s->u.decl.init, s, fn, arg);
	case SK_IF:
		return memorder_expr_accesses(m, s->u.if_.cond, s, fn, arg);
	case SK_SWITCH:
		return memorder_expr_accesses(m, s->u.sw.cond, s, fn, arg);
	case SK_LOOP:
		return memorder_expr_accesses(m, s->u.loop.cond, s, fn, arg);
	case SK_ASM:
		for (int i = 0; i < s->u.asm_.nins; i++)
			if (memorder_expr_accesses(m, s->u.asm_.ins[i], s, fn, arg))
				return 1;
		return 0;
	default:
		return 0;
	}
}

int memorder_stmt_accesses(const struct memorder *m, struct ir_stmt *s, access_fn fn, void *arg)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (memorder_stmt_accesses(m, s->u.block.v[i], fn, arg))
				return 1;
		return 0;
	case SK_IF:
		return memorder_stmt_accesses(m, s->u.if_.init, fn, arg) || stmt_own(m, s, fn, arg) ||
		       memorder_stmt_accesses(m, s->u.if_.then, fn, arg) || memorder_stmt_accesses(m, s->u.if_.els, fn, arg);
	case SK_LOOP:
		return memorder_stmt_accesses(m, s->u.loop.init, fn, arg) || stmt_own(m, s, fn, arg) ||
		       memorder_stmt_accesses(m, s->u.loop.body, fn, arg) ||
		       memorder_expr_accesses(m, s->u.loop.inc, s, fn, arg);
	case SK_SWITCH:
		return memorder_stmt_accesses(m, s->u.sw.init, fn, arg) || stmt_own(m, s, fn, arg) ||
		       memorder_stmt_accesses(m, s->u.sw.body, fn, arg);
	case SK_CASE:
		return memorder_stmt_accesses(m, s->u.case_.body, fn, arg);
	case SK_LABEL:
		return memorder_stmt_accesses(m, s->u.label.body, fn, arg);
	default:
		return stmt_own(m, s, fn, arg);
	}
}

struct acc_vec {
	struct access *v;
	int n, cap;
};

static int collect(const struct access *a, void *arg)
{
	struct acc_vec *av = arg;
	if (av->n == av->cap) {
		av->cap = av->cap ? av->cap * 2 : 16;
		av->v = xrealloc(av->v, (size_t)av->cap * sizeof *av->v);
	}
	av->v[av->n++] = *a;
	return 0;
}

/* A statement's accesses, last first. */
static int stmt_backwards(const struct memorder *m, struct ir_stmt *s, access_fn fn, void *arg)
{
	struct acc_vec av = { 0 };
	memorder_stmt_accesses(m, s, collect, &av);
	int stop = 0;
	for (int i = av.n - 1; i >= 0 && !stop; i--)
		stop = fn(&av.v[i], arg);
	free(av.v);
	return stop;
}

/* Siblings after (dir > 0) or before (dir < 0) child within parent's block. */
static int siblings(const struct memorder *m, struct ir_stmt *parent, struct ir_stmt *child, int dir, access_fn fn,
                    void *arg)
{
	if (parent->kind != SK_BLOCK)
		return 0;
	int i = 0;
	while (i < parent->u.block.n && parent->u.block.v[i] != child)
		i++;
	for (i += dir; i >= 0 && i < parent->u.block.n; i += dir) {
		struct ir_stmt *sib = parent->u.block.v[i];
		if (dir > 0 ? memorder_stmt_accesses(m, sib, fn, arg) : stmt_backwards(m, sib, fn, arg))
			return 1;
	}
	return 0;
}

int memorder_after(const struct memorder *m, struct ir_stmt *s, access_fn fn, void *arg)
{
	for (struct ir_stmt *c = s; c && c->parent; c = c->parent) {
		struct ir_stmt *p = c->parent;
		if (siblings(m, p, c, 1, fn, arg))
			return 1;
		/* leaving a loop's body: the increment runs, then the loop may
		 * go round again; what follows the loop comes on the way out */
		if (p->kind == SK_LOOP && c == p->u.loop.body && memorder_expr_accesses(m, p->u.loop.inc, p, fn, arg))
			return 1;
	}
	return 0;
}

int memorder_before(const struct memorder *m, struct ir_stmt *s, access_fn fn, void *arg)
{
	for (struct ir_stmt *c = s; c && c->parent; c = c->parent) {
		struct ir_stmt *p = c->parent;
		if (siblings(m, p, c, -1, fn, arg))
			return 1;
		/* entering a branch or loop body: its condition ran just before */
		bool is_init = (p->kind == SK_IF && c == p->u.if_.init) || (p->kind == SK_LOOP && c == p->u.loop.init) ||
		               (p->kind == SK_SWITCH && c == p->u.sw.init);
		if ((p->kind == SK_IF || p->kind == SK_LOOP || p->kind == SK_SWITCH) && !is_init) {
			struct acc_vec av = { 0 };
			stmt_own(m, p, collect, &av);
			int stop = 0;
			for (int i = av.n - 1; i >= 0 && !stop; i--)
				stop = fn(&av.v[i], arg);
			free(av.v);
			if (stop)
				return 1;
		}
	}
	return 0;
}

/* ---- objects ---------------------------------------------------------------- */

static bool in_set(const struct ir_var *const *v, int n, const struct ir_var *x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

static void add_obj(const struct ir_var ***v, int *n, const struct ir_var *x)
{
	if (!x || in_set(*v, *n, x))
		return;
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = x;
}

bool memorder_same_object(const struct ir_var *a, const char *fa, const struct ir_var *b, const char *fb)
{
	return a && a == b && (!fa || !fb || !strcmp(fa, fb));
}

static bool in_keys(const struct objkey *v, int n, const struct ir_var *obj, const char *field)
{
	for (int i = 0; i < n; i++)
		if (memorder_same_object(v[i].obj, v[i].field, obj, field))
			return true;
	return false;
}

static void add_key(struct objkey **v, int *n, const struct ir_var *obj, const char *field)
{
	if (!obj)
		return;
	for (int i = 0; i < *n; i++)
		if ((*v)[i].obj == obj && ((*v)[i].field == field || ((*v)[i].field && field && !strcmp((*v)[i].field, field))))
			return;
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = (struct objkey){ obj, field };
}

bool memorder_is_sync(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && in_keys(m->sync, m->nsync, obj, field);
}

bool memorder_is_polled(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && in_keys(m->polled, m->npolled, obj, field);
}

bool memorder_is_written(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && in_keys(m->written, m->nwritten, obj, field);
}

const char *memorder_field(const struct ir_expr *lv)
{
	const char *field = NULL;
	for (const struct ir_expr *e = ir_strip(lv); e; e = ir_strip(e)) {
		if (e->kind == EK_MEMBER) {
			field = e->u.name;
			if (!e->nkids)
				return field;
			e = e->kids[0];
		} else if (e->kind == EK_INDEX || (e->kind == EK_UNARY && (e->op == OP_DEREF || e->op == OP_ADDR))) {
			e = e->kids[0];
		} else {
			return field;
		}
	}
	return field;
}

static int note_written(const struct access *a, void *arg)
{
	struct memorder *m = arg;
	if (a->kind == ACC_STORE || (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD))
		add_key(&m->written, &m->nwritten, a->obj, a->field);
	return 0;
}

/* ---- polls ------------------------------------------------------------------ */

struct var_marks { uint8_t *v; int n; };

/* Whether e reads any variable marked (assigned in the loop). */
static int reads_marked(struct ir_expr *e, void *arg)
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
	const struct ir_var *stored[32];
	int nstored;
};

static int body_effects(const struct access *a, void *arg)
{
	struct poll_scan *ps = arg;
	if (a->kind == ACC_FENCE || a->kind == ACC_BARRIER || a->kind == ACC_ATOMIC || a->kind == ACC_CALL ||
	    a->kind == ACC_WARP_SYNC)
		ps->forces_reload = true;
	if (a->kind == ACC_STORE && a->obj && ps->nstored < 32)
		ps->stored[ps->nstored++] = a->obj;
	return 0;
}

static int asm_clobbers(struct ir_stmt *s, void *arg)
{
	struct poll_scan *ps = arg;
	if (s->kind == SK_ASM && (s->u.asm_.clobbers_memory || strstr(s->u.asm_.text, "bar.sync") ||
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
                     const char *field, enum ir_space space, enum poll_kind kind, enum mem_order order)
{
	struct memorder *m = ps->m;
	if (!obj || space == SPACE_LOCAL || space == SPACE_CONSTANT || stored_in_loop(ps, obj))
		return;
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].loop == ps->loop && m->polls[i].obj == obj)
			return;
	m->polls = xrealloc(m->polls, (size_t)(m->npolls + 1) * sizeof *m->polls);
	m->polls[m->npolls++] = (struct poll){ ps->fn, ps->loop, ps->cond, load, at, obj, field, space, kind, order,
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

/* The loads an exit condition observes. */
static int cond_access(const struct access *a, void *arg)
{
	struct poll_scan *ps = arg;
	if (a->kind == ACC_LOAD && invariant_address(a->e, &ps->vm))
		add_poll(ps, a->e, a->e->loc, a->obj, a->field, a->space, a->is_volatile ? POLL_VOLATILE : POLL_PLAIN,
		         ORDER_UNKNOWN);
	else if (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_STORE && a->e->nkids &&
	         invariant_address(a->e->kids[0], &ps->vm))
		add_poll(ps, a->e, a->e->loc, a->obj, a->field, a->space, POLL_ATOMIC, a->order);
	return 0;
}

/* A local the condition tests, loaded inside the loop: `do { v = *p; } while (!v);` */
struct local_source { struct poll_scan *ps; const struct ir_var *var; };

static int local_load(const struct access *a, void *arg)
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
	if (rhs)
		memorder_expr_accesses(ps->m, rhs, s, local_load, ls);
	if (s->kind == SK_ASM)
		for (int i = 0; i < s->u.asm_.nouts; i++)
			if (ir_base_var(s->u.asm_.outs[i]) == ls->var && s->u.asm_.nins > 0) {
				const char *t = s->u.asm_.text;
				if (!strstr(t, "ld.") && !strstr(t, "atom."))
					continue;
				struct ir_expr *addr = s->u.asm_.ins[0];
				if (!invariant_address(addr, &ps->vm) && ir_strip(addr)->kind != EK_VAR)
					continue;
				enum poll_kind k = strstr(t, "ld.volatile") ? POLL_VOLATILE : POLL_ASM;
				add_poll(ps, s->u.asm_.outs[i], s->loc, memspace_object(ps->m->ms, addr), memorder_field(addr),
				         memspace_space(ps->m->ms, addr), k, asm_order(t));
			}
	return 0;
}

static int cond_locals(struct ir_expr *e, void *arg)
{
	struct poll_scan *ps = arg;
	if (e->kind == EK_VAR && e->u.var->kind == VAR_LOCAL && e->u.var->id >= 0 && e->u.var->id < ps->vm.n &&
	    ps->vm.v[e->u.var->id]) {
		struct local_source ls = { ps, e->u.var };
		ir_walk_stmts(ps->loop->u.loop.body, find_local_sources, &ls);
	}
	return 0;
}

static void scan_exit_cond(struct poll_scan *ps, struct ir_expr *cond)
{
	if (!cond)
		return;
	ps->cond = cond;
	memorder_expr_accesses(ps->m, cond, ps->loop, cond_access, ps);
	ir_walk_expr(cond, cond_locals, ps);
}

static int find_loops(struct ir_stmt *s, void *arg)
{
	struct poll_scan *base = arg;
	if (s->kind != SK_LOOP || s->u.loop.form == LOOP_RANGE)
		return 0;
	struct poll_scan ps = { .m = base->m, .fn = base->fn, .loop = s };
	ps.vm.n = base->fn->nvars;
	ps.vm.v = xcalloc((size_t)ps.vm.n + 1, 1);
	ir_mark_assigned(s->u.loop.body, s->u.loop.inc, ps.vm.v);
	ir_mark_assigned(NULL, s->u.loop.cond, ps.vm.v);
	memorder_stmt_accesses(ps.m, s->u.loop.body, body_effects, &ps);
	ir_walk_stmts(s->u.loop.body, asm_clobbers, &ps);
	int64_t v;
	bool forever = !s->u.loop.cond || (ir_const_value(s->u.loop.cond, &v) && v);
	if (!forever)
		scan_exit_cond(&ps, s->u.loop.cond);
	/* `if (c) break;` at the top level of the body */
	struct ir_stmt *b = s->u.loop.body;
	for (int i = 0; b && b->kind == SK_BLOCK && i < b->u.block.n; i++) {
		struct ir_stmt *x = b->u.block.v[i];
		if (x->kind != SK_IF || x->u.if_.els)
			continue;
		struct ir_stmt *t = x->u.if_.then;
		if (t && t->kind == SK_BLOCK && t->u.block.n == 1)
			t = t->u.block.v[0];
		if (t && (t->kind == SK_BREAK || t->kind == SK_RETURN))
			scan_exit_cond(&ps, x->u.if_.cond);
	}
	free(ps.vm.v);
	return 0;
}

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
		return in_set(shared, nshared, v);
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
		if (v->space == SPACE_SHARED && !in_set(t->shared, t->nshared, v)) {
			add_obj(&t->shared, &t->nshared, v);
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

static int probe_cond(struct ir_stmt *s, void *arg)
{
	struct ir_expr *c = stmt_cond(s);
	return c && tainted(arg, c);
}

static int collect_rmw(struct ir_expr *e, void *arg)
{
	if (is_rmw_call(e))
		ptrvec_push(arg, e);
	return 0;
}

static void find_deciding(struct memorder *m, const struct ir_func *fn)
{
	struct ptrvec rmws = { 0 };
	ir_walk_stmt_exprs(fn->body, collect_rmw, &rmws);
	for (int i = 0; i < rmws.n; i++) {
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
				add_obj(&m->taint_shared, &m->ntaint_shared, t.shared[v]);
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

/* ---- descriptions ---------------------------------------------------------------- */

static void describe(const struct ir_expr *e, char *buf, size_t len, int depth)
{
	size_t n = strlen(buf);
	if (n + 8 >= len || depth > 6) {
		return;
	}
	e = ir_strip(e);
	if (!e) {
		snprintf(buf + n, len - n, "...");
		return;
	}
	switch (e->kind) {
	case EK_VAR:
		snprintf(buf + n, len - n, "%s", e->u.var->name);
		break;
	case EK_CONST:
		if (e->has_value)
			snprintf(buf + n, len - n, "%lld", (long long)e->ival);
		else
			snprintf(buf + n, len - n, "...");
		break;
	case EK_BUILTIN:
		snprintf(buf + n, len - n, "%s.%c",
		         (const char *[]){ "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize" }[e->u.bi.which],
		         e->u.bi.dim ? e->u.bi.dim : 'x');
		break;
	case EK_UNARY:
		if (e->op == OP_DEREF || e->op == OP_ADDR) {
			snprintf(buf + n, len - n, e->op == OP_DEREF ? "*" : "&");
			describe(e->kids[0], buf, len, depth + 1);
		} else {
			snprintf(buf + n, len - n, "...");
		}
		break;
	case EK_INDEX:
		describe(e->kids[0], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "[");
		describe(e->kids[1], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "]");
		break;
	case EK_MEMBER:
		if (e->nkids)
			describe(e->kids[0], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "%s%s", e->nkids ? (e->arrow ? "->" : ".") : "", e->u.name ? e->u.name : "?");
		break;
	case EK_BINARY: {
		static const char *const ops[] = { "", "*", "/", "%", "+", "-", "<<", ">>" };
		describe(e->kids[0], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, " %s ", e->op <= OP_SHR ? ops[e->op] : "?");
		describe(e->kids[1], buf, len, depth + 1);
		break;
	}
	case EK_CALL:
		snprintf(buf + n, len - n, "%s(...)", e->u.call.name);
		break;
	default:
		snprintf(buf + n, len - n, "...");
		break;
	}
}

const char *memorder_describe(const struct ir_expr *e, char *buf, unsigned len)
{
	buf[0] = 0;
	e = ir_strip(e);
	if (e && e->kind == EK_UNARY && e->op == OP_ADDR)
		e = e->kids[0];
	describe(e, buf, len, 0);
	return buf;
}

/* ---- the cache ------------------------------------------------------------------ */

static void memorder_free(void *p)
{
	struct memorder *m = p;
	memspace_free(m->ms);
	free(m->polls);
	free(m->deciding);
	free(m->sync);
	free(m->polled);
	free(m->written);
	free(m->taint_shared);
	for (int i = 0; i < m->nfuncs; i++)
		free(m->taint_local[i]);
	free(m->taint_local);
	free(m);
}

const struct memorder *memorder_of(struct ir_unit *u)
{
	if (u->facts[IR_FACT_MEMORDER])
		return u->facts[IR_FACT_MEMORDER];
	struct memorder *m = xcalloc(1, sizeof *m);
	m->ms = memspace_new(u);
	m->nfuncs = u->nfuncs;
	m->taint_local = xcalloc((size_t)u->nfuncs + 1, sizeof *m->taint_local);
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		m->taint_local[i] = xcalloc((size_t)f->nvars + 1, 1);
		if (!f->is_device && !f->is_global)
			continue;
		memorder_stmt_accesses(m, f->body, note_written, m);
		if (!f->analysed)
			continue;
		struct poll_scan base = { .m = m, .fn = f };
		ir_walk_stmts(f->body, find_loops, &base);
		find_deciding(m, f);
	}
	for (int i = 0; i < m->npolls; i++) {
		add_key(&m->sync, &m->nsync, m->polls[i].obj, m->polls[i].field);
		add_key(&m->polled, &m->npolled, m->polls[i].obj, m->polls[i].field);
	}
	for (int i = 0; i < m->ndeciding; i++)
		if (m->deciding[i]->nkids)
			add_key(&m->sync, &m->nsync, memspace_object(m->ms, m->deciding[i]->kids[0]),
			        memorder_field(m->deciding[i]->kids[0]));
	u->facts[IR_FACT_MEMORDER] = m;
	u->facts_free[IR_FACT_MEMORDER] = memorder_free;
	return m;
}
