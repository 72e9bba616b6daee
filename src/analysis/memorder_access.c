/* memorder_access.c - the memory events of code in program order: loads,
 * stores, atomics, fences, barriers (see memorder.h). */
#include "analysis/memorder_internal.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- accesses ------------------------------------------------------------ */

struct acc_walk {
	const struct memorder *m;
	struct ir_stmt *st;
	mo_access_fn fn;
	void *arg;
	/* the helpers being seen through (memorder.h, MO_INLINE_DEPTH): the
	 * outermost call, in the walked function; the functions entered, to
	 * stop at recursion; the object of the innermost method call, which
	 * the method's members of `this` belong to */
	struct ir_expr *via;
	const struct ir_func *stack[MO_INLINE_DEPTH];
	int depth;
	const struct ir_expr *recv;
};

static int walk_stmt(struct acc_walk *w, struct ir_stmt *s);

/* The member of `this` an lvalue or pointer inside a method starts from
 * (`*mutex`, `mutex`, `slots[i]`), or NULL. */
static const struct ir_expr *this_member(const struct ir_expr *e)
{
	for (e = ir_strip(e); e; e = ir_strip(e)) {
		if (e->kind == EK_MEMBER && !e->nkids)
			return e;
		if (e->kind == EK_MEMBER || e->kind == EK_INDEX || (e->kind == EK_UNARY && (e->op == OP_DEREF || e->op == OP_ADDR)))
			e = e->kids[0];
		else if (e->kind == EK_BINARY && (e->op == OP_ADD || e->op == OP_SUB))
			e = e->kids[0]->is_pointer || !e->kids[1]->is_pointer ? e->kids[0] : e->kids[1];
		else
			return NULL;
	}
	return NULL;
}

/* The memory object, member and space of lvalue (or pointer) e: through
 * a method's `this`, those of the object it was called on, as if the
 * caller had written `l.mutex` for the `mutex` of `l.lock()`. */
static void locate(struct acc_walk *w, struct mo_access *a, const struct ir_expr *e, bool pointer)
{
	const struct ir_expr *tm = this_member(e), *recv = w->recv;
	if (tm && !recv && w->m->this_recv) {
		/* the method walked itself, or called on `this` from it */
		const struct ir_func *f = mo_func_of(w->m, w->st);
		recv = f ? w->m->this_recv[f->id] : NULL;
	}
	if (tm && recv && !ir_base_var(e)) {
		a->obj = memspace_object(w->m->ms, recv);
		a->field = mo_field(recv);
		if (!a->field)
			a->field = tm->u.name;
		a->space = memspace_space(w->m->ms, recv);
		/* the object itself may be a local copy (a struct passed by
		 * value); what its pointer members designate is not: the
		 * memory an atomic's pointer, or a dereference, reaches */
		if (a->space == SPACE_LOCAL && (pointer || ir_strip(e) != tm))
			a->space = SPACE_GENERIC;
		return;
	}
	a->obj = memspace_object(w->m->ms, e);
	a->field = mo_field(e);
	a->space = memspace_space(w->m->ms, e);
}

static int emit(struct acc_walk *w, enum mo_acc_kind k, struct ir_expr *e)
{
	struct mo_access a = { .kind = k, .e = e, .stmt = w->st, .via = w->via };
	if (k == ACC_LOAD || k == ACC_STORE) {
		locate(w, &a, e, false);
		if (a.space == SPACE_LOCAL || a.space == SPACE_CONSTANT)
			return 0;
		const struct ir_var *v = ir_base_var(e);
		a.is_volatile = e->is_volatile || (v && (v->pointee_volatile || v->is_volatile));
	} else {
		a.in = intrinsic_of(e);
		a.scope = intrinsic_scope(e);
		a.order = intrinsic_order(e);
		if (k == ACC_ATOMIC && e->nkids)
			locate(w, &a, e->kids[0], true);
	}
	return w->fn(&a, w->arg);
}

static int has_asm(const struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_ASM;
}

