/* uni_mem.c - the levels of values read from memory, and what stores,
 * atomics and barriers do to them (see uniformity.h).
 *
 * Memory read at a block-uniform address holds the same value in every
 * thread of a block, except __shared__ memory that some threads wrote
 * differently since the last block barrier (ustate.dirty): until that
 * barrier the others may see the old value or the new one. After it,
 * every write is done and the value is block-uniform again.
 *
 * A pointer or a reference bound to __shared__ memory (memspace.h) reads
 * and writes the __shared__ variables it may designate, so `*flag` after
 * a barrier that follows `if (threadIdx.x == 0) *flag = x` is
 * block-uniform, and before it is not. A local reference bound to shared
 * memory holds no value of its own: its slot in ustate.var is the level
 * of the address it was bound to, which no store through it changes. */
#include "analysis/memspace.h"
#include "analysis/uni_internal.h"

/* The __shared__ variables an lvalue rooted at v designates: WHOLE when
 * the lvalue is v itself, else memory through it (*p, p[i], r.f). A
 * __shared__ variable designates itself, or, for a pointer, whatever it
 * points at when used through it; a pointer or reference in registers
 * designates what it may point at or is bound to (memspace.h). */
static int shared_targets(struct interp *I, const struct ir_var *v, bool whole, const int **ids, int *one)
{
	if (!v)
		return 0;
	if (v->kind == VAR_GLOBAL) {
		if (v->space != SPACE_SHARED || v->id < 0 || (v->is_pointer && !whole))
			return 0;
		*one = v->id;
		*ids = one;
		return 1;
	}
	if (!v->is_reference && (!v->is_pointer || whole))
		return 0;
	return memspace_shared_vars(I->U->u->memspace, v, ids);
}

bool uni_binds_shared(struct interp *I, const struct ir_var *v)
{
	const int *ids;
	int one;
	return v->kind == VAR_LOCAL && v->is_reference && v->id >= 0 && shared_targets(I, v, true, &ids, &one) > 0;
}

static uint8_t shared_read(struct ustate *s, const int *ids, int n, uint8_t addr)
{
	if (addr > U_BLOCK)
		return addr;
	for (int i = 0; i < n; i++)
		if (uni_dirty_has(s, ids[i]))
			return U_THREAD;
	return U_BLOCK;
}

/* A write that leaves threads disagreeing about the value: a varying
 * value or address, or some threads not writing. */
static void shared_write(struct interp *I, struct ustate *s, const int *ids, int n, uint8_t val, uint8_t addr)
{
	if (val > U_BLOCK || addr > U_BLOCK || uni_ctrl_level_from(I, 0) > U_BLOCK || s->exit > U_BLOCK ||
	    s->lexit > U_BLOCK)
		for (int i = 0; i < n; i++)
			uni_dirty_add(s, ids[i]);
}

uint8_t uni_addr_level(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	e = ir_strip_mut(e);
	if (!e)
		return U_GRID;
	switch (e->kind) {
	case EK_VAR:
		if (uni_binds_shared(I, e->u.var))
			return s->var[e->u.var->id];
		if (e->u.var->is_array || !e->u.var->is_pointer || e->u.var->kind == VAR_GLOBAL)
			return e->u.var->is_pointer && e->u.var->kind == VAR_GLOBAL ? U_BLOCK : U_GRID;
		return uni_eval(I, s, e);
	case EK_INDEX:
		return uni_max8(uni_addr_level(I, s, e->kids[0]), uni_eval(I, s, e->kids[1]));
	case EK_MEMBER:
		if (!e->nkids)
			return U_GRID;
		return e->arrow ? uni_eval(I, s, e->kids[0]) : uni_addr_level(I, s, e->kids[0]);
	case EK_UNARY:
		if (e->op == OP_DEREF)
			return uni_eval(I, s, e->kids[0]);
		return uni_eval(I, s, e);
	default:
		return uni_eval(I, s, e);
	}
}

