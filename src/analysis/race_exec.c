/* race_exec.c - one thread's run over the IR (race.h).
 *
 * An interpreter over the structured IR with the values of race_value.c.
 * Locals live in frames, one per call; __shared__ memory has no values
 * (every read of it is unknown) but every access of it is logged. A
 * condition the run cannot decide runs both ways, each under a path
 * literal, and the variables the two ways set differently become unknown
 * after it; a loop runs at most RS_LOOP_CAP times, after which what it
 * assigns is unknown. A run that cannot be followed any more (a barrier
 * some ways of an undecided branch pass and others do not, a goto, an
 * unknown switch, its step budget spent) is lost: it stops, and what it
 * would have done is not logged. */
#include "analysis/race_internal.h"
#include "analysis/intrinsics.h"
#include "analysis/memspace.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define RS_LOOP_CAP 8      /* iterations run of any one loop */
#define RS_MAX_DEPTH 12    /* calls inlined into one another */

struct rs_frame {
	const struct ir_func *fn;
	struct rv *vars;           /* by ir_var id */
	uint8_t *is_ref;           /* the slot holds the address a reference is bound to */
	struct rv self;            /* a method's object (`this`) */
	struct rv ret;
	bool has_ret, ret_ref;
	struct rs_frame *caller;
};

struct rs_run {
	struct rs_ctx *c;
	int lin, tid[3];
	int phase, wepoch, seq;
	long steps, budget;
	const struct rs_lit *lits;
	const struct rs_iter *iters;
	uint32_t ctx;              /* hash of the enclosing loop iterations and call sites */
	struct rs_frame *top;
	int depth;
	bool lost;
	bool outside;              /* it indexed a __shared__ array beyond its extent */
	bool kernel;               /* the root is a kernel: its integer parameters are uniform */
	int64_t tparam;
};

enum flow { FL_NORMAL, FL_BREAK, FL_CONTINUE, FL_RETURN, FL_LOST };

static struct rv eval(struct rs_run *r, const struct ir_expr *e);
static struct rv lval(struct rs_run *r, const struct ir_expr *e);
static enum flow exec(struct rs_run *r, const struct ir_stmt *s);

static uint32_t mix(uint32_t h, uintptr_t x)
{
	uint64_t v = (uint64_t)x * 0x9e3779b97f4a7c15u ^ h;
	v ^= v >> 29;
	v *= 0xbf58476d1ce4e5b9u;
	return (uint32_t)(v >> 32) | 1;
}

static bool tick(struct rs_run *r)
{
	if (++r->steps > r->budget)
		r->lost = true;
	return !r->lost;
}

static bool uniform(const struct ir_expr *e)
{
	return e->level <= U_BLOCK;
}

/* The unknown value of e: block-uniform ones are the same value in every
 * thread that computes them at the same point (iteration, interval). */
static struct rv top_of(struct rs_run *r, const struct ir_expr *e)
{
	struct rv v = rv_top(uniform(e));
	if (v.uni)
		v.vid = mix(mix(r->ctx, (uintptr_t)e), (uintptr_t)r->phase + 1);
	return v;
}

/* The identity of a value written, for telling benign writes: 0 when
 * threads may write different values. */
static uint32_t value_id(const struct rv *v)
{
	switch (v->k) {
	case RV_INT: return mix(0x1234, (uintptr_t)v->i);
	case RV_PTR: return mix(mix(mix(0x5678, (uintptr_t)v->obj), (uintptr_t)v->field), (uintptr_t)v->i);
	case RV_TOP: return v->uni ? v->vid : 0;
	default: return 0;
	}
}

static int lit_flags(const struct ir_expr *cond, struct rv v)
{
	return (uniform(cond) ? LIT_UNI : 0) | (v.k == RV_TOP && v.shd ? LIT_SHD : 0);
}

static const struct rs_lit *push_lit(struct rs_run *r, const struct rs_lit *next, const struct ir_expr *cond, bool pol,
                                     int flags, enum lit_scope scope)
{
	struct rs_lit *l = arena_alloc(r->c->a, sizeof *l);
	l->next = next;
	l->cond = cond;
	l->phase = r->phase;
	l->pol = pol;
	l->uni = (flags & LIT_UNI) != 0;
	l->shd = (flags & LIT_SHD) != 0;
	l->scope = (uint8_t)scope;
	return l;
}

/* The literals of r->lits pushed since BASE that outlive SCOPE, put back
 * on BASE: leaving an iteration drops what a `continue` left, leaving a
 * loop what a `break` left. */
static const struct rs_lit *drop_scope(struct rs_run *r, const struct rs_lit *base, enum lit_scope scope)
{
	const struct rs_lit *keep[32];
	int n = 0;
	for (const struct rs_lit *l = r->lits; l && l != base; l = l->next)
		if (l->scope > scope && n < 32)
			keep[n++] = l;
	const struct rs_lit *out = base;
	while (n-- > 0)
		out = push_lit(r, out, keep[n]->cond, keep[n]->pol, (keep[n]->uni ? LIT_UNI : 0) | (keep[n]->shd ? LIT_SHD : 0),
		               (enum lit_scope)keep[n]->scope);
	return out;
}

/* ---- memory ------------------------------------------------------------------- */

static const char *access_type(const struct ir_expr *e)
{
	return e->type;
}

static int access_size(struct rs_run *r, const struct ir_expr *e)
{
	int64_t n = rs_type_size(access_type(e), r->tparam);
	return n > 0 && n <= 256 ? (int)n : 4;
}