/* The helper call e runs, when it is seen through: one callee, a
 * __device__ function with a body and no inline asm (whose effects on
 * memory only its text tells), not already being walked, and not deeper
 * than MO_INLINE_DEPTH. */
static struct ir_func *inline_target(const struct acc_walk *w, const struct ir_expr *e)
{
	struct ir_func *t = e->u.call->target;
	if (!t || !t->body || !t->is_device || t->is_global || e->u.call->is_launch || w->depth >= MO_INLINE_DEPTH)
		return NULL;
	for (int i = 0; i < w->depth; i++)
		if (w->stack[i] == t)
			return NULL;
	return ir_walk_stmts(t->body, has_asm, NULL) ? NULL : t;
}

static int inline_call(struct acc_walk *w, struct ir_expr *e, struct ir_func *t)
{
	if (emit(w, ACC_INLINED, e))
		return 1;
	struct acc_walk inner = *w;
	inner.via = w->via ? w->via : e;
	inner.stack[inner.depth++] = t;
	/* a method called on an object (`l.lock()`); one called on `this`
	 * inside another method keeps the outer object */
	if (e->u.call->is_method && e->nkids && ir_base_var(e->kids[0]))
		inner.recv = e->kids[0];
	else if (!e->u.call->is_method)
		inner.recv = NULL;
	return walk_stmt(&inner, t->body);
}

static int rvalue(struct acc_walk *w, struct ir_expr *e);

/* Reads made to compute the address of an lvalue (indices, pointers). */
static int address(struct acc_walk *w, struct ir_expr *e)
{
	e = ir_strip_mut(e);
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
	case EK_OTHER:
	case EK_CALL:
		/* a temporary `cuda::atomic_ref<T, S>(x)`: the functional cast
		 * (its last operand the constructor call) and the constructor
		 * bind x, they do not load it */
		if (e->nkids && e->type && strstr(e->type, "atomic_ref") &&
		    (e->kind == EK_OTHER || (!e->u.call->target && !e->u.call->is_method)))
			return address(w, e->kids[e->nkids - 1]);
		return rvalue(w, e);
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
		/* a reference designates what it is bound to (`int &l =
		 * locks[i]`); one bound to a local is told by its space */
		if (v->is_reference && v->kind != VAR_GLOBAL && v->kind != VAR_TEMPLATE_PARAM)
			return true;
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
		/* a library call that may synchronise the block orders memory
		 * as a barrier would: taking it for one only quietens rules */
		if (intrinsic_is_block_barrier(k) || k == IN_GRID_SYNC || k == IN_LIB_MAYBE_BLOCK)
			return emit(w, ACC_BARRIER, e);
		if (k == IN_SYNCWARP || k == IN_LIB_WARP)
			return emit(w, ACC_WARP_SYNC, e);
		if (k == IN_ASYNC_WAIT)
			return emit(w, ACC_ASYNC_WAIT, e);
		if (k == IN_ASYNC_COPY || k == IN_ASYNC_COMMIT)
			return 0; /* library code: its accesses are the copy's, not the caller's */
		if (ir_call_ncallees(e->u.call)) {
			struct ir_func *t = inline_target(w, e);
			return t ? inline_call(w, e, t) : emit(w, ACC_CALL, e);
		}
		return 0;
	}
	default:
		for (int i = 0; i < e->nkids; i++)
			if (rvalue(w, e->kids[i]))
				return 1;
		return 0;
	}
}

int mo_expr_accesses(const struct memorder *m, struct ir_expr *e, struct ir_stmt *st, mo_access_fn fn, void *arg)
{
	struct acc_walk w = { .m = m, .st = st, .fn = fn, .arg = arg };
	return rvalue(&w, e);
}

/* The atomic_ref constructor binds the object to the location: treat the
 * declaration `atomic_ref<T> r(*flag)` as naming flag, not as a load. */
static bool is_atomic_binding(const struct ir_stmt *s)
{
	const struct ir_var *v = s->u.decl.var;
	return v->type && (strstr(v->type, "atomic_ref") || strstr(v->type, "atomic<"));
}

/* The walk of statement s's parts; in a helper seen through, every
 * access keeps the caller's statement. */
