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

enum bs_flow bs_lose(struct bs_thread *r, const struct ir_loc *at, const char *why)
{
	if (!r->why) {
		r->why = why;
		r->why_at = at ? *at : (struct ir_loc){ 0 };
	}
	return BS_FL_LOST;
}

bool bs_tick(struct bs_thread *r)
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
struct bs_rv bs_top_of(struct bs_thread *r, const struct ir_expr *e)
{
	struct bs_rv v = bs_rv_top(bs_uniform(e));
	if (e->level <= U_WARP) /* the same in the lanes of a warp (a warp reduction's result) */
		v.vid = bs_mix(bs_mix(bs_mix(r->ctx, (uintptr_t)e), (uintptr_t)r->phase + 1),
		               v.uni ? 0 : (uintptr_t)r->lin / 32 + 1);
	return v;
}

struct bs_rv bs_keep_identity(struct bs_thread *r, const struct ir_expr *e, struct bs_rv v)
{
	struct bs_rv t = bs_top_of(r, e);
	t.shd = v.shd;
	t.ld = v.ld;
	return t;
}

/* The identity of a value written, for telling benign writes: 0 when
 * threads may write different values. */
uint32_t bs_value_id(const struct bs_rv *v)
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
struct bs_rv bs_made_of(struct bs_thread *r, const struct ir_expr *e, struct bs_rv a)
{
	struct bs_rv v = bs_top_of(r, e);
	uint32_t id = bs_value_id(&a);
	if (!v.vid && id)
		v.vid = bs_mix(bs_mix(0x0e0e, id), (uintptr_t)(e->type ? e->type : ""));
	v.shd = e->kind == EK_CALL && a.k == BS_RV_TOP && a.shd; /* as eval_args says of a call's arguments */
	return v;
}

int bs_lit_flags(const struct ir_expr *cond, struct bs_rv v)
{
	return (bs_uniform(cond) ? BS_LIT_UNI : cond->level == U_WARP ? BS_LIT_WARP : 0) | (v.k == BS_RV_TOP && v.shd ? BS_LIT_SHD : 0);
}

const struct bs_lit *bs_push_lit(struct bs_thread *r, const struct bs_lit *next, const struct ir_expr *cond, bool pol,
                                     int flags, enum bs_lit_scope scope)
{
	struct bs_lit *l = arena_alloc(r->c->log->a, sizeof *l);
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
const struct bs_lit *bs_drop_scope(struct bs_thread *r, const struct bs_lit *base, enum bs_lit_scope scope)
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

/* ---- expressions --------------------------------------------------------------- */

bool bs_is_lvalue(const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e)
		return false;
	switch (e->kind) {
	case EK_VAR: case EK_INDEX: case EK_MEMBER: case EK_ASSIGN: return true;
	case EK_UNARY: return e->op == OP_DEREF || e->op == OP_PREINC || e->op == OP_PREDEC;
	case EK_CALL: return e->u.call->ret_type && strchr(e->u.call->ret_type, '&');
	default: return false;
	}
}

bool bs_local_slot(const struct bs_thread *r, const struct ir_var *v)
{
	return (v->kind == VAR_LOCAL || v->kind == VAR_PARAM) && v->id >= 0 && r->top && r->top->fn &&
	       v->id < r->top->fn->nvars && r->top->fn->vars[v->id] == v;
}

/* The object itself, not memspace's union of what pointers may reach (a
 * helper called with two arrays would make them one): the run follows
 * each pointer's value. Only the extern __shared__ arrays are one object,
 * the block's dynamic shared memory. */
static struct bs_rv shared_object(struct bs_thread *r, const struct ir_var *v)
{
	bool dynamic = v->is_array && bs_type(r->c, v->type)->unsized;
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

static struct bs_rv lval_var(struct bs_thread *r, const struct ir_var *v)
{
	if (bs_local_slot(r, v)) {
		if (r->top->is_ref[v->id])
			return r->top->vars[v->id];
		struct bs_rv l = { .k = BS_RV_LOCAL, .frame = r->top, .slot = v->id, .fgen = r->top->gen };
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

static struct bs_rv lval_index(struct bs_thread *r, const struct ir_expr *e)
{
	const struct ir_expr *b = ir_strip(e->kids[0]);
	bool array = bs_type(r->c, b->type)->is_array || (b->kind == EK_VAR && b->u.var->is_array && !b->is_pointer);
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

static struct bs_rv lval_member(struct bs_thread *r, const struct ir_expr *e)
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

struct bs_rv bs_lval(struct bs_thread *r, const struct ir_expr *e)
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
		if (e->u.call->ret_type && strchr(e->u.call->ret_type, '&'))
			return bs_call(r, e);
		break;
	default:
		break;
	}
	bs_eval(r, e);
	return bs_rv_top(false);
}

void bs_static_const(struct bs_thread *r, const struct ir_var *v, const struct ir_expr *init)
{
	if (!v->is_static || !v->is_const || v->is_array || v->space == SPACE_SHARED || !init || r->top->nconsts >= 4)
		return;
	struct bs_rv x = bs_rv_fit(bs_eval(r, init), bs_type(r->c, v->type));
	if (x.k == BS_RV_INT) {
		r->top->consts[r->top->nconsts] = v;
		r->top->constprm[r->top->nconsts] = x.prm;
		r->top->constv[r->top->nconsts++] = x.i;
	}
}

static struct bs_rv eval_var(struct bs_thread *r, const struct ir_expr *e)
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
			return bs_load(r, e, r->top->vars[v->id]);
		if (bs_lost_identity(&r->top->vars[v->id], e))
			return bs_keep_identity(r, e, r->top->vars[v->id]);
		return r->top->vars[v->id];
	}
	if (v->kind == VAR_GLOBAL && v->space == SPACE_SHARED)
		return v->is_array ? shared_object(r, v) : bs_load(r, e, shared_object(r, v));
	for (int i = 0; v->is_static && r->top && i < r->top->nconsts; i++)
		if (r->top->consts[i] == v) {
			struct bs_rv c = bs_rv_int(r->top->constv[i]);
			c.prm = r->top->constprm[i];
			return c;
		}
	struct bs_rv out = bs_top_of(r, e);
	if ((v->kind == VAR_GLOBAL || v->is_static) && !v->is_array) {
		bs_other_memory(r, e, false, false); /* a __device__ variable's value */
		out.ld = 1;
	}
	return out;
}