/* Logs an access of the shared bytes LOC by this thread. */
static void note(struct rs_run *r, const struct ir_expr *e, struct rv loc, uint8_t kind, uint32_t vid, int size)
{
	if (loc.k != RV_PTR || r->lost || loc.i < 0)
		return;
	struct rs_ctx *c = r->c;
	int64_t total = rs_type_size(loc.obj->type, r->tparam);
	if (!loc.field && total > 0 && loc.i + size > total) {
		r->outside = true; /* beyond the object: a thread the code is not written for */
		return;
	}
	const char *field = memorder_field(e);
	if (memorder_is_sync(c->mo, memspace_var_object(c->ms, loc.obj), field)) {
		/* a flag: its stores publish, its polls acquire (race.h) */
		if (kind & RK_WRITE) {
			CL_VEC_GROW(c->syncs, c->nsyncs, c->capsyncs);
			c->syncs[c->nsyncs++] = (struct rs_sync){ memspace_var_object(c->ms, loc.obj), field, r->lin, r->phase,
			                                          r->seq++, RS_PUBLISH };
		}
		return;
	}
	struct rs_entry en = {
		.obj = loc.obj, .field = loc.field, .off = loc.i, .size = size,
		.site = rs_site_of(c, e, r->top ? r->top->fn : NULL), .thread = r->lin, .phase = r->phase,
		.seq = r->seq++, .wepoch = r->wepoch, .kind = kind, .vid = vid, .lits = r->lits, .iters = r->iters,
	};
	rs_log(c, &en);
}

static struct rv load(struct rs_run *r, const struct ir_expr *e, struct rv loc)
{
	if (loc.k == RV_PTR) {
		note(r, e, loc, RK_READ, 0, access_size(r, e));
		struct rv v = top_of(r, e);
		v.shd = 1;
		return v;
	}
	if (loc.k == RV_LOCAL && loc.i == 0 && loc.frame)
		return loc.frame->vars[loc.slot];
	return top_of(r, e);
}

static void store(struct rs_run *r, const struct ir_expr *e, struct rv loc, struct rv v)
{
	if (loc.k == RV_PTR)
		note(r, e, loc, RK_WRITE, value_id(&v), access_size(r, e));
	else if (loc.k == RV_LOCAL && loc.i == 0 && loc.frame)
		loc.frame->vars[loc.slot] = v;
}

/* ---- expressions --------------------------------------------------------------- */

static bool is_lvalue(const struct ir_expr *e)
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

static bool local_slot(const struct rs_run *r, const struct ir_var *v)
{
	return (v->kind == VAR_LOCAL || v->kind == VAR_PARAM) && v->id >= 0 && r->top && r->top->fn &&
	       v->id < r->top->fn->nvars && r->top->fn->vars[v->id] == v;
}

/* The object itself, not memspace's union of what pointers may reach (a
 * helper called with two arrays would make them one): the run follows
 * each pointer's value. Only the extern __shared__ arrays are one object,
 * the block's dynamic shared memory. */
static struct rv shared_object(struct rs_run *r, const struct ir_var *v)
{
	bool dynamic = v->is_array && v->type && strstr(v->type, "[]");
	struct rv p = { .k = RV_PTR, .obj = dynamic && r->c->dynamic ? r->c->dynamic : v };
	return p;
}

static bool is_array_type(const char *t)
{
	const char *b = t ? strchr(t, '[') : NULL, *s = t ? strchr(t, '*') : NULL;
	return b && (!s || b < s);
}

static struct rv lval_var(struct rs_run *r, const struct ir_var *v)
{
	if (local_slot(r, v)) {
		if (r->top->is_ref[v->id])
			return r->top->vars[v->id];
		struct rv l = { .k = RV_LOCAL, .frame = r->top, .slot = v->id };
		return l;
	}
	if (v->kind == VAR_GLOBAL && v->space == SPACE_SHARED)
		return shared_object(r, v);
	return rv_top(false);
}

/* Element ELEM of the array or pointer BASE, of size SIZE. */
static struct rv offset_by(struct rv base, struct rv idx, int64_t size)
{
	if ((base.k != RV_PTR && base.k != RV_LOCAL) || idx.k != RV_INT || size <= 0)
		return rv_top(false);
	base.i += idx.i * size;
	return base;
}

static struct rv lval_index(struct rs_run *r, const struct ir_expr *e)
{
	const struct ir_expr *b = ir_strip(e->kids[0]);
	bool array = is_array_type(b->type) || (b->kind == EK_VAR && b->u.var->is_array && !b->is_pointer);
	struct rv base = array ? lval(r, b) : eval(r, b);
	struct rv idx = eval(r, e->kids[1]);
	if (array && idx.k == RV_INT) {
		int64_t n = rs_array_extent(b->type ? b->type : b->kind == EK_VAR ? b->u.var->type : NULL, r->tparam);
		if (n >= 0 && (idx.i < 0 || idx.i >= n)) {
			if (base.k == RV_PTR)
				r->outside = true; /* a thread the code is not written for */
			return rv_top(false);
		}
	}
	return offset_by(base, idx, rs_type_size(e->type, r->tparam));
}

static struct rv lval_member(struct rs_run *r, const struct ir_expr *e)
{
	struct rv base;
	if (!e->nkids)
		base = r->top ? r->top->self : rv_top(false); /* implicit this->member */
	else if (e->arrow)
		base = eval(r, e->kids[0]);
	else
		base = lval(r, e->kids[0]);
	if (base.k != RV_PTR || !e->u.name)
		return rv_top(false);
	base.field = rs_path(r->c, base.field, e->u.name);
	return base;
}

static struct rv call(struct rs_run *r, const struct ir_expr *e);

static struct rv lval(struct rs_run *r, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e || !tick(r))
		return rv_top(false);
	switch (e->kind) {
	case EK_VAR:
		return lval_var(r, e->u.var);
	case EK_INDEX:
		return lval_index(r, e);
	case EK_MEMBER:
		return lval_member(r, e);
	case EK_UNARY:
		if (e->op == OP_DEREF)
			return eval(r, e->kids[0]);
		if (e->op == OP_PREINC || e->op == OP_PREDEC) {
			eval(r, e);
			return lval(r, e->kids[0]);
		}
		break;
	case EK_ASSIGN:
		eval(r, e);
		return lval(r, e->kids[0]);
	case EK_CALL:
		if (e->u.call.ret_type && strchr(e->u.call.ret_type, '&'))
			return call(r, e);
		break;
	default:
		break;
	}
	eval(r, e);
	return rv_top(false);
}