uint8_t uni_var_level(struct interp *I, struct ustate *s, const struct ir_var *v)
{
	const int *ids;
	int one, n;
	if (v->kind == VAR_TEMPLATE_PARAM)
		return U_GRID;
	if (uni_binds_shared(I, v)) {
		n = shared_targets(I, v, true, &ids, &one);
		return shared_read(s, ids, n, s->var[v->id]);
	}
	if (v->kind != VAR_GLOBAL && v->id >= 0)
		return s->var[v->id];
	if (v->space == SPACE_SHARED && !v->is_array) {
		n = shared_targets(I, v, true, &ids, &one);
		return shared_read(s, ids, n, U_GRID);
	}
	if (v->space == SPACE_CONSTANT || v->is_const || v->is_array)
		return U_GRID;
	return U_BLOCK;
}

/* Whether E (based on V) reads global memory, never shared: a __device__
 * variable, or through a kernel's pointer parameter (the host can pass it
 * only global memory) that memspace never saw point anywhere else. Not
 * volatile: a volatile object is one that changes under the reader. */
static bool is_global_memory(struct interp *I, const struct ir_var *v, const struct ir_expr *e)
{
	if (v->is_volatile || v->pointee_volatile)
		return false;
	if (v->kind == VAR_GLOBAL)
		return !v->is_pointer && (v->space == SPACE_GLOBAL || v->space == SPACE_MANAGED);
	return v->kind == VAR_PARAM && v->is_pointer && I->fn->is_global &&
	       memspace_space(I->U->u->memspace, e) != SPACE_SHARED;
}

uint8_t uni_load(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	struct ir_var *v = ir_base_var(e);
	uint8_t addr = uni_addr_level(I, s, e);
	const int *ids;
	int one, n = shared_targets(I, v, false, &ids, &one);
	if (v && v->kind != VAR_GLOBAL && !v->is_pointer && v->id >= 0 && !uni_binds_shared(I, v))
		return uni_max8(s->var[v->id], addr); /* a local array or struct */
	if (n)
		return shared_read(s, ids, n, addr);
	if (v && v->kind == VAR_GLOBAL && v->space == SPACE_CONSTANT)
		return addr;
	if (!s->gdirty && v && is_global_memory(I, v, e))
		return addr;
	return uni_max8(addr, U_BLOCK);
}

void uni_store(struct interp *I, struct ustate *s, struct ir_expr *lhs, uint8_t val, uint8_t lin)
{
	const struct ir_expr *l = ir_strip(lhs);
	struct ir_var *v = ir_base_var(lhs);
	if (!v)
		return;
	const int *ids;
	int one;
	bool through = uni_binds_shared(I, v); /* r = x writes what r is bound to */
	if (l->kind == EK_VAR && v->kind != VAR_GLOBAL && v->id >= 0 && !through) {
		s->var[v->id] = val;
		s->lin[v->id] = lin;
		return;
	}
	uint8_t addr = l->kind == EK_VAR && !through ? U_GRID : uni_addr_level(I, s, lhs);
	if (!(v->kind == VAR_GLOBAL && v->space == SPACE_SHARED) && (v->kind == VAR_GLOBAL || v->is_pointer))
		s->gdirty = true; /* through a pointer, or to a global: maybe global memory */
	if (v->kind != VAR_GLOBAL && !v->is_pointer && v->id >= 0 && !through) {
		uni_raise8(&s->var[v->id], uni_max8(val, addr)); /* element of a local aggregate: weak update */
		s->lin[v->id] = 0;
	} else {
		int n = shared_targets(I, v, l->kind == EK_VAR, &ids, &one);
		shared_write(I, s, ids, n, val, addr);
	}
}

/* An atomic on *ptr: other threads' atomics change the value. */
void uni_mark_shared_target(struct interp *I, struct ustate *s, struct ir_expr *ptr)
{
	const struct ir_expr *e = ir_strip(ptr);
	if (!e)
		return;
	bool whole = e->kind == EK_UNARY && e->op == OP_ADDR && ir_strip(e->kids[0])->kind == EK_VAR;
	const int *ids;
	int one, n = shared_targets(I, ir_base_var(e), whole, &ids, &one);
	for (int i = 0; i < n; i++)
		uni_dirty_add(s, ids[i]);
	if (!n)
		s->gdirty = true; /* an atomic on memory that may be global */
}

void uni_after_barrier(struct interp *I, struct ustate *s)
{
	(void)I;
	s->ndirty = 0;
	s->barrier = true;
}
