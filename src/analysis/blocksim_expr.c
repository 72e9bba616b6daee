/* blocksim_expr.c - one thread's run over the IR (blocksim.h): values,
 * memory, expressions and calls; blocksim_stmt.c runs the statements.
 *
 * An interpreter over the structured IR with the values of blocksim_value.c.
 * Locals live in frames, one per call; __shared__ memory has no values
 * (every read of it is unknown) but every access of it is logged. A
 * condition the run cannot decide runs both ways, each under a path
 * literal, and the variables the two ways set differently become unknown
 * after it; a loop runs at most BS_LOOP_CAP times, after which what it
 * assigns is unknown. A run that cannot be followed any more (a barrier
 * some ways of an undecided branch pass and others do not, a goto, an
 * unknown switch, its step budget spent) is lost: it stops, and what it
 * would have done is not logged. */
#include "analysis/blocksim_thread.h"
#include "analysis/intrinsics.h"
#include "analysis/memspace.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

uint32_t bs_mix(uint32_t h, uintptr_t x)
{
	uint64_t v = (uint64_t)x * 0x9e3779b97f4a7c15u ^ h;
	v ^= v >> 29;
	v *= 0xbf58476d1ce4e5b9u;
	return (uint32_t)(v >> 32) | 1;
}

enum bs_flow bs_lose(struct bs_run *r, const struct ir_loc *at, const char *why)
{
	if (!r->why) {
		r->why = why;
		r->why_at = at ? *at : (struct ir_loc){ 0 };
	}
	return BS_FL_LOST;
}

bool bs_tick(struct bs_run *r)
{
	if (++r->steps > r->budget && !r->lost) {
		r->lost = true;
		bs_lose(r, NULL, "its step budget ran out: a long or deeply nested run");
	}
	return !r->lost;
}

bool bs_uniform(const struct ir_expr *e)
{
	return e->level <= U_BLOCK;
}

/* The unknown value of e: block-uniform ones are the same value in every
 * thread that computes them at the same point (iteration, interval). */
struct bs_rv bs_top_of(struct bs_run *r, const struct ir_expr *e)
{
	struct bs_rv v = bs_rv_top(bs_uniform(e));
	if (e->level <= U_WARP) /* the same in the lanes of a warp (a warp reduction's result) */
		v.vid = bs_mix(bs_mix(bs_mix(r->ctx, (uintptr_t)e), (uintptr_t)r->phase + 1),
		               v.uni ? 0 : (uintptr_t)r->lin / 32 + 1);
	return v;
}

/* The identity of a value written, for telling benign writes: 0 when
 * threads may write different values. */
static uint32_t value_id(const struct bs_rv *v)
{
	switch (v->k) {
	case BS_RV_INT: return bs_mix(0x1234, (uintptr_t)v->i);
	case BS_RV_PTR: return bs_mix(bs_mix(bs_mix(0x5678, (uintptr_t)v->obj), (uintptr_t)v->field), (uintptr_t)v->i);
	case BS_RV_TOP: return v->vid;
	default: return 0;
	}
}

/* The value of E, an expression the run does not compute that is made of
 * one value A alone (a conversion, a braced or functional construction
 * `P<T>{bits}` in a template): unknown, but the same wherever A is, so
 * that threads storing what they built from one loaded weight write one
 * value. */
static struct bs_rv made_of(struct bs_run *r, const struct ir_expr *e, struct bs_rv a)
{
	struct bs_rv v = bs_top_of(r, e);
	uint32_t id = value_id(&a);
	if (!v.vid && id)
		v.vid = bs_mix(bs_mix(0x0e0e, id), (uintptr_t)(e->type ? e->type : ""));
	v.shd = e->kind == EK_CALL && a.k == BS_RV_TOP && a.shd; /* as eval_args says of a call's arguments */
	return v;
}

int bs_lit_flags(const struct ir_expr *cond, struct bs_rv v)
{
	return (bs_uniform(cond) ? BS_LIT_UNI : cond->level == U_WARP ? BS_LIT_WARP : 0) | (v.k == BS_RV_TOP && v.shd ? BS_LIT_SHD : 0);
}

const struct bs_lit *bs_push_lit(struct bs_run *r, const struct bs_lit *next, const struct ir_expr *cond, bool pol,
                                     int flags, enum bs_lit_scope scope)
{
	struct bs_lit *l = arena_alloc(r->c->a, sizeof *l);
	l->next = next;
	l->cond = cond;
	l->phase = r->phase;
	l->pol = pol;
	l->uni = (flags & BS_LIT_UNI) != 0;
	l->warp = (flags & BS_LIT_WARP) != 0;
	l->shd = (flags & BS_LIT_SHD) != 0;
	l->scope = (uint8_t)scope;
	return l;
}

/* The literals of r->lits pushed since BASE that outlive SCOPE, put back
 * on BASE: leaving an iteration drops what a `continue` left, leaving a
 * loop what a `break` left. */
const struct bs_lit *bs_drop_scope(struct bs_run *r, const struct bs_lit *base, enum bs_lit_scope scope)
{
	const struct bs_lit *keep[32];
	int n = 0;
	for (const struct bs_lit *l = r->lits; l && l != base; l = l->next)
		if (l->scope > scope && n < 32)
			keep[n++] = l;
	const struct bs_lit *out = base;
	while (n-- > 0)
		out = bs_push_lit(r, out, keep[n]->cond, keep[n]->pol,
		                  (keep[n]->uni ? BS_LIT_UNI : 0) | (keep[n]->warp ? BS_LIT_WARP : 0) | (keep[n]->shd ? BS_LIT_SHD : 0),
		                  (enum bs_lit_scope)keep[n]->scope);
	return out;
}

/* ---- memory ------------------------------------------------------------------- */