static struct rv eval_var(struct rs_run *r, const struct ir_expr *e)
{
	const struct ir_var *v = e->u.var;
	if (e->has_value)
		return rv_int(e->ival);
	if (v->kind == VAR_TEMPLATE_PARAM)
		return rv_int(r->tparam);
	if (local_slot(r, v)) {
		if (v->is_array)
			return top_of(r, e);
		if (r->top->is_ref[v->id])
			return load(r, e, r->top->vars[v->id]);
		return r->top->vars[v->id];
	}
	if (v->kind == VAR_GLOBAL && v->space == SPACE_SHARED)
		return v->is_array ? shared_object(r, v) : load(r, e, shared_object(r, v));
	return top_of(r, e);
}

static struct rv eval_builtin(struct rs_run *r, const struct ir_expr *e)
{
	int d = e->u.bi.dim ? e->u.bi.dim - 'x' : 0;
	if (d < 0 || d > 2)
		return top_of(r, e);
	switch (e->u.bi.which) {
	case BI_THREADIDX: return rv_int(r->tid[d]);
	case BI_BLOCKDIM: return rv_int(r->c->bdim[d]);
	case BI_BLOCKIDX: return rv_int(r->c->bidx[d]);
	case BI_GRIDDIM: return rv_int(r->c->gdim[d]);
	case BI_WARPSIZE: return rv_int(32);
	}
	return top_of(r, e);
}

/* Pointer arithmetic: p + k and p - k scale k by the pointee's size. */
static bool pointer_arith(struct rs_run *r, const struct ir_expr *e, struct rv a, struct rv b, struct rv *out)
{
	const struct ir_expr *pa = ir_strip(e->kids[0]), *pb = ir_strip(e->kids[1]);
	bool ap = a.k == RV_PTR || a.k == RV_LOCAL, bp = b.k == RV_PTR || b.k == RV_LOCAL;
	if (!ap && !bp)
		return false;
	if (ap && bp) {
		if (e->op == OP_SUB && a.k == RV_PTR && b.k == RV_PTR && a.obj == b.obj && a.field == b.field) {
			int64_t s = rs_pointee_size(pa->type, r->tparam);
			*out = s > 0 ? rv_int((a.i - b.i) / s) : top_of(r, e);
		} else if (e->op >= OP_LT && e->op <= OP_NE && a.k == b.k && a.obj == b.obj && a.field == b.field) {
			*out = rv_binary(e->op, rv_int(a.i), rv_int(b.i), "long");
		} else {
			*out = top_of(r, e);
		}
		return true;
	}
	if ((e->op == OP_ADD || (e->op == OP_SUB && ap))) {
		struct rv p = ap ? a : b, k = ap ? b : a;
		int64_t s = rs_pointee_size((ap ? pa : pb)->type, r->tparam);
		if (k.k == RV_INT && e->op == OP_SUB)
			k.i = -k.i;
		*out = offset_by(p, k, s);
		return true;
	}
	*out = top_of(r, e);
	return true;
}

static struct rv eval_cond_value(struct rs_run *r, const struct ir_expr *e)
{
	struct rv c = eval(r, e->kids[0]);
	if (c.k == RV_INT)
		return eval(r, e->kids[c.i ? 1 : 2]);
	const struct rs_lit *saved = r->lits;
	int fl = lit_flags(e->kids[0], c);
	r->lits = push_lit(r, saved, e->kids[0], true, fl, LIT_BRANCH);
	struct rv a = eval(r, e->kids[1]);
	r->lits = push_lit(r, saved, e->kids[0], false, fl, LIT_BRANCH);
	struct rv b = eval(r, e->kids[2]);
	r->lits = saved;
	if (rv_equal(&a, &b))
		return a;
	struct rv v = top_of(r, e);
	v.shd = c.shd | a.shd | b.shd;
	return v;
}

static struct rv eval_logical(struct rs_run *r, const struct ir_expr *e)
{
	bool land = e->op == OP_LAND;
	struct rv a = eval(r, e->kids[0]);
	if (a.k == RV_INT && (land ? !a.i : a.i))
		return rv_int(!land);
	const struct rs_lit *saved = r->lits;
	if (a.k != RV_INT)
		r->lits = push_lit(r, saved, e->kids[0], land, lit_flags(e->kids[0], a), LIT_BRANCH);
	struct rv b = eval(r, e->kids[1]);
	r->lits = saved;
	if (b.k == RV_INT && (land ? !b.i : b.i))
		return rv_int(!land);
	if (a.k == RV_INT && b.k == RV_INT)
		return rv_int(land);
	struct rv v = top_of(r, e);
	v.shd = a.shd | b.shd;
	return v;
}

static struct rv eval_binary(struct rs_run *r, const struct ir_expr *e)
{
	if (e->op == OP_LAND || e->op == OP_LOR)
		return eval_logical(r, e);
	struct rv a = eval(r, e->kids[0]), b = eval(r, e->kids[1]), out;
	if (e->op == OP_COMMA)
		return b;
	if (pointer_arith(r, e, a, b, &out))
		return out;
	if (a.k != RV_INT || b.k != RV_INT || rs_type_is_float(e->type)) {
		out = top_of(r, e);
		out.shd = a.shd | b.shd;
		return out;
	}
	out = rv_binary(e->op, a, b, e->type);
	return out.k == RV_TOP ? top_of(r, e) : out;
}

/* `x += y`, `x++`: the new value of an lvalue whose old value is OLD. */
static struct rv update(struct rs_run *r, const struct ir_expr *e, const struct ir_expr *lhs, enum ir_op op,
                        struct rv old, struct rv rhs)
{
	if ((old.k == RV_PTR || old.k == RV_LOCAL) && (op == OP_ADD || op == OP_SUB) && rhs.k == RV_INT) {
		int64_t s = rs_pointee_size(lhs->type, r->tparam);
		if (op == OP_SUB)
			rhs.i = -rhs.i;
		return offset_by(old, rhs, s);
	}
	if (old.k != RV_INT || rhs.k != RV_INT || rs_type_is_float(lhs->type)) {
		struct rv v = top_of(r, e);
		v.shd = old.shd | rhs.shd;
		return v;
	}
	struct rv v = rv_binary(op, old, rhs, lhs->type);
	return v.k == RV_TOP ? top_of(r, e) : v;
}

