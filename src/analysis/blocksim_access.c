/* blocksim_access.c - one thread's accesses of memory (blocksim.h): the
 * bytes a load or store touches, logged for the races and the barrier
 * facts (blocksim_log.c), or noted as memory the log cannot place. */
#include "analysis/blocksim_thread.h"
#include "analysis/intrinsics.h"
#include "analysis/memspace.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- memory ------------------------------------------------------------------- */

static const char *access_type(const struct ir_expr *e)
{
	return e->type;
}

static int access_size(struct bs_thread *r, const struct ir_expr *e)
{
	int64_t n = bs_type(r->c, access_type(e))->size;
	return n > 0 && n <= 256 ? (int)n : 4;
}

/* Whether lvalue E is a local variable, or an element or member of one,
 * reached through no pointer: memspace names the object a path starts
 * from, which for `rows[w][l]` (rows a local array of pointers) is the
 * array, not the memory its pointers point to. */
static bool direct_local(struct bs_ctx *c, const struct ir_expr *e)
{
	for (int depth = 0; (e = ir_strip(e)) && depth < 64; depth++) {
		if (e->kind == EK_VAR)
			return (e->u.var->kind == VAR_LOCAL || e->u.var->kind == VAR_PARAM) && !e->u.var->is_static &&
			       !e->u.var->is_reference && (!e->u.var->is_pointer || e->u.var->is_array);
		if (e->kind == EK_MEMBER && !e->arrow && e->nkids)
			e = e->kids[0];
		else if (e->kind == EK_INDEX && (bs_type(c, ir_strip(e->kids[0])->type)->is_array ||
		                                 (ir_strip(e->kids[0])->kind == EK_VAR && ir_strip(e->kids[0])->u.var->is_array &&
		                                  !ir_strip(e->kids[0])->is_pointer)))
			e = e->kids[0];
		else
			return false;
	}
	return false;
}

/* An access the run cannot place into the global memory of a
 * __restrict__ parameter (`buf[idx[t]]`: memspace follows the pointer to
 * its object) still meets that parameter's other accesses: it is noted
 * as the parameter's too. One through a pointer loaded from memory
 * (LOADED), or that memspace cannot follow to the array of a parameter
 * of the kernel, is noted as every such parameter's: restrict would make
 * it another array, but nothing here shows that it is. An array of
 * pointers (`float **tab`) is not the memory its pointers reach, though
 * memspace may give `p = tab[0]` its object. */
static void restrict_memory(struct bs_thread *r, const struct ir_expr *e, bool write, bool loaded)
{
	struct bs_ctx *c = r->c;
	const struct ir_var *o = loaded ? NULL : memspace_object(c->ms, e);
	bool known = false;
	for (int i = 0; o && i < c->npobjs; i++) {
		const struct ir_var *v = c->pobjs[i].v;
		const char *star = v->type ? strchr(v->type, '*') : NULL;
		if (!c->pobjs[i].parent && star && !strchr(star + 1, '*') && memspace_var_object(c->ms, v) == o)
			known = true;
	}
	for (int i = 0; i < c->npobjs; i++)
		if (bs_restrict_param(c, c->pobjs[i].v) == i && (!known || memspace_var_object(c->ms, c->pobjs[i].v) == o))
			bs_touch_param(c, r->phase, i, write);
}

/* An access the log cannot place, for the barrier facts: a thread's own
 * local memory and reads of __constant__ memory order nothing; global
 * memory is noted as such (a block barrier orders it for the block too);
 * anything else is unknown. */
void bs_other_memory(struct bs_thread *r, const struct ir_expr *e, bool write, bool loaded)
{
	struct bs_ctx *c = r->c;
	if (!c->judge.judging || r->lost || direct_local(c, e))
		return;
	struct bs_spacememo *m = &c->cache.spmemo[bs_memo2_slot(e, NULL)];
	if (m->e != e)
		*m = (struct bs_spacememo){ e, (uint8_t)memspace_space(c->ms, e), memspace_never_shared(c->ms, e) };
	enum ir_space s = m->space;
	if (s == SPACE_CONSTANT && !write)
		return;
	if (s == SPACE_GLOBAL || m->never_shared) {
		bs_touch(c, r->phase, write ? BS_RM_GWRITE : BS_RM_GREAD);
		restrict_memory(r, e, write, loaded);
	} else
		bs_touch(c, r->phase, BS_RM_UNKNOWN);
}

/* Whether an access at LOC may be to __shared__ memory at an address the
 * run does not know: unknown (in a shared or generic space), or in a
 * __shared__ object at an unknown or negative offset. */
static bool unplaced(const struct bs_ctx *c, const struct ir_expr *e, struct bs_rv loc)
{
	if (loc.k == BS_RV_TOP) {
		enum ir_space s = memspace_space(c->ms, e);
		return s == SPACE_SHARED || s == SPACE_GENERIC;
	}
	return loc.k == BS_RV_PTR && bs_obj_memory(c, loc.obj) == BLOCKSIM_MEM_SHARED && (loc.uoff || loc.i < 0);
}

/* Logs an access of the bytes LOC by this thread: a __shared__ object's,
 * or memory the file does not declare (blocksim_mem.c). */