static struct acc_walk at_stmt(const struct acc_walk *w, struct ir_stmt *s)
{
	struct acc_walk x = *w;
	if (!w->via)
		x.st = s;
	return x;
}

/* A statement's parts in the order they run: an asm's outputs are the
 * stores it makes, not accesses of its operands, and a declaration
 * `atomic_ref<T> r(*flag)` names flag rather than loading it. */
static int part_accesses(struct ir_stmt *s, enum ir_part role, struct ir_stmt *c, struct ir_expr *e, void *p)
{
	struct acc_walk *w = p;
	if (c)
		return walk_stmt(w, c);
	if (role == IR_PART_ASM_OUT || (s->kind == SK_DECL && is_atomic_binding(s)))
		return 0;
	struct acc_walk x = at_stmt(w, s);
	return rvalue(&x, e);
}

static int walk_stmt(struct acc_walk *w, struct ir_stmt *s)
{
	/* a cp.async copy or wait: what the call it stands for does */
	if (s && s->kind == SK_ASM && s->u.asm_.as_call) {
		struct acc_walk x = at_stmt(w, s);
		return rvalue(&x, s->u.asm_.as_call);
	}
	return ir_stmt_parts_mut(s, part_accesses, w);
}

int mo_stmt_accesses(const struct memorder *m, struct ir_stmt *s, mo_access_fn fn, void *arg)
{
	struct acc_walk w = { .m = m, .fn = fn, .arg = arg };
	return walk_stmt(&w, s);
}

struct acc_vec {
	struct mo_access *v;
	int n, cap;
};

static int collect(const struct mo_access *a, void *arg)
{
	struct acc_vec *av = arg;
	CL_VEC_PUSH(av->v, av->n, av->cap, *a);
	return 0;
}

/* A statement's accesses, last first. */
static int stmt_backwards(const struct memorder *m, struct ir_stmt *s, mo_access_fn fn, void *arg)
{
	struct acc_vec av = { 0 };
	mo_stmt_accesses(m, s, collect, &av);
	int stop = 0;
	for (int i = av.n - 1; i >= 0 && !stop; i--)
		stop = fn(&av.v[i], arg);
	free(av.v);
	return stop;
}

/* Siblings after (dir > 0) or before (dir < 0) child within parent's block. */
static int siblings(const struct memorder *m, struct ir_stmt *parent, struct ir_stmt *child, int dir, mo_access_fn fn,
                    void *arg)
{
	if (parent->kind != SK_BLOCK)
		return 0;
	int i = 0;
	while (i < parent->u.block.n && parent->u.block.v[i] != child)
		i++;
	for (i += dir; i >= 0 && i < parent->u.block.n; i += dir) {
		struct ir_stmt *sib = parent->u.block.v[i];
		if (dir > 0 ? mo_stmt_accesses(m, sib, fn, arg) : stmt_backwards(m, sib, fn, arg))
			return 1;
	}
	return 0;
}

int mo_after(const struct memorder *m, struct ir_stmt *s, mo_access_fn fn, void *arg)
{
	for (struct ir_stmt *c = s; c && c->parent; c = c->parent) {
		struct ir_stmt *p = c->parent;
		if (siblings(m, p, c, 1, fn, arg))
			return 1;
		/* leaving a loop's body: the increment runs, then the loop may
		 * go round again; what follows the loop comes on the way out */
		if (p->kind == SK_LOOP && c == p->u.loop.body && mo_expr_accesses(m, p->u.loop.inc, p, fn, arg))
			return 1;
	}
	return 0;
}

int mo_before(const struct memorder *m, struct ir_stmt *s, mo_access_fn fn, void *arg)
{
	for (struct ir_stmt *c = s; c && c->parent; c = c->parent) {
		struct ir_stmt *p = c->parent;
		if (siblings(m, p, c, -1, fn, arg))
			return 1;
		/* entering a branch or loop body: its condition ran just before */
		struct ir_expr *cond = ir_guarding_cond(c);
		if (cond) {
			struct acc_vec av = { 0 };
			mo_expr_accesses(m, cond, p, collect, &av);
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