static struct bs_rv eval_builtin(struct bs_thread *r, const struct ir_expr *e)
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
		struct bs_rv v = bs_rv_int(r->c->block.bdim[d]);
		v.prm = !r->c->block.launch && r->c->block.bdim[1] == 1 && r->c->block.bdim[2] == 1;
		return v;
	}
	case BI_BLOCKIDX: {
		struct bs_rv v = bs_rv_int(r->c->block.bidx[d]);
		v.prm = !(r->c->block.launch && r->c->block.launch->grid[d] == 1);
		return v;
	}
	case BI_GRIDDIM: {
		struct bs_rv v = bs_rv_int(r->c->block.gdim[d]);
		v.prm = !(r->c->block.launch && r->c->block.launch->grid[d]);
		return v;
	}
	case BI_WARPSIZE: return bs_rv_int(32);
	}
	return bs_top_of(r, e);
}

/* Pointer arithmetic: p + k and p - k scale k by the pointee's size. */
static bool pointer_arith(struct bs_thread *r, const struct ir_expr *e, struct bs_rv a, struct bs_rv b, struct bs_rv *out)
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

static struct bs_rv eval_cond_value(struct bs_thread *r, const struct ir_expr *e)
{
	struct bs_rv c = bs_eval(r, e->kids[0]);
	if (c.k == BS_RV_INT) {
		if (c.prm && r->c->judge.judging && bs_skipped_matters(NULL, e->kids[c.i ? 2 : 1]))
			r->c->judge.inexact = true;
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

static struct bs_rv eval_logical(struct bs_thread *r, const struct ir_expr *e)
{
	bool land = e->op == OP_LAND;
	struct bs_rv a = bs_eval(r, e->kids[0]);
	if (a.k == BS_RV_INT && (land ? !a.i : a.i)) {
		if (a.prm && r->c->judge.judging && bs_skipped_matters(NULL, e->kids[1]))
			r->c->judge.inexact = true;
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

static struct bs_rv eval_binary(struct bs_thread *r, const struct ir_expr *e)
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
static struct bs_rv update(struct bs_thread *r, const struct ir_expr *e, const struct ir_expr *lhs, enum ir_op op,
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

static struct bs_rv eval_assign(struct bs_thread *r, const struct ir_expr *e)
{
	const struct ir_expr *lhs = ir_strip(e->kids[0]);
	struct bs_rv rhs = bs_eval(r, e->kids[1]);
	struct bs_rv loc = bs_lval(r, lhs);
	struct bs_rv v = e->op == OP_NONE ? rhs : update(r, e, lhs, e->op, bs_load(r, lhs, loc), rhs);
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

static struct bs_rv eval_unary(struct bs_thread *r, const struct ir_expr *e)
{
	switch (e->op) {
	case OP_ADDR:
		return bs_lval(r, e->kids[0]);
	case OP_DEREF:
		return bs_load(r, e, bs_eval(r, e->kids[0]));
	case OP_PREINC: case OP_PREDEC: case OP_POSTINC: case OP_POSTDEC: {
		const struct ir_expr *x = ir_strip(e->kids[0]);
		struct bs_rv loc = bs_lval(r, x), old = bs_load(r, x, loc);
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

struct bs_rv bs_eval(struct bs_thread *r, const struct ir_expr *e)
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
		return bs_load(r, e, bs_lval(r, e));
	case EK_CALL:
		return bs_call(r, e);
	default:
		/* a default argument, which clang evaluated (lower_call.c) */
		if (e->kind == EK_OTHER && !e->nkids && e->has_value)
			return bs_rv_int(e->ival);
		if (e->kind == EK_OTHER && e->nkids == 1)
			return bs_made_of(r, e, bs_eval(r, e->kids[0]));
		for (int i = 0; i < e->nkids; i++)
			bs_eval(r, e->kids[i]);
		return bs_top_of(r, e);
	}
}

struct bs_rv bs_eval_cond(struct bs_thread *r, const struct ir_expr *e)
{
	struct bs_rv v = bs_eval(r, e);
	if (v.k == BS_RV_PTR && bs_obj_memory(r->c, v.obj) != BLOCKSIM_MEM_SHARED)
		return bs_top_of(r, ir_strip(e) ? ir_strip(e) : e);
	return v;
}