static struct rv eval_assign(struct rs_run *r, const struct ir_expr *e)
{
	const struct ir_expr *lhs = ir_strip(e->kids[0]);
	struct rv rhs = eval(r, e->kids[1]);
	struct rv loc = lval(r, lhs);
	struct rv v = e->op == OP_NONE ? rhs : update(r, e, lhs, e->op, load(r, lhs, loc), rhs);
	if (rs_type_is_integral(lhs->type))
		v = rv_fit(v, lhs->type);
	store(r, lhs, loc, v);
	return v;
}

static struct rv eval_unary(struct rs_run *r, const struct ir_expr *e)
{
	switch (e->op) {
	case OP_ADDR:
		return lval(r, e->kids[0]);
	case OP_DEREF:
		return load(r, e, eval(r, e->kids[0]));
	case OP_PREINC: case OP_PREDEC: case OP_POSTINC: case OP_POSTDEC: {
		const struct ir_expr *x = ir_strip(e->kids[0]);
		struct rv loc = lval(r, x), old = load(r, x, loc);
		bool inc = e->op == OP_PREINC || e->op == OP_POSTINC;
		struct rv v = update(r, e, x, inc ? OP_ADD : OP_SUB, old, rv_int(1));
		if (rs_type_is_integral(x->type))
			v = rv_fit(v, x->type);
		store(r, x, loc, v);
		return e->op == OP_PREINC || e->op == OP_PREDEC ? v : old;
	}
	default: {
		struct rv a = eval(r, e->kids[0]);
		if (a.k != RV_INT || rs_type_is_float(e->type)) {
			struct rv v = top_of(r, e);
			v.shd = a.shd;
			return v;
		}
		return rv_unary(e->op, a, e->type);
	}
	}
}

static struct rv eval(struct rs_run *r, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e || !tick(r))
		return rv_top(false);
	switch (e->kind) {
	case EK_CONST:
		if (e->has_value)
			return rv_int(e->ival);
		return rv_top(true);
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
		return load(r, e, lval(r, e));
	case EK_CALL:
		return call(r, e);
	default:
		for (int i = 0; i < e->nkids; i++)
			eval(r, e->kids[i]);
		return top_of(r, e);
	}
}

/* ---- calls ----------------------------------------------------------------------- */

/* Evaluates the arguments from FROM on; whether one came from __shared__
 * data. */
static bool eval_args(struct rs_run *r, const struct ir_expr *e, int from)
{
	bool shd = false;
	for (int i = from; i < e->nkids; i++)
		shd |= eval(r, e->kids[i]).shd;
	return shd;
}

/* The location an atomic operates on: its pointer argument, or the
 * object of an atomic_ref / cuda::atomic method. */
static struct rv atomic_target(struct rs_run *r, const struct ir_expr *e)
{
	const struct ir_expr *p = e->nkids ? ir_strip(e->kids[0]) : NULL;
	if (!p)
		return rv_top(false);
	if (p->is_pointer || (p->type && strchr(p->type, '*')))
		return eval(r, p);
	if (p->kind == EK_OTHER && p->nkids && p->type && strstr(p->type, "atomic_ref"))
		return lval(r, p->kids[p->nkids - 1]); /* cuda::atomic_ref<T>(x).op() */
	if (p->kind == EK_CALL && !p->u.call.target && p->nkids && p->type && strstr(p->type, "atomic_ref"))
		return lval(r, p->kids[0]);
	return lval(r, p); /* an atomic_ref variable holds its object's address */
}

static struct rv atomic_call(struct rs_run *r, const struct ir_expr *e, enum intrinsic k)
{
	struct rv loc = atomic_target(r, e);
	eval_args(r, e, 1);
	uint8_t kind = RK_ATOMIC | (k == IN_ATOMIC_LOAD ? RK_READ : k == IN_ATOMIC_STORE ? RK_WRITE : RK_READ | RK_WRITE);
	const struct ir_expr *p = e->nkids ? ir_strip(e->kids[0]) : NULL;
	int64_t size = p && p->type ? rs_pointee_size(p->type, r->tparam) : 0;
	if (loc.k == RV_PTR)
		note(r, p, loc, kind, 0, size > 0 && size <= 16 ? (int)size : 4);
	return top_of(r, e);
}

/* thread_block_tile<32>: the tile's size from the type's spelling. */
static int64_t tile_size(const char *t)
{
	const char *p = t ? strstr(t, "thread_block_tile<") : NULL;
	return p ? strtoll(p + 18, NULL, 10) : 0;
}

static struct rv group_call(struct rs_run *r, const struct ir_expr *e, enum intrinsic k)
{
	eval_args(r, e, 0);
	const char *t = e->u.call.recv_type, *n = e->u.call.name;
	bool block = t && strstr(t, "thread_block") && !strstr(t, "thread_block_tile");
	int64_t ts = tile_size(t);
	if (k == IN_THREAD_RANK && !strcmp(n, "thread_rank")) {
		if (block)
			return rv_int(r->lin);
		if (ts > 0 && ts <= 32)
			return rv_int(r->lin % ts);
	} else if (k == IN_GROUP_QUERY && (!strcmp(n, "size") || !strcmp(n, "num_threads"))) {
		if (block)
			return rv_int(r->c->nthreads);
		if (ts > 0)
			return rv_int(ts);
	}
	return top_of(r, e);
}

/* Integer functions index arithmetic uses. */
static bool pure_call(struct rs_run *r, const struct ir_expr *e, struct rv *out)
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
	struct rv a = eval(r, e->kids[0]), b = which == 6 ? rv_int(0) : eval(r, e->kids[1]);
	if (a.k != RV_INT || b.k != RV_INT || rs_type_is_float(e->type)) {
		*out = top_of(r, e);
		return true;
	}
	switch (which) {
	case 0: case 2: *out = rv_int(a.i < b.i ? a.i : b.i); break;
	case 1: case 3: *out = rv_int(a.i > b.i ? a.i : b.i); break;
	case 4: case 5: *out = rv_fit(rv_int(a.i * b.i), e->type); break;
	default: *out = rv_int(a.i < 0 ? -a.i : a.i); break;
	}
	return true;
}