static const char *access_type(const struct ir_expr *e)
{
	return e->type;
}

static int access_size(struct bs_run *r, const struct ir_expr *e)
{
	int64_t n = bs_type(r->c, access_type(e))->size;
	return n > 0 && n <= 256 ? (int)n : 4;
}

/* An access the log cannot place, for the barrier facts: a thread's own
 * local memory and reads of __constant__ memory order nothing; global
 * memory is noted as such (a block barrier orders it for the block too);
 * anything else is unknown. */
static bool is_array_type(const char *t);

/* Whether lvalue E is a local variable, or an element or member of one,
 * reached through no pointer: memspace names the object a path starts
 * from, which for `rows[w][l]` (rows a local array of pointers) is the
 * array, not the memory its pointers point to. */
static bool direct_local(const struct ir_expr *e)
{
	for (int depth = 0; (e = ir_strip(e)) && depth < 64; depth++) {
		if (e->kind == EK_VAR)
			return (e->u.var->kind == VAR_LOCAL || e->u.var->kind == VAR_PARAM) && !e->u.var->is_static &&
			       !e->u.var->is_reference && (!e->u.var->is_pointer || e->u.var->is_array);
		if (e->kind == EK_MEMBER && !e->arrow && e->nkids)
			e = e->kids[0];
		else if (e->kind == EK_INDEX && (is_array_type(ir_strip(e->kids[0])->type) ||
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
static void restrict_memory(struct bs_run *r, const struct ir_expr *e, bool write, bool loaded)
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

static void other_memory(struct bs_run *r, const struct ir_expr *e, bool write, bool loaded)
{
	struct bs_ctx *c = r->c;
	if (!c->judging || r->lost || direct_local(e))
		return;
	enum ir_space s = memspace_space(c->ms, e);
	if (s == SPACE_CONSTANT && !write)
		return;
	if (s == SPACE_GLOBAL || memspace_never_shared(c->ms, e)) {
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
static void note(struct bs_run *r, const struct ir_expr *e, struct bs_rv loc, uint8_t kind, uint32_t vid, int size)
{
	if (!r->lost && unplaced(r->c, e, loc))
		r->c->xunplaced = true; /* the exits' verdicts cannot rest on this block shape (blocksim_exit.c) */
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
			other_memory(r, e, (kind & BS_RK_WRITE) != 0, bs_obj_loaded(c, loc.obj));
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
	const char *field = memorder_field(e);
	if (memorder_is_sync(c->mo, memspace_var_object(c->ms, loc.obj), field)) {
		/* a flag: its stores publish, its polls acquire (blocksim.h) */
		bs_touch(c, r->phase, BS_RM_UNKNOWN);
		CL_VEC_GROW(c->syncs, c->nsyncs, c->capsyncs);
		c->syncs[c->nsyncs++] = (struct bs_sync){ memspace_var_object(c->ms, loc.obj), field, r->lin, r->phase,
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
static bool const_input(const struct bs_ctx *c, struct bs_rv loc)
{
	if (bs_obj_memory(c, loc.obj) != BLOCKSIM_MEM_GLOBAL || bs_obj_loaded(c, loc.obj) || !loc.obj->type)
		return false;
	const char *t = loc.obj->type, *star = strchr(t, '*'), *k = strstr(t, "const");
	return star && k && k < star;
}

static struct bs_rv load(struct bs_run *r, const struct ir_expr *e, struct bs_rv loc)
{
	if (loc.k == BS_RV_PTR) {
		note(r, e, loc, BS_RK_READ, 0, access_size(r, e));
		struct bs_rv p = bs_loaded_pointer(r->c, loc, e);
		if (p.k == BS_RV_PTR)
			return p;
		struct bs_rv v = bs_top_of(r, e);
		if (!v.vid && const_input(r->c, loc))
			v.vid = bs_mix(bs_mix(bs_mix(bs_mix(0x7e11, (uintptr_t)loc.obj), (uintptr_t)loc.field), loc.uoff),
			               (uintptr_t)loc.i * 64 + (uintptr_t)access_size(r, e));
		v.shd = bs_obj_memory(r->c, loc.obj) == BLOCKSIM_MEM_SHARED; /* a protocol's data (blocksim_log.c) */
		v.ld = 1;
		return v;
	}
	if (loc.k == BS_RV_LOCAL && loc.i == 0 && loc.frame)
		return loc.frame->vars[loc.slot];
	if (loc.k == BS_RV_TOP)
		other_memory(r, e, false, false);
	struct bs_rv v = bs_top_of(r, e);
	v.ld = 1;
	return v;
}

void bs_store(struct bs_run *r, const struct ir_expr *e, struct bs_rv loc, struct bs_rv v)
{
	if (loc.k == BS_RV_PTR)
		note(r, e, loc, BS_RK_WRITE, value_id(&v), access_size(r, e));
	else if (loc.k == BS_RV_LOCAL && loc.i == 0 && loc.frame)
		loc.frame->vars[loc.slot] = v;
	else if (loc.k == BS_RV_TOP)
		other_memory(r, e, true, false);
}

/* ---- expressions --------------------------------------------------------------- */

bool bs_is_lvalue(const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e)
		return false;
	switch (e->kind) {
	case EK_VAR: case EK_INDEX: case EK_MEMBER: case EK_ASSIGN: return true;
	case EK_UNARY: return e->op == OP_DEREF || e->op == OP_PREINC || e->op == OP_PREDEC;
	case EK_CALL: return e->u.call.ret_type && strchr(e->u.call.ret_type, '&');
	default: return false;
	}
}

bool bs_local_slot(const struct bs_run *r, const struct ir_var *v)
{
	return (v->kind == VAR_LOCAL || v->kind == VAR_PARAM) && v->id >= 0 && r->top && r->top->fn &&
	       v->id < r->top->fn->nvars && r->top->fn->vars[v->id] == v;
}

/* The object itself, not memspace's union of what pointers may reach (a
 * helper called with two arrays would make them one): the run follows
 * each pointer's value. Only the extern __shared__ arrays are one object,
 * the block's dynamic shared memory. */
static struct bs_rv shared_object(struct bs_run *r, const struct ir_var *v)
{
	bool dynamic = v->is_array && v->type && strstr(v->type, "[]");
	struct bs_rv p = { .k = BS_RV_PTR, .obj = dynamic && r->c->dynamic ? r->c->dynamic : v };
	/* `__shared__ float s[32]` in blockReduce<wmax> and in
	 * blockReduce<wsum> are two arrays: told apart as two member paths */
	for (const struct bs_frame *fr = r->top; fr; fr = fr->caller)
		for (int i = 0; i < fr->nstatics; i++)
			if (fr->statics[i] == v) {
				p.field = fr->spec;
				return p;
			}
	return p;
}

static bool is_array_type(const char *t)
{
	const char *b = t ? strchr(t, '[') : NULL, *s = t ? strchr(t, '*') : NULL;
	return b && (!s || b < s);
}

static struct bs_rv lval_var(struct bs_run *r, const struct ir_var *v)
{
	if (bs_local_slot(r, v)) {
		if (r->top->is_ref[v->id])
			return r->top->vars[v->id];
		struct bs_rv l = { .k = BS_RV_LOCAL, .frame = r->top, .slot = v->id };
		return l;
	}
	if (v->kind == VAR_GLOBAL && v->space == SPACE_SHARED)
		return shared_object(r, v);
	return bs_rv_top(false);
}

/* Element ELEM of the array or pointer BASE, of size SIZE. An index the
 * run does not know but knows to be one value, loaded from memory by
 * every thread of the block (bs_top_of), is an unknown but fixed offset
 * into the same object: `&buf[*limit]` is the same bytes wherever that
 * pointer is used. Other unknown indices (a tile's meta_group_rank(), one
 * value per warp at best) are not placed. */
static struct bs_rv offset_by(struct bs_rv base, struct bs_rv idx, int64_t size)
{
	if (base.k == BS_RV_PTR && idx.k == BS_RV_TOP && idx.vid && idx.uni && idx.ld && size > 0) {
		base.uoff = bs_mix(base.uoff ? base.uoff : 0x2545, (uintptr_t)idx.vid * 131 + (uintptr_t)size);
		base.prm |= idx.prm;
		return base;
	}
	if ((base.k != BS_RV_PTR && base.k != BS_RV_LOCAL) || idx.k != BS_RV_INT || size <= 0)
		return bs_rv_top(false);
	base.i += idx.i * size;
	base.prm |= idx.prm;
	return base;
}

static struct bs_rv lval_index(struct bs_run *r, const struct ir_expr *e)
{
	const struct ir_expr *b = ir_strip(e->kids[0]);
	bool array = is_array_type(b->type) || (b->kind == EK_VAR && b->u.var->is_array && !b->is_pointer);
	struct bs_rv base = array ? bs_lval(r, b) : bs_eval(r, b);
	struct bs_rv idx = bs_eval(r, e->kids[1]);
	if (array && idx.k == BS_RV_INT) {
		int64_t n = bs_type(r->c, b->type ? b->type : b->kind == EK_VAR ? b->u.var->type : NULL)->extent;
		if (n >= 0 && (idx.i < 0 || idx.i >= n)) {
			if (base.k == BS_RV_PTR)
				r->outside = true; /* a thread the code is not written for */
			return bs_rv_top(false);
		}
	}
	return offset_by(base, idx, bs_type(r->c, e->type)->size);
}

static struct bs_rv lval_member(struct bs_run *r, const struct ir_expr *e)
{
	struct bs_rv base;
	if (!e->nkids)
		base = r->top ? r->top->self : bs_rv_top(false); /* implicit this->member */
	else if (e->arrow)
		base = bs_eval(r, e->kids[0]);
	else
		base = bs_lval(r, e->kids[0]);
	if (base.k != BS_RV_PTR || !e->u.name)
		return bs_rv_top(false);
	/* a union's members all start where the union does: the same bytes,
	 * one member path (temp_storage.aliasable.keys and .vals alias) */
	if (!e->in_union)
		base.field = bs_path(r->c, base.field, e->u.name);
	return base;
}

static struct bs_rv call(struct bs_run *r, const struct ir_expr *e);

struct bs_rv bs_lval(struct bs_run *r, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e || !bs_tick(r))
		return bs_rv_top(false);
	switch (e->kind) {
	case EK_VAR:
		return lval_var(r, e->u.var);
	case EK_INDEX:
		return lval_index(r, e);
	case EK_MEMBER:
		return lval_member(r, e);
	case EK_UNARY:
		if (e->op == OP_DEREF)
			return bs_eval(r, e->kids[0]);
		if (e->op == OP_PREINC || e->op == OP_PREDEC) {
			bs_eval(r, e);
			return bs_lval(r, e->kids[0]);
		}
		break;
	case EK_ASSIGN:
		bs_eval(r, e);
		return bs_lval(r, e->kids[0]);
	case EK_CALL:
		if (e->u.call.ret_type && strchr(e->u.call.ret_type, '&'))
			return call(r, e);
		break;
	default:
		break;
	}
	bs_eval(r, e);
	return bs_rv_top(false);
}

static struct bs_rv eval_var(struct bs_run *r, const struct ir_expr *e)
{
	const struct ir_var *v = e->u.var;
	if (e->has_value)
		return bs_rv_int(e->ival);
	if (v->kind == VAR_TEMPLATE_PARAM) {
		struct bs_rv t = bs_rv_int(r->tparam);
		t.prm = 1; /* one instantiation's value: others differ */
		return t;
	}
	if (bs_local_slot(r, v)) {
		if (v->is_array)
			return bs_top_of(r, e);
		if (r->top->is_ref[v->id])
			return load(r, e, r->top->vars[v->id]);
		return r->top->vars[v->id];
	}
	if (v->kind == VAR_GLOBAL && v->space == SPACE_SHARED)
		return v->is_array ? shared_object(r, v) : load(r, e, shared_object(r, v));
	struct bs_rv out = bs_top_of(r, e);
	if ((v->kind == VAR_GLOBAL || v->is_static) && !v->is_array) {
		other_memory(r, e, false, false); /* a __device__ variable's value */
		out.ld = 1;
	}
	return out;
}

static struct bs_rv eval_builtin(struct bs_run *r, const struct ir_expr *e)
{
	int d = e->u.bi.dim ? e->u.bi.dim - 'x' : -1;
	if (e->u.bi.which == BI_WARPSIZE)
		return bs_rv_int(32);
	if (d < 0 || d > 2)
		return bs_top_of(r, e); /* a field the front end could not read */
	switch (e->u.bi.which) {
	case BI_THREADIDX: return bs_rv_int(r->tid[d]);
	case BI_BLOCKDIM: {
		/* 1-D code runs in one block shape: its size is picked, unless
		 * the shapes are the launches' */
		struct bs_rv v = bs_rv_int(r->c->bdim[d]);
		v.prm = !r->c->launch && r->c->bdim[1] == 1 && r->c->bdim[2] == 1;
		return v;
	}
	case BI_BLOCKIDX: {
		struct bs_rv v = bs_rv_int(r->c->bidx[d]);
		v.prm = !(r->c->launch && r->c->launch->grid[d] == 1);
		return v;
	}
	case BI_GRIDDIM: {
		struct bs_rv v = bs_rv_int(r->c->gdim[d]);
		v.prm = !(r->c->launch && r->c->launch->grid[d]);
		return v;
	}
	case BI_WARPSIZE: return bs_rv_int(32);
	}
	return bs_top_of(r, e);
}

/* Pointer arithmetic: p + k and p - k scale k by the pointee's size. */
static bool pointer_arith(struct bs_run *r, const struct ir_expr *e, struct bs_rv a, struct bs_rv b, struct bs_rv *out)
{
	const struct ir_expr *pa = ir_strip(e->kids[0]), *pb = ir_strip(e->kids[1]);
	bool ap = a.k == BS_RV_PTR || a.k == BS_RV_LOCAL, bp = b.k == BS_RV_PTR || b.k == BS_RV_LOCAL;
	if (!ap && !bp)
		return false;
	if (ap && bp) {
		if (e->op == OP_SUB && a.k == BS_RV_PTR && b.k == BS_RV_PTR && a.obj == b.obj && a.field == b.field &&
		    a.uoff == b.uoff) {
			int64_t s = bs_type(r->c, pa->type)->pointee;
			*out = s > 0 ? bs_rv_int((a.i - b.i) / s) : bs_top_of(r, e);
			out->prm |= a.prm | b.prm; /* `end - p`, end = p + n: the launch's n */
		} else if (e->op >= OP_LT && e->op <= OP_NE && a.k == b.k && a.obj == b.obj && a.field == b.field &&
		           a.uoff == b.uoff) {
			*out = bs_rv_binary(e->op, bs_rv_int(a.i), bs_rv_int(b.i), bs_type(r->c, "long"));
			out->prm |= a.prm | b.prm;
		} else {
			*out = bs_top_of(r, e);
		}
		return true;
	}
	if ((e->op == OP_ADD || (e->op == OP_SUB && ap))) {
		struct bs_rv p = ap ? a : b, k = ap ? b : a;
		int64_t s = bs_type(r->c, (ap ? pa : pb)->type)->pointee;
		if (k.k == BS_RV_INT && e->op == OP_SUB)
			k.i = -k.i;
		*out = offset_by(p, k, s);
		return true;
	}
	*out = bs_top_of(r, e);
	return true;
}

static struct bs_rv eval_cond_value(struct bs_run *r, const struct ir_expr *e)
{
	struct bs_rv c = bs_eval(r, e->kids[0]);
	if (c.k == BS_RV_INT) {
		if (c.prm && r->c->judging && bs_skipped_matters(NULL, e->kids[c.i ? 2 : 1]))
			r->c->inexact = true;
		struct bs_rv v = bs_eval(r, e->kids[c.i ? 1 : 2]);
		v.prm |= c.prm;
		return v;
	}
	const struct bs_lit *saved = r->lits;
	int fl = bs_lit_flags(e->kids[0], c);
	r->lits = bs_push_lit(r, saved, e->kids[0], true, fl, BS_LIT_BRANCH);
	struct bs_rv a = bs_eval(r, e->kids[1]);
	r->lits = bs_push_lit(r, saved, e->kids[0], false, fl, BS_LIT_BRANCH);
	struct bs_rv b = bs_eval(r, e->kids[2]);
	r->lits = saved;
	if (bs_rv_equal(&a, &b))
		return a;
	struct bs_rv v = bs_top_of(r, e);
	v.shd = c.shd | a.shd | b.shd;
	return v;
}

static struct bs_rv eval_logical(struct bs_run *r, const struct ir_expr *e)
{
	bool land = e->op == OP_LAND;
	struct bs_rv a = bs_eval(r, e->kids[0]);
	if (a.k == BS_RV_INT && (land ? !a.i : a.i)) {
		if (a.prm && r->c->judging && bs_skipped_matters(NULL, e->kids[1]))
			r->c->inexact = true;
		struct bs_rv v = bs_rv_int(!land);
		v.prm = a.prm;
		return v;
	}
	const struct bs_lit *saved = r->lits;
	if (a.k != BS_RV_INT)
		r->lits = bs_push_lit(r, saved, e->kids[0], land, bs_lit_flags(e->kids[0], a), BS_LIT_BRANCH);
	struct bs_rv b = bs_eval(r, e->kids[1]);
	r->lits = saved;
	if (b.k == BS_RV_INT && (land ? !b.i : b.i)) {
		struct bs_rv v = bs_rv_int(!land);
		v.prm = b.prm;
		return v;
	}
	if (a.k == BS_RV_INT && b.k == BS_RV_INT) {
		struct bs_rv v = bs_rv_int(land);
		v.prm = a.prm | b.prm;
		return v;
	}
	struct bs_rv v = bs_top_of(r, e);
	v.shd = a.shd | b.shd;
	return v;
}

static struct bs_rv eval_binary(struct bs_run *r, const struct ir_expr *e)
{
	if (e->op == OP_LAND || e->op == OP_LOR)
		return eval_logical(r, e);
	struct bs_rv a = bs_eval(r, e->kids[0]), b = bs_eval(r, e->kids[1]), out;
	if (e->op == OP_COMMA)
		return b;
	if (pointer_arith(r, e, a, b, &out))
		return out;
	if (a.k != BS_RV_INT || b.k != BS_RV_INT || bs_type(r->c, e->type)->is_float) {
		out = bs_top_of(r, e);
		out.shd = a.shd | b.shd;
		return out;
	}
	out = bs_rv_binary(e->op, a, b, bs_type(r->c, e->type));
	out.prm = a.prm | b.prm;
	return out.k == BS_RV_TOP ? bs_top_of(r, e) : out;
}

/* `x += y`, `x++`: the new value of an lvalue whose old value is OLD. */
static struct bs_rv update(struct bs_run *r, const struct ir_expr *e, const struct ir_expr *lhs, enum ir_op op,
                        struct bs_rv old, struct bs_rv rhs)
{
	if ((old.k == BS_RV_PTR || old.k == BS_RV_LOCAL) && (op == OP_ADD || op == OP_SUB) && rhs.k == BS_RV_INT) {
		int64_t s = bs_type(r->c, lhs->type)->pointee;
		if (op == OP_SUB)
			rhs.i = -rhs.i;
		return offset_by(old, rhs, s);
	}
	if (old.k != BS_RV_INT || rhs.k != BS_RV_INT || bs_type(r->c, lhs->type)->is_float) {
		struct bs_rv v = bs_top_of(r, e);
		v.shd = old.shd | rhs.shd;
		return v;
	}
	struct bs_rv v = bs_rv_binary(op, old, rhs, bs_type(r->c, lhs->type));
	v.prm = old.prm | rhs.prm;
	return v.k == BS_RV_TOP ? bs_top_of(r, e) : v;
}

static struct bs_rv eval_assign(struct bs_run *r, const struct ir_expr *e)
{
	const struct ir_expr *lhs = ir_strip(e->kids[0]);
	struct bs_rv rhs = bs_eval(r, e->kids[1]);
	struct bs_rv loc = bs_lval(r, lhs);
	struct bs_rv v = e->op == OP_NONE ? rhs : update(r, e, lhs, e->op, load(r, lhs, loc), rhs);
	v = bs_rv_fit(v, bs_type(r->c, lhs->type));
	/* a floating literal is one value wherever it is written (threads
	 * storing the same 0.0f are a benign write); only the store is told,
	 * the run's values stay as they were */
	const struct ir_expr *c = ir_strip(e->kids[1]);
	struct bs_rv stored = v;
	if (e->op == OP_NONE && c && c->kind == EK_CONST && c->has_float && v.k == BS_RV_TOP && !v.vid)
		stored.vid = bs_mix(0x9abc, (uintptr_t)c->ival);
	bs_store(r, lhs, loc, stored);
	return v;
}

static struct bs_rv eval_unary(struct bs_run *r, const struct ir_expr *e)
{
	switch (e->op) {
	case OP_ADDR:
		return bs_lval(r, e->kids[0]);
	case OP_DEREF:
		return load(r, e, bs_eval(r, e->kids[0]));
	case OP_PREINC: case OP_PREDEC: case OP_POSTINC: case OP_POSTDEC: {
		const struct ir_expr *x = ir_strip(e->kids[0]);
		struct bs_rv loc = bs_lval(r, x), old = load(r, x, loc);
		bool inc = e->op == OP_PREINC || e->op == OP_POSTINC;
		struct bs_rv v = update(r, e, x, inc ? OP_ADD : OP_SUB, old, bs_rv_int(1));
		v = bs_rv_fit(v, bs_type(r->c, x->type));
		bs_store(r, x, loc, v);
		return e->op == OP_PREINC || e->op == OP_PREDEC ? v : old;
	}
	default: {
		struct bs_rv a = bs_eval(r, e->kids[0]);
		if (a.k != BS_RV_INT || bs_type(r->c, e->type)->is_float) {
			struct bs_rv v = bs_top_of(r, e);
			v.shd = a.shd;
			return v;
		}
		struct bs_rv v = bs_rv_unary(e->op, a, bs_type(r->c, e->type));
		v.prm = a.prm;
		return v;
	}
	}
}

struct bs_rv bs_eval(struct bs_run *r, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e || !bs_tick(r))
		return bs_rv_top(false);
	switch (e->kind) {
	case EK_CONST:
		if (e->has_value)
			return bs_rv_int(e->ival);
		return bs_rv_top(true);
	case EK_VAR:
		return eval_var(r, e);
	case EK_BUILTIN:
		return eval_builtin(r, e);
	case EK_UNARY:
		return eval_unary(r, e);
	case EK_BINARY:
		return eval_binary(r, e);
	case EK_ASSIGN:
		return eval_assign(r, e);
	case EK_COND:
		return eval_cond_value(r, e);
	case EK_INDEX:
	case EK_MEMBER:
		return load(r, e, bs_lval(r, e));
	case EK_CALL:
		return call(r, e);
	default:
		if (e->kind == EK_OTHER && e->nkids == 1)
			return made_of(r, e, bs_eval(r, e->kids[0]));
		for (int i = 0; i < e->nkids; i++)
			bs_eval(r, e->kids[i]);
		return bs_top_of(r, e);
	}
}

struct bs_rv bs_eval_cond(struct bs_run *r, const struct ir_expr *e)
{
	struct bs_rv v = bs_eval(r, e);
	if (v.k == BS_RV_PTR && bs_obj_memory(r->c, v.obj) != BLOCKSIM_MEM_SHARED)
		return bs_top_of(r, ir_strip(e) ? ir_strip(e) : e);
	return v;
}

/* ---- calls ----------------------------------------------------------------------- */

/* Evaluates the arguments from FROM on; whether one came from __shared__
 * data. */
static bool eval_args(struct bs_run *r, const struct ir_expr *e, int from)
{
	bool shd = false;
	for (int i = from; i < e->nkids; i++)
		shd |= bs_eval(r, e->kids[i]).shd;
	return shd;
}

/* The location an atomic operates on: its pointer argument, or the
 * object of an atomic_ref / cuda::atomic method. */
static struct bs_rv atomic_target(struct bs_run *r, const struct ir_expr *e)
{
	const struct ir_expr *p = e->nkids ? ir_strip(e->kids[0]) : NULL;
	if (!p)
		return bs_rv_top(false);
	if (p->is_pointer || (p->type && strchr(p->type, '*')))
		return bs_eval(r, p);
	if (p->kind == EK_OTHER && p->nkids && p->type && strstr(p->type, "atomic_ref"))
		return bs_lval(r, p->kids[p->nkids - 1]); /* cuda::atomic_ref<T>(x).op() */
	if (p->kind == EK_CALL && !p->u.call.target && p->nkids && p->type && strstr(p->type, "atomic_ref"))
		return bs_lval(r, p->kids[0]);
	return bs_lval(r, p); /* an atomic_ref variable holds its object's address */
}

/* This thread's interval runs a protocol the log does not follow (a lock
 * taken with atomicCAS, a ticket from atomicInc): the memory the file
 * does not declare is not compared there (blocksim_log.c). */
static void protocol(struct bs_run *r)
{
	struct bs_ctx *c = r->c;
	CL_VEC_GROW(c->syncs, c->nsyncs, c->capsyncs);
	c->syncs[c->nsyncs++] = (struct bs_sync){ NULL, NULL, r->lin, r->phase, r->seq++, BS_PROTOCOL };
}

static struct bs_rv atomic_call(struct bs_run *r, const struct ir_expr *e, enum intrinsic k)
{
	struct bs_rv loc = atomic_target(r, e);
	eval_args(r, e, 1);
	uint8_t kind = BS_RK_ATOMIC | (k == IN_ATOMIC_LOAD ? BS_RK_READ : k == IN_ATOMIC_STORE ? BS_RK_WRITE : BS_RK_READ | BS_RK_WRITE);
	const struct ir_expr *p = e->nkids ? ir_strip(e->kids[0]) : NULL;
	int64_t size = p && p->type ? bs_type(r->c, p->type)->pointee : 0;
	int mem = loc.k == BS_RV_PTR ? bs_obj_memory(r->c, loc.obj) : -1;
	if (mem == BLOCKSIM_MEM_SHARED || mem == BLOCKSIM_MEM_STORAGE)
		note(r, p, loc, kind, 0, size > 0 && size <= 16 ? (int)size : 4);
	else {
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN); /* an atomic on global memory, or on what the run cannot place */
		protocol(r);
	}
	return bs_top_of(r, e);
}

/* thread_block_tile<32>: the tile's size from the type's spelling. */
static int64_t tile_size(const char *t)
{
	const char *p = t ? strstr(t, "thread_block_tile<") : NULL;
	return p ? strtoll(p + 18, NULL, 10) : 0;
}

static struct bs_rv group_call(struct bs_run *r, const struct ir_expr *e, enum intrinsic k)
{
	eval_args(r, e, 0);
	const char *t = e->u.call.recv_type, *n = e->u.call.name;
	bool block = t && strstr(t, "thread_block") && !strstr(t, "thread_block_tile");
	int64_t ts = tile_size(t);
	if (k == IN_THREAD_RANK && !strcmp(n, "thread_rank")) {
		if (block)
			return bs_rv_int(r->lin);
		if (ts > 0 && ts <= 32)
			return bs_rv_int(r->lin % ts);
	} else if (k == IN_WARP_RANK && ts > 0 && ts <= 32) {
		return bs_rv_int(r->lin / ts); /* a tile's meta_group_rank() */
	} else if (k == IN_GROUP_QUERY && (!strcmp(n, "size") || !strcmp(n, "num_threads"))) {
		if (block) {
			struct bs_rv v = bs_rv_int(r->c->nthreads);
			v.prm = r->c->bdim[1] == 1 && r->c->bdim[2] == 1;
			return v;
		}
		if (ts > 0)
			return bs_rv_int(ts);
	} else if (k == IN_GROUP_QUERY && !strcmp(n, "meta_group_size") && ts > 0 && ts <= 32) {
		return bs_rv_int((r->c->nthreads + ts - 1) / ts);
	}
	return bs_top_of(r, e);
}

/* Integer functions index arithmetic uses. */
static bool pure_call(struct bs_run *r, const struct ir_expr *e, struct bs_rv *out)
{
	static const char *const names[] = { "min", "max", "umin", "umax", "__mul24", "__umul24", "abs" };
	const char *n = e->u.call.name;
	if (!strncmp(n, "std::", 5))
		n += 5;
	int which = -1;
	for (int i = 0; i < (int)(sizeof names / sizeof *names); i++)
		if (!strcmp(n, names[i]))
			which = i;
	if (which < 0 || e->nkids != (which == 6 ? 1 : 2) || e->u.call.is_method)
		return false;
	struct bs_rv a = bs_eval(r, e->kids[0]), b = which == 6 ? bs_rv_int(0) : bs_eval(r, e->kids[1]);
	if (a.k != BS_RV_INT || b.k != BS_RV_INT || bs_type(r->c, e->type)->is_float) {
		*out = bs_top_of(r, e);
		return true;
	}
	switch (which) {
	case 0: case 2: *out = bs_rv_int(a.i < b.i ? a.i : b.i); break;
	case 1: case 3: *out = bs_rv_int(a.i > b.i ? a.i : b.i); break;
	case 4: case 5: *out = bs_rv_fit(bs_rv_int(a.i * b.i), bs_type(r->c, e->type)); break;
	default: *out = bs_rv_int(a.i < 0 ? -a.i : a.i); break;
	}
	out->prm = a.prm | b.prm;
	return true;
}

static bool on_stack(const struct bs_run *r, const struct ir_func *f)
{
	for (const struct bs_frame *fr = r->top; fr; fr = fr->caller)
		if (fr->fn == f)
			return true;
	return false;
}

struct bs_frame *bs_frame_new(const struct ir_func *f, struct bs_frame *caller)
{
	struct bs_frame *fr = xcalloc(1, sizeof *fr);
	fr->fn = f;
	fr->vars = xcalloc((size_t)f->nvars + 1, sizeof *fr->vars);
	fr->is_ref = xcalloc((size_t)f->nvars + 1, 1);
	fr->caller = caller;
	return fr;
}

void bs_frame_free(struct bs_frame *fr)
{
	free(fr->vars);
	free(fr->is_ref);
	free(fr);
}

/* Binds argument A to parameter P of the new frame FR. */
static void bind(struct bs_run *r, struct bs_frame *fr, const struct ir_var *p, const struct ir_expr *a)
{
	if (p->id < 0 || p->id >= fr->fn->nvars)
		return;
	if (!a) {
		fr->vars[p->id] = bs_rv_top(true); /* a default argument */
		return;
	}
	if (p->is_reference && bs_is_lvalue(a)) {
		fr->vars[p->id] = bs_lval(r, a);
		fr->is_ref[p->id] = 1;
		return;
	}
	struct bs_rv v = bs_eval(r, a);
	fr->vars[p->id] = bs_rv_fit(v, bs_type(r->c, p->type));
}

static struct bs_rv inline_call(struct bs_run *r, const struct ir_expr *e, const struct ir_func *f)
{
	const struct ir_call *c = &e->u.call;
	if (r->depth >= BS_MAX_DEPTH || on_stack(r, f)) {
		eval_args(r, e, 0);
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN); /* not followed */
		return bs_top_of(r, e);
	}
	struct bs_frame *fr = bs_frame_new(f, r->top);
	if (c->spec)
		fr->spec = bs_path(r->c, NULL, c->spec);
	int first = c->is_method && e->nkids ? 1 : 0;
	if (first) {
		const struct ir_expr *o = ir_strip(e->kids[0]);
		fr->self = o->is_pointer ? bs_eval(r, o) : bs_lval(r, o);
	}
	for (int i = 0; i < f->nparams; i++)
		bind(r, fr, f->params[i], first + i < e->nkids ? e->kids[first + i] : NULL);
	eval_args(r, e, first + f->nparams);
	fr->ret_ref = c->ret_type && strchr(c->ret_type, '&') && !strstr(c->ret_type, "&&");
	uint32_t ctx = r->ctx;
	const struct bs_iter *iters = r->iters;
	struct bs_iter *node = arena_alloc(r->c->a, sizeof *node);
	*node = (struct bs_iter){ iters, e, e->loc, 0 };
	r->iters = node;
	r->ctx = bs_mix(ctx, (uintptr_t)e);
	enum bs_flow fl = bs_run_body(r, fr, f->body);
	if (fl == BS_FL_LOST)
		r->c->inexact = true; /* the caller goes on, but what the callee did after is not logged */
	r->ctx = ctx;
	r->iters = iters;
	struct bs_rv v = fl != BS_FL_LOST && fr->has_ret ? fr->ret : bs_top_of(r, e);
	bs_frame_free(fr);
	return v;
}

/* `bar.wait(bar.arrive())` on a block-scoped cuda::barrier: the split
 * form of arrive_and_wait. The wait ends the interval: what a thread does
 * between its arrive and its wait is ordered by neither, so taking the
 * wait for the barrier can only miss races, never invent one. */
static bool is_split_barrier_wait(const struct ir_expr *e)
{
	const struct ir_call *c = &e->u.call;
	return c->is_method && !strcmp(c->name, "wait") && intrinsic_block_scoped_barrier(c->recv_type);
}

/* Leaves the interval: one more barrier passed. */
static void next_phase(struct bs_run *r, const struct ir_expr *e)
{
	if (r->c->judging && !r->lost)
		bs_pass_barrier(r->c, e, r->phase, r->lin);
	r->phase++;
}

static struct bs_rv block_barrier(struct bs_run *r, const struct ir_expr *e)
{
	eval_args(r, e, 0);
	/* a barrier only some threads may reach: intervals out of step; the
	 * threads that left the kernel before it (BS_LIT_THREAD) count as arrived */
	for (const struct bs_lit *l = r->lits; l; l = l->next)
		if (!l->uni && l->scope != BS_LIT_THREAD) {
			r->lost = true;
			bs_lose(r, &e->loc, "a block barrier that only the threads of a thread-dependent condition reach");
		}
	next_phase(r, e);
	return bs_rv_top(true);
}

/* Whether a call the run does not follow may touch memory: through a
 * pointer argument, an argument bound to a reference parameter, or the
 * object of a method. */
static bool may_touch_memory(const struct ir_expr *e)
{
	const struct ir_func *t = e->u.call.target;
	if (e->u.call.is_method)
		return true;
	for (int i = 0; i < e->nkids; i++) {
		const struct ir_expr *a = ir_strip(e->kids[i]);
		if (a->is_pointer || (a->type && strchr(a->type, '*')) || (a->type && strchr(a->type, '[')))
			return true;
		if (a->kind == EK_UNARY && a->op == OP_ADDR)
			return true; /* `init(&bar, n)`: &x of a type clang could not give */
		if (t && i < t->nparams && t->params[i]->is_reference && !t->params[i]->is_const && bs_is_lvalue(a))
			return true;
	}
	return false;
}

/* `a = b` or `a += b` on a class object (a float2, a struct) is a call of
 * its operator; with no body here (the implicit copy assignment) it is
 * still a store of the receiver's bytes, after a read of them for a
 * compound one: its value is what the log would miss (a float2 written
 * through a view of a float array, then read as floats). */
static bool assigns_receiver(const struct ir_expr *e)
{
	static const char *const ops[] = { "operator=", "operator+=", "operator-=", "operator*=", "operator/=",
	                                   "operator%=", "operator&=", "operator|=", "operator^=", "operator<<=",
	                                   "operator>>=" };
	const char *n = e->u.call.name;
	if (!n || e->nkids != 2 || !bs_is_lvalue(ir_strip(e->kids[0])))
		return false;
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		if (!strcmp(n, ops[i]))
			return true;
	return false;
}

static struct bs_rv assign_receiver(struct bs_run *r, const struct ir_expr *e)
{
	const struct ir_expr *lhs = ir_strip(e->kids[0]);
	struct bs_rv loc = bs_lval(r, lhs);
	struct bs_rv v = bs_eval(r, e->kids[1]);
	if (strcmp(e->u.call.name, "operator=")) {
		load(r, lhs, loc);
		v = bs_top_of(r, lhs);
	}
	bs_store(r, lhs, loc, v);
	return e->u.call.ret_type && strchr(e->u.call.ret_type, '&') ? loc : bs_top_of(r, e);
}

/* A call of a constructor with no body here: its name is its type's
 * (`P<T>{bits}` has type P<T>). */
static bool constructs_own_type(const struct ir_expr *e)
{
	const char *n = e->u.call.name, *t = e->type;
	size_t len = n ? strlen(n) : 0;
	return len && t && !strncmp(t, n, len) && (t[len] == '<' || t[len] == '\0');
}

static struct bs_rv call(struct bs_run *r, const struct ir_expr *e)
{
	enum intrinsic k = intrinsic_of((struct ir_expr *)e);
	switch (k) {
	case IN_BLOCK_BARRIER_WAIT:
		/* a cuda::barrier's arrival reads the state its init() wrote */
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
		return block_barrier(r, e);
	case IN_SYNCTHREADS: case IN_SYNCTHREADS_REDUCE: case IN_GRID_SYNC:
		return block_barrier(r, e);
	case IN_SYNCWARP:
		eval_args(r, e, 0);
		r->wepoch++;
		return bs_rv_top(false);
	case IN_TILE_COLLECTIVE:
		eval_args(r, e, 0);
		if (!strcmp(e->u.call.name, "sync"))
			r->wepoch++;
		return bs_top_of(r, e);
	case IN_ATOMIC_RMW: case IN_ATOMIC_LOAD: case IN_ATOMIC_STORE:
		return atomic_call(r, e, k);
	case IN_FENCE: {
		eval_args(r, e, 0);
		struct bs_ctx *c = r->c;
		CL_VEC_GROW(c->syncs, c->nsyncs, c->capsyncs);
		c->syncs[c->nsyncs++] = (struct bs_sync){ NULL, NULL, r->lin, r->phase, r->seq++, BS_FENCE };
		return bs_rv_top(true);
	}
	case IN_THREAD_RANK: case IN_WARP_RANK: case IN_GROUP_QUERY:
		return group_call(r, e, k);
	case IN_LIB_BLOCK: case IN_LIB_MAYBE_BLOCK: {
		/* cub's block collectives call __syncthreads() inside (library.h);
		 * one whose barrier depends on a template argument counts too,
		 * which can only miss a race. Its own accesses of its temporary
		 * storage, on both sides of its barrier, are not logged. */
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
		struct bs_rv v = block_barrier(r, e);
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
		return v;
	}
	default:
		break;
	}
	if (is_split_barrier_wait(e)) {
		eval_args(r, e, 0);
		next_phase(r, e);
		return bs_rv_top(true);
	}
	const struct ir_func *t = e->u.call.target;
	if (!t)
		t = memspace_conversion(r->c->ms, e); /* SharedMemory<T>() in a template */
	if (!t && !e->u.call.is_method)
		t = bs_named(r->c, e->u.call.name); /* f<T>(x) in a template */
	if (t && t->body && (t->is_device || t->is_global))
		return inline_call(r, e, t);
	if (assigns_receiver(e))
		return assign_receiver(r, e);
	struct bs_rv out;
	if (pure_call(r, e, &out))
		return out;
	if (may_touch_memory(e))
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
	if (!t && e->nkids == 1 && constructs_own_type(e))
		return made_of(r, e, bs_eval(r, e->kids[0]));
	out = bs_top_of(r, e);
	out.shd = eval_args(r, e, 0); /* fabsf(s[i]) */
	return out;
}