void bs_note(struct bs_thread *r, const struct ir_expr *e, struct bs_rv loc, uint8_t kind, uint32_t vid, int size)
{
	if (!r->lost && unplaced(r->c, e, loc))
		r->c->per_shape.xunplaced = true; /* the exits' verdicts cannot rest on this block shape (blocksim_exit.c) */
	if (loc.k != BS_RV_PTR || r->lost)
		return;
	struct bs_ctx *c = r->c;
	int mem = bs_obj_memory(c, loc.obj);
	if (mem != BLOCKSIM_MEM_SHARED || loc.uoff) {
		/* the barrier facts see it as before: memory they cannot place,
		 * or global memory */
		int rp = mem == BLOCKSIM_MEM_GLOBAL ? bs_restrict_param(c, loc.obj) : -1;
		if (mem == BLOCKSIM_MEM_SHARED)
			bs_touch(c, r->phase, BS_RM_UNKNOWN);
		else if (rp >= 0)
			bs_touch_param(c, r->phase, rp, (kind & BS_RK_WRITE) != 0);
		else
			bs_other_memory(r, e, (kind & BS_RK_WRITE) != 0, bs_obj_loaded(c, loc.obj));
		/* global memory only at an address known exactly */
		if (mem == BLOCKSIM_MEM_GLOBAL && loc.uoff)
			return;
	} else if (loc.i < 0) {
		bs_touch(c, r->phase, BS_RM_UNKNOWN);
		return;
	}
	if (loc.prm && mem == BLOCKSIM_MEM_SHARED)
		bs_touch(c, r->phase, BS_RM_UNKNOWN); /* where it is depends on the launch */
	int64_t total = mem == BLOCKSIM_MEM_SHARED && !loc.uoff ? bs_type(r->c, loc.obj->type)->size : 0;
	if (!loc.field && total > 0 && loc.i + size > total) {
		r->outside = true; /* beyond the object: a thread the code is not written for */
		return;
	}
	const char *field = mo_field(e);
	/* no flag in the unit (most): not worth memspace's look-up at every access */
	if (c->mo->nsync && mo_is_sync(c->mo, memspace_var_object(c->ms, loc.obj), field)) {
		/* a flag: its stores publish, its polls acquire (blocksim.h) */
		bs_touch(c, r->phase, BS_RM_UNKNOWN);
		bs_log_append(c->log, BS_EV_SYNC)->u.sync = (struct bs_sync){ memspace_var_object(c->ms, loc.obj), field, r->lin, r->phase,
		                                          r->seq++, kind & BS_RK_WRITE ? BS_PUBLISH : BS_PROTOCOL };
		return;
	}
	struct bs_entry en = {
		.obj = loc.obj, .field = loc.field, .uoff = loc.uoff, .off = loc.i, .size = size,
		.site = bs_site_of(c, e, r->top ? r->top->fn : NULL), .thread = r->lin, .phase = r->phase,
		.seq = r->seq++, .wepoch = r->wepoch, .kind = kind, .vid = vid, .lits = r->lits, .iters = r->iters,
	};
	bs_log(c, &en);
}

/* Whether LOC is in the global memory of a kernel's pointer parameter
 * to const (`const float *w`): the kernel's input, which it does not
 * write, so every thread that loads the same bytes of it gets the same
 * value (threads of different threadIdx.z copying one weight into shared
 * memory write one value). */
static bool const_input(struct bs_ctx *c, struct bs_rv loc)
{
	if (bs_obj_memory(c, loc.obj) != BLOCKSIM_MEM_GLOBAL || bs_obj_loaded(c, loc.obj) || !loc.obj->type)
		return false;
	return bs_type(c, loc.obj->type)->const_pointee;
}

/* Whether LOC, the address of a local, names a frame whose call is still
 * running: the one it was taken in (bs_frame_free). */
static bool live_local(struct bs_rv loc)
{
	return loc.frame && loc.frame->gen == loc.fgen;
}

struct bs_rv bs_load(struct bs_thread *r, const struct ir_expr *e, struct bs_rv loc)
{
	if (loc.k == BS_RV_PTR) {
		bs_note(r, e, loc, BS_RK_READ, 0, access_size(r, e));
		struct bs_rv p = bs_loaded_pointer(r->c, loc, e);
		if (p.k == BS_RV_PTR)
			return p;
		struct bs_rv v = bs_top_of(r, e);
		if (!v.vid && const_input(r->c, loc))
			v.vid = bs_mix(bs_mix(bs_mix(bs_mix(0x7e11, (uintptr_t)loc.obj), (uintptr_t)loc.field), loc.uoff),
			               (uintptr_t)loc.i * 64 + (uintptr_t)access_size(r, e));
		v.shd = bs_obj_memory(r->c, loc.obj) == BLOCKSIM_MEM_SHARED; /* a protocol's data (blocksim_races.c) */
		v.ld = 1;
		return v;
	}
	if (loc.k == BS_RV_LOCAL && loc.i == 0 && loc.frame) {
		if (live_local(loc))
			return loc.frame->vars[loc.slot];
		struct bs_rv v = bs_rv_top(false); /* a local of a call that has returned: any value, any thread's */
		v.ld = 1;
		return v;
	}
	if (loc.k == BS_RV_TOP)
		bs_other_memory(r, e, false, false);
	struct bs_rv v = bs_top_of(r, e);
	v.ld = 1;
	return v;
}

void bs_store(struct bs_thread *r, const struct ir_expr *e, struct bs_rv loc, struct bs_rv v)
{
	if (loc.k == BS_RV_PTR)
		bs_note(r, e, loc, BS_RK_WRITE, bs_value_id(&v), access_size(r, e));
	else if (loc.k == BS_RV_LOCAL && loc.i == 0 && live_local(loc))
		loc.frame->vars[loc.slot] = v;
	else if (loc.k == BS_RV_TOP)
		bs_other_memory(r, e, true, false);
}