static bool on_stack(const struct rs_run *r, const struct ir_func *f)
{
	for (const struct rs_frame *fr = r->top; fr; fr = fr->caller)
		if (fr->fn == f)
			return true;
	return false;
}

static struct rs_frame *frame_new(const struct ir_func *f, struct rs_frame *caller)
{
	struct rs_frame *fr = xcalloc(1, sizeof *fr);
	fr->fn = f;
	fr->vars = xcalloc((size_t)f->nvars + 1, sizeof *fr->vars);
	fr->is_ref = xcalloc((size_t)f->nvars + 1, 1);
	fr->caller = caller;
	return fr;
}

static void frame_free(struct rs_frame *fr)
{
	free(fr->vars);
	free(fr->is_ref);
	free(fr);
}

/* Binds argument A to parameter P of the new frame FR. */
static void bind(struct rs_run *r, struct rs_frame *fr, const struct ir_var *p, const struct ir_expr *a)
{
	if (p->id < 0 || p->id >= fr->fn->nvars)
		return;
	if (!a) {
		fr->vars[p->id] = rv_top(true); /* a default argument */
		return;
	}
	if (p->is_reference && is_lvalue(a)) {
		fr->vars[p->id] = lval(r, a);
		fr->is_ref[p->id] = 1;
		return;
	}
	struct rv v = eval(r, a);
	fr->vars[p->id] = rs_type_is_integral(p->type) ? rv_fit(v, p->type) : v;
}

static enum flow run_body(struct rs_run *r, struct rs_frame *fr, const struct ir_stmt *body);

static struct rv inline_call(struct rs_run *r, const struct ir_expr *e, const struct ir_func *f)
{
	const struct ir_call *c = &e->u.call;
	if (r->depth >= RS_MAX_DEPTH || on_stack(r, f)) {
		eval_args(r, e, 0);
		return top_of(r, e);
	}
	struct rs_frame *fr = frame_new(f, r->top);
	int first = c->is_method && e->nkids ? 1 : 0;
	if (first) {
		const struct ir_expr *o = ir_strip(e->kids[0]);
		fr->self = o->is_pointer ? eval(r, o) : lval(r, o);
	}
	for (int i = 0; i < f->nparams; i++)
		bind(r, fr, f->params[i], first + i < e->nkids ? e->kids[first + i] : NULL);
	eval_args(r, e, first + f->nparams);
	fr->ret_ref = c->ret_type && strchr(c->ret_type, '&') && !strstr(c->ret_type, "&&");
	uint32_t ctx = r->ctx;
	const struct rs_iter *iters = r->iters;
	struct rs_iter *node = arena_alloc(r->c->a, sizeof *node);
	*node = (struct rs_iter){ iters, e, e->loc, 0 };
	r->iters = node;
	r->ctx = mix(ctx, (uintptr_t)e);
	enum flow fl = run_body(r, fr, f->body);
	r->ctx = ctx;
	r->iters = iters;
	struct rv v = fl != FL_LOST && fr->has_ret ? fr->ret : top_of(r, e);
	frame_free(fr);
	return v;
}

static struct rv call(struct rs_run *r, const struct ir_expr *e)
{
	enum intrinsic k = intrinsic_of((struct ir_expr *)e);
	switch (k) {
	case IN_SYNCTHREADS: case IN_SYNCTHREADS_REDUCE: case IN_BLOCK_BARRIER_WAIT: case IN_GRID_SYNC:
		eval_args(r, e, 0);
		for (const struct rs_lit *l = r->lits; l; l = l->next)
			if (!l->uni)
				r->lost = true; /* a barrier only some threads may reach: intervals out of step */
		r->phase++;
		return rv_top(true);
	case IN_SYNCWARP:
		eval_args(r, e, 0);
		r->wepoch++;
		return rv_top(false);
	case IN_TILE_COLLECTIVE:
		eval_args(r, e, 0);
		if (!strcmp(e->u.call.name, "sync"))
			r->wepoch++;
		return top_of(r, e);
	case IN_ATOMIC_RMW: case IN_ATOMIC_LOAD: case IN_ATOMIC_STORE:
		return atomic_call(r, e, k);
	case IN_FENCE: {
		eval_args(r, e, 0);
		struct rs_ctx *c = r->c;
		CL_VEC_GROW(c->syncs, c->nsyncs, c->capsyncs);
		c->syncs[c->nsyncs++] = (struct rs_sync){ NULL, NULL, r->lin, r->phase, r->seq++, RS_FENCE };
		return rv_top(true);
	}
	case IN_THREAD_RANK: case IN_GROUP_QUERY:
		return group_call(r, e, k);
	default:
		break;
	}
	const struct ir_func *t = e->u.call.target;
	if (!t)
		t = memspace_conversion(r->c->ms, e); /* SharedMemory<T>() in a template */
	if (t && t->body && (t->is_device || t->is_global))
		return inline_call(r, e, t);
	struct rv out;
	if (pure_call(r, e, &out))
		return out;
	out = top_of(r, e);
	out.shd = eval_args(r, e, 0); /* fabsf(s[i]) */
	return out;
}

/* ---- statements ----------------------------------------------------------------------- */

static int find_barrier(struct ir_expr *e, void *arg)
{
	(void)arg;
	if (e->kind != EK_CALL)
		return 0;
	enum intrinsic k = intrinsic_of(e);
	return intrinsic_is_block_barrier(k) || k == IN_GRID_SYNC ||
	       (k == IN_NONE && e->u.call.target && e->u.call.target->reaches_barrier);
}

/* The cached facts of statement S. */
static struct rs_stmtfacts *stmt_facts(struct rs_run *r, const struct ir_stmt *s)
{
	struct rs_ctx *c = r->c;
	if ((size_t)(c->nfacts + 1) * 2 > c->nfact_slot) {
		size_t n = c->nfact_slot ? c->nfact_slot * 2 : 64;
		struct rs_stmtfacts *v = xcalloc(n, sizeof *v);
		for (size_t i = 0; i < c->nfact_slot; i++) {
			if (!c->facts[i].s)
				continue;
			size_t h = ((uintptr_t)c->facts[i].s >> 4) & (n - 1);
			while (v[h].s)
				h = (h + 1) & (n - 1);
			v[h] = c->facts[i];
		}
		free(c->facts);
		c->facts = v;
		c->nfact_slot = n;
	}
	size_t h = ((uintptr_t)s >> 4) & (c->nfact_slot - 1);
	while (c->facts[h].s && c->facts[h].s != s)
		h = (h + 1) & (c->nfact_slot - 1);
	if (!c->facts[h].s) {
		c->facts[h].s = s;
		c->facts[h].barrier = -1;
		c->nfacts++;
	}
	return &c->facts[h];
}

static bool has_barrier(struct rs_run *r, const struct ir_stmt *s)
{
	struct rs_stmtfacts *f = stmt_facts(r, s);
	if (f->barrier < 0)
		f->barrier = (int8_t)(ir_walk_stmt_exprs((struct ir_stmt *)s, find_barrier, NULL) != 0);
	return f->barrier;
}

static const struct rs_stmtfacts *loop_vars(struct rs_run *r, const struct ir_stmt *s)
{
	struct rs_stmtfacts *f = stmt_facts(r, s);
	if (!f->marks) {
		f->n = r->top->fn->nvars;
		f->marks = xcalloc((size_t)f->n + 1, 1);
		ir_mark_assigned_values((struct ir_stmt *)s, NULL, f->marks);
	}
	return f;
}

/* Records how many barriers this thread passed in S, which has some and
 * is decided by COND. */
static void note_barriers(struct rs_run *r, const struct ir_stmt *s, const struct ir_expr *cond, int phase_in)
{
	struct rs_ctx *c = r->c;
	CL_VEC_GROW(c->events, c->nevents, c->capevents);
	c->events[c->nevents++] = (struct rs_barevent){ s, r->ctx, phase_in, r->phase - phase_in, r->lin,
	                                                cond && !uniform(cond) };
}

struct snapshot { struct rv *vars; int n; };

static struct snapshot save(const struct rs_run *r)
{
	struct snapshot s = { NULL, r->top ? r->top->fn->nvars : 0 };
	s.vars = xmalloc(((size_t)s.n + 1) * sizeof *s.vars);
	if (s.n)
		memcpy(s.vars, r->top->vars, (size_t)s.n * sizeof *s.vars);
	return s;
}

static void restore(struct rs_run *r, const struct snapshot *s)
{
	if (s->n)
		memcpy(r->top->vars, s->vars, (size_t)s->n * sizeof *s->vars);
}

/* The frame's variables after two ways that ended in states A (saved)
 * and the current one: what they agree on, else unknown. */
static void join_into(struct rs_run *r, const struct snapshot *a, bool uni)
{
	for (int i = 0; i < a->n; i++)
		if (!r->top->is_ref[i] && !rv_equal(&a->vars[i], &r->top->vars[i])) {
			uint8_t shd = a->vars[i].shd | r->top->vars[i].shd;
			r->top->vars[i] = rv_top(uni && (a->vars[i].k != RV_TOP || a->vars[i].uni) &&
			                         (r->top->vars[i].k != RV_TOP || r->top->vars[i].uni));
			r->top->vars[i].shd = shd;
		}
}

static enum flow exec_undecided(struct rs_run *r, const struct ir_expr *cond, struct rv cv, const struct ir_stmt *then,
                                const struct ir_stmt *els)
{
	bool uni = uniform(cond);
	int fl = lit_flags(cond, cv);
	const struct rs_lit *base = r->lits;
	int phase = r->phase, wepoch = r->wepoch;
	struct snapshot before = save(r);
	r->lits = push_lit(r, base, cond, true, fl, LIT_BRANCH);
	enum flow fa = then ? exec(r, then) : FL_NORMAL;
	int phase_a = r->phase, wepoch_a = r->wepoch;
	struct snapshot after_a = save(r);
	restore(r, &before);
	r->phase = phase;
	r->wepoch = wepoch;
	r->lits = push_lit(r, base, cond, false, fl, LIT_BRANCH);
	enum flow fb = fa == FL_LOST ? FL_LOST : els ? exec(r, els) : FL_NORMAL;
	if (fb != FL_LOST && phase_a != r->phase)
		fb = FL_LOST; /* a barrier some threads (or blocks) pass and others do not */
	if (wepoch_a > r->wepoch)
		r->wepoch = wepoch_a;
	enum flow out = fb;
	if (fa == FL_LOST || fb == FL_LOST) {
		out = FL_LOST;
	} else if (fa == FL_NORMAL && fb == FL_NORMAL) {
		join_into(r, &after_a, uni);
		r->lits = base;
	} else if (fa != FL_NORMAL && fb == FL_NORMAL) {
		/* the way that left (return, break, continue) goes on no more: what
		 * follows runs only where the condition is false */
		enum lit_scope s = fa == FL_CONTINUE ? LIT_ITERATION : fa == FL_BREAK ? LIT_LOOP : LIT_FUNCTION;
		r->lits = push_lit(r, drop_scope(r, base, LIT_BRANCH), cond, false, fl, s);
	} else if (fa == FL_NORMAL) {
		restore(r, &after_a);
		enum lit_scope s = fb == FL_CONTINUE ? LIT_ITERATION : fb == FL_BREAK ? LIT_LOOP : LIT_FUNCTION;
		r->lits = push_lit(r, base, cond, true, fl, s);
		out = FL_NORMAL;
	} else if (fa == fb) {
		join_into(r, &after_a, uni);
		r->lits = base;
	} else {
		out = FL_LOST;
	}
	free(before.vars);
	free(after_a.vars);
	return out;
}

static enum flow exec_if(struct rs_run *r, const struct ir_stmt *s)
{
	if (s->u.if_.init) {
		enum flow f = exec(r, s->u.if_.init);
		if (f != FL_NORMAL)
			return f;
	}
	struct rv c = eval(r, s->u.if_.cond);
	if (r->lost)
		return FL_LOST;
	if (c.k == RV_INT || c.k == RV_PTR || c.k == RV_LOCAL) {
		const struct ir_stmt *arm = c.k != RV_INT || c.i ? s->u.if_.then : s->u.if_.els;
		int phase = r->phase;
		enum flow f = arm ? exec(r, arm) : FL_NORMAL;
		if (f != FL_LOST && has_barrier(r, s))
			note_barriers(r, s, s->u.if_.cond, phase);
		return f;
	}
	return exec_undecided(r, s->u.if_.cond, c, s->u.if_.then, s->u.if_.els);
}

/* After a loop cut short or left at an unknown point: what it assigns is
 * unknown. */
static void forget_loop(struct rs_run *r, const struct ir_stmt *s, bool uni)
{
	const struct rs_stmtfacts *lv = loop_vars(r, s);
	for (int i = 0; i < lv->n && i < r->top->fn->nvars; i++)
		if (lv->marks[i] && !r->top->is_ref[i])
			r->top->vars[i] = rv_top(uni);
}

static bool is_poll(const struct rs_run *r, const struct ir_stmt *s, int *which)
{
	const struct memorder *m = r->c->mo;
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].loop == s) {
			*which = i;
			return true;
		}
	return false;
}

static enum flow exec_loop(struct rs_run *r, const struct ir_stmt *s)
{
	if (s->u.loop.init) {
		enum flow f = exec(r, s->u.loop.init);
		if (f != FL_NORMAL)
			return f;
	}
	const struct rs_lit *base = r->lits;
	const struct ir_expr *cond = s->u.loop.cond;
	bool unknown_exit = false, uni = !cond || uniform(cond);
	int phase0 = r->phase;
	uint32_t ctx = r->ctx;
	const struct rs_iter *iters = r->iters;
	enum flow out = FL_NORMAL;
	for (int it = 0;; it++) {
		if (s->u.loop.form != LOOP_DO || it > 0) {
			if (s->u.loop.form == LOOP_RANGE) {
				return FL_LOST; /* a range-for: its variable and trip count are its range's */
			} else if (cond) {
				struct rv c = eval(r, cond);
				if (r->lost)
					return FL_LOST;
				if (c.k == RV_INT && !c.i)
					break;
				if (c.k == RV_TOP && !unknown_exit) {
					unknown_exit = true;
					r->lits = push_lit(r, r->lits, cond, true, lit_flags(cond, c), LIT_LOOP);
				}
			}
		}
		if (it >= RS_LOOP_CAP) {
			unknown_exit = true;
			break;
		}
		const struct rs_lit *at_start = r->lits;
		r->ctx = mix(mix(ctx, (uintptr_t)s), (uintptr_t)it);
		struct rs_iter *node = arena_alloc(r->c->a, sizeof *node);
		*node = (struct rs_iter){ iters, s, s->loc, it };
		r->iters = node;
		enum flow f = exec(r, s->u.loop.body);
		r->iters = iters;
		r->lits = drop_scope(r, at_start, LIT_ITERATION);
		if (f == FL_LOST || f == FL_RETURN) {
			out = f;
			break;
		}
		if (f == FL_BREAK)
			break;
		if (s->u.loop.inc)
			eval(r, s->u.loop.inc);
		if (r->lost)
			return FL_LOST;
	}
	r->ctx = ctx;
	if (out == FL_LOST)
		return FL_LOST;
	r->lits = out == FL_RETURN ? r->lits : drop_scope(r, base, LIT_LOOP);
	if (unknown_exit) {
		forget_loop(r, s, uni);
		/* cut short with barriers inside: the threads' counts of intervals
		 * after it agree only if they all ran it the same number of times */
		if (r->phase != phase0 && !uni)
			return FL_LOST;
	}
	if (has_barrier(r, s))
		note_barriers(r, s, cond, phase0);
	int which;
	if (out == FL_NORMAL && is_poll(r, s, &which)) {
		struct rs_ctx *c = r->c;
		const struct poll *p = &r->c->mo->polls[which];
		CL_VEC_GROW(c->syncs, c->nsyncs, c->capsyncs);
		c->syncs[c->nsyncs++] = (struct rs_sync){ memspace_var_object(c->ms, p->obj), p->field, r->lin, r->phase,
		                                          r->seq++, RS_ACQUIRE };
	}
	return out;
}

/* Whether case statement S (or a case nested in it: `case 1: case 2:`)
 * matches V; *dflt is set at a default label. */
static bool case_matches(const struct ir_stmt *s, int64_t v, bool *dflt)
{
	for (; s && s->kind == SK_CASE; s = s->u.case_.body) {
		int64_t k;
		if (!s->u.case_.value)
			*dflt = true;
		else if (ir_const_value(s->u.case_.value, &k) && k == v)
			return true;
	}
	return false;
}

static enum flow exec_switch(struct rs_run *r, const struct ir_stmt *s)
{
	if (s->u.sw.init) {
		enum flow f = exec(r, s->u.sw.init);
		if (f != FL_NORMAL)
			return f;
	}
	struct rv c = eval(r, s->u.sw.cond);
	const struct ir_stmt *b = s->u.sw.body;
	if (c.k != RV_INT || !b || b->kind != SK_BLOCK)
		return FL_LOST;
	int start = -1, dflt = -1;
	for (int i = 0; i < b->u.block.n && start < 0; i++) {
		bool d = false;
		if (case_matches(b->u.block.v[i], c.i, &d))
			start = i;
		else if (d && dflt < 0)
			dflt = i;
	}
	if (start < 0)
		start = dflt;
	int phase = r->phase;
	enum flow out = FL_NORMAL;
	for (int i = start < 0 ? b->u.block.n : start; i < b->u.block.n && out == FL_NORMAL; i++) {
		enum flow f = exec(r, b->u.block.v[i]);
		out = f == FL_BREAK ? FL_BREAK : f;
	}
	if (out == FL_BREAK)
		out = FL_NORMAL;
	if (out != FL_LOST && has_barrier(r, s))
		note_barriers(r, s, s->u.sw.cond, phase);
	return out;
}

static enum flow exec_decl(struct rs_run *r, const struct ir_stmt *s)
{
	const struct ir_var *v = s->u.decl.var;
	const struct ir_expr *init = s->u.decl.init;
	if (!local_slot(r, v))
		return FL_NORMAL; /* __shared__ and static locals: one object, not initialised per thread */
	if (!init) {
		r->top->vars[v->id] = rv_top(false);
		return FL_NORMAL;
	}
	const struct ir_expr *in = ir_strip(init);
	bool binds = v->is_reference || (v->type && (strstr(v->type, "atomic_ref") != NULL));
	if (binds && v->type && strstr(v->type, "atomic_ref") && in->kind == EK_CALL && in->nkids == 1)
		in = ir_strip(in->kids[0]); /* cuda::atomic_ref<T> r(x): r names x */
	if (binds && is_lvalue(in)) {
		r->top->vars[v->id] = lval(r, in);
		r->top->is_ref[v->id] = 1;
	} else {
		struct rv x = eval(r, in);
		r->top->vars[v->id] = v->is_array ? rv_top(false) : rs_type_is_integral(v->type) ? rv_fit(x, v->type) : x;
	}
	return r->lost ? FL_LOST : FL_NORMAL;
}

static enum flow exec_return(struct rs_run *r, const struct ir_stmt *s)
{
	struct rs_frame *fr = r->top;
	const struct ir_expr *e = s->u.expr;
	if (e) {
		struct rv v = fr->ret_ref && is_lvalue(e) ? lval(r, e) : eval(r, e);
		if (fr->has_ret && !rv_equal(&fr->ret, &v))
			v = rv_top(uniform(e));
		fr->ret = v;
		fr->has_ret = true;
	}
	return r->lost ? FL_LOST : FL_RETURN;
}

static enum flow exec_asm(struct rs_run *r, const struct ir_stmt *s)
{
	const char *t = s->u.asm_.text ? s->u.asm_.text : "";
	if (strstr(t, "bar.") || strstr(t, "barrier"))
		return FL_LOST; /* a named or partial barrier: not modelled */
	for (int i = 0; i < s->u.asm_.nins; i++)
		eval(r, s->u.asm_.ins[i]);
	for (int i = 0; i < s->u.asm_.nouts; i++) {
		struct rv loc = lval(r, s->u.asm_.outs[i]);
		if (loc.k == RV_LOCAL)
			store(r, s->u.asm_.outs[i], loc, rv_top(false));
	}
	return r->lost ? FL_LOST : FL_NORMAL;
}

static enum flow exec(struct rs_run *r, const struct ir_stmt *s)
{
	if (!s)
		return FL_NORMAL;
	if (!tick(r))
		return FL_LOST;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++) {
			enum flow f = exec(r, s->u.block.v[i]);
			if (f != FL_NORMAL)
				return f;
		}
		return FL_NORMAL;
	case SK_EXPR:
		eval(r, s->u.expr);
		return r->lost ? FL_LOST : FL_NORMAL;
	case SK_DECL:
		return exec_decl(r, s);
	case SK_IF:
		return exec_if(r, s);
	case SK_LOOP:
		return exec_loop(r, s);
	case SK_SWITCH:
		return exec_switch(r, s);
	case SK_CASE:
		return exec(r, s->u.case_.body);
	case SK_LABEL:
		return exec(r, s->u.label.body);
	case SK_RETURN:
		return exec_return(r, s);
	case SK_BREAK:
		return FL_BREAK;
	case SK_CONTINUE:
		return FL_CONTINUE;
	case SK_ASM:
		return exec_asm(r, s);
	case SK_GOTO:
		return FL_LOST;
	default:
		return FL_NORMAL;
	}
}

static enum flow run_body(struct rs_run *r, struct rs_frame *fr, const struct ir_stmt *body)
{
	struct rs_frame *caller = r->top;
	const struct rs_lit *lits = r->lits;
	r->top = fr;
	r->depth++;
	enum flow f = exec(r, body);
	r->depth--;
	r->top = caller;
	r->lits = lits; /* what an early return left ends with the call */
	return f;
}

void rs_run_thread(struct rs_ctx *c, const struct ir_func *root, bool kernel, int lin)
{
	struct rs_run r = { .c = c, .lin = lin, .kernel = kernel, .tparam = c->bdim[0] };
	r.tid[0] = lin % c->bdim[0];
	r.tid[1] = lin / c->bdim[0] % c->bdim[1];
	r.tid[2] = lin / (c->bdim[0] * c->bdim[1]);
	r.budget = 8000000 / (c->nthreads ? c->nthreads : 1) + 2000;
	struct rs_frame *fr = frame_new(root, NULL);
	/* a kernel's parameters are the same in every thread: integers one
	 * large value each (a size, a count), pointers unknown global memory;
	 * a device function's may be anything, the thread's index included */
	for (int i = 0; i < root->nparams; i++) {
		const struct ir_var *p = root->params[i];
		if (p->id < 0 || p->id >= root->nvars)
			continue;
		if (kernel && rs_type_is_integral(p->type))
			fr->vars[p->id] = rv_int((1 << 20) + 64 * i);
		else
			fr->vars[p->id] = rv_top(kernel);
	}
	int log0 = c->nlog, syncs0 = c->nsyncs, events0 = c->nevents;
	run_body(&r, fr, root->body);
	frame_free(fr);
	/* a thread that indexes past a __shared__ array is one this block
	 * shape has and the code's launches do not (tx >= 16 of a 16-wide
	 * tile): none of it counts */
	if (r.outside) {
		rs_unlog(c, log0);
		c->nsyncs = syncs0;
		c->nevents = events0;
	}
}
