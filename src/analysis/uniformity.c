/* uniformity.c - the uniformity analysis (see uniformity.h).
 *
 * One interpreter runs in two modes. The reporting pass walks each device
 * function once, with parameter levels joined from its callers, and
 * writes expr->level and expr->ctx for the rules. The summary mode runs a
 * callee for one vector of argument levels to learn the level of its
 * return value; it writes nothing into the IR and is memoised.
 *
 * Divergence reaches a program point in two ways, kept apart because the
 * rules tell them apart: enclosing conditions (the control stack, pushed
 * and popped structurally) and exits already taken by some threads
 * (facets of the state, joined where paths merge). Variables assigned
 * under a divergent condition become divergent where the paths merge,
 * as phi nodes do in SSA-based divergence analyses. */
#include "analysis/uniformity.h"
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CTRL 128
#define MAX_FRAMES 64
#define MAX_LOOP_ITERS 64
#define MAX_CALL_DEPTH 8

const char *uni_level_name(enum uni_level l)
{
	static const char *const names[] = { "grid-uniform", "block-uniform", "warp-uniform", "thread-varying" };
	return names[l];
}

struct ustate {
	bool dead;
	bool barrier;                /* a block barrier on every path since entry */
	uint8_t exit;                /* return / goto taken by some threads */
	const struct ir_cause *exit_cause;
	uint8_t lexit;               /* continue / break taken by some threads of this iteration */
	const struct ir_cause *lexit_cause;
	uint8_t *var;                /* level per function variable */
	uint8_t *lin;                /* var == threadIdx.x + a block-uniform multiple of 32 */
	uint8_t *dirty;              /* per unit global: __shared__ written divergently since the last barrier */
};

struct memo {
	struct memo *next;
	uint8_t args[16];
	uint8_t ret;
};

struct uni {
	struct ir_unit *u;
	const struct uni_options *o;
	uint8_t **pjoin;             /* per function: joined argument levels from analysed call sites */
	bool *called;                /* per function: has an analysed device call site */
	struct memo **memo;          /* per function */
};

struct frame {
	bool is_switch;
	int depth;                   /* control-stack depth at entry */
	struct ustate brk, cont, entry;
	uint8_t break_level;
	const struct ir_cause *break_cause;
	bool has_default;
};

struct pending {
	struct pending *next;
	const char *label;
	struct ustate st;
};

struct interp {
	struct uni *U;
	struct ir_func *fn;
	int nvars, nglobals;
	bool annotate;
	int call_depth;
	const struct ir_cause *ctrl[MAX_CTRL];
	int nctrl;
	struct frame *frames[MAX_FRAMES];
	int nframes;
	uint8_t ret;
	struct pending *gotos;
	struct ptrvec labels_seen;
};

/* ---- states ------------------------------------------------------------- */

static void st_init(struct interp *I, struct ustate *s)
{
	memset(s, 0, sizeof *s);
	s->var = xcalloc((size_t)I->nvars + 1, 1);
	s->lin = xcalloc((size_t)I->nvars + 1, 1);
	s->dirty = xcalloc((size_t)I->nglobals + 1, 1);
}

static void st_free(struct ustate *s)
{
	free(s->var);
	free(s->lin);
	free(s->dirty);
	s->var = s->lin = s->dirty = NULL;
}

static void st_copy(struct interp *I, struct ustate *d, const struct ustate *s)
{
	uint8_t *v = d->var, *l = d->lin, *g = d->dirty;
	*d = *s;
	d->var = v;
	d->lin = l;
	d->dirty = g;
	memcpy(d->var, s->var, (size_t)I->nvars);
	memcpy(d->lin, s->lin, (size_t)I->nvars);
	memcpy(d->dirty, s->dirty, (size_t)I->nglobals);
}

static void st_dead(struct interp *I, struct ustate *s)
{
	(void)I;
	s->dead = true;
	s->exit = s->lexit = 0;
	s->exit_cause = s->lexit_cause = NULL;
}

static bool raise8(uint8_t *d, uint8_t v)
{
	if (v > *d) {
		*d = v;
		return true;
	}
	return false;
}

/* Joins src into dst; returns whether dst changed. A dead path brings
 * only its exit facets: the threads that left are gone from what follows. */
static bool st_join(struct interp *I, struct ustate *d, const struct ustate *s)
{
	bool ch = false;
	if (s->exit > d->exit || (s->exit_cause && !d->exit_cause)) {
		ch |= raise8(&d->exit, s->exit);
		if (s->exit >= d->exit && s->exit_cause)
			d->exit_cause = s->exit_cause;
	}
	if (s->lexit > d->lexit || (s->lexit_cause && !d->lexit_cause)) {
		ch |= raise8(&d->lexit, s->lexit);
		if (s->lexit >= d->lexit && s->lexit_cause)
			d->lexit_cause = s->lexit_cause;
	}
	if (s->dead)
		return ch;
	if (d->dead) {
		uint8_t e = d->exit, le = d->lexit;
		const struct ir_cause *ec = d->exit_cause, *lc = d->lexit_cause;
		st_copy(I, d, s);
		d->exit = e > s->exit ? e : s->exit;
		d->exit_cause = e > s->exit ? ec : s->exit_cause;
		d->lexit = le > s->lexit ? le : s->lexit;
		d->lexit_cause = le > s->lexit ? lc : s->lexit_cause;
		return true;
	}
	for (int i = 0; i < I->nvars; i++) {
		ch |= raise8(&d->var[i], s->var[i]);
		if (d->lin[i] && !s->lin[i]) {
			d->lin[i] = 0;
			ch = true;
		}
	}
	for (int i = 0; i < I->nglobals; i++)
		ch |= raise8(&d->dirty[i], s->dirty[i]);
	if (d->barrier && !s->barrier) {
		d->barrier = false;
		ch = true;
	}
	return ch;
}

/* ---- control stack and causes --------------------------------------------- */

static struct ir_cause *new_cause(struct interp *I, enum cause_kind k, uint8_t level, const struct ir_expr *cond,
                                  const struct ir_stmt *stmt)
{
	struct ir_cause *c = arena_alloc(I->U->u->arena, sizeof *c);
	c->kind = k;
	c->level = level;
	c->cond = cond;
	c->stmt = stmt;
	return c;
}

static void push_ctrl(struct interp *I, const struct ir_cause *c)
{
	if (I->nctrl < MAX_CTRL)
		I->ctrl[I->nctrl] = c;
	I->nctrl++;
}

static void pop_ctrl(struct interp *I)
{
	I->nctrl--;
}

static uint8_t ctrl_level_from(struct interp *I, int from)
{
	uint8_t l = U_GRID;
	for (int i = from; i < I->nctrl && i < MAX_CTRL; i++)
		if (I->ctrl[i]->level > l)
			l = I->ctrl[i]->level;
	return l;
}

static const struct ir_cause *innermost_above(struct interp *I, int from, uint8_t level)
{
	for (int i = (I->nctrl < MAX_CTRL ? I->nctrl : MAX_CTRL) - 1; i >= from; i--)
		if (I->ctrl[i]->level > level)
			return I->ctrl[i];
	return NULL;
}

static void annotate_ctx(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	if (!I->annotate)
		return;
	if (!e->ctx)
		e->ctx = arena_alloc(I->U->u->arena, sizeof *e->ctx);
	struct ir_ctx *c = e->ctx;
	raise8(&c->ctrl, ctrl_level_from(I, 0));
	const struct ir_cause *b = innermost_above(I, 0, U_BLOCK), *w = innermost_above(I, 0, U_WARP);
	if (b)
		c->block_cause = b;
	if (w)
		c->warp_cause = w;
	uint8_t ex = s->exit >= s->lexit ? s->exit : s->lexit;
	const struct ir_cause *ec = s->exit >= s->lexit ? s->exit_cause : s->lexit_cause;
	if (ex > c->exit || (ex == c->exit && ec && !c->exit_cause)) {
		c->exit = ex;
		c->exit_cause = ec;
	}
	c->after_barrier = s->barrier;
}

/* Raises every variable assigned in the given statements/expression to at
 * least level: those are the values that differ once the threads that
 * took different paths meet again. */
static void taint_assigned(struct interp *I, struct ustate *s, uint8_t level, struct ir_stmt *a, struct ir_stmt *b,
                           struct ir_expr *e)
{
	if (level <= U_GRID || s->dead)
		return;
	uint8_t *marks = xcalloc((size_t)I->nvars + 1, 1);
	ir_mark_assigned(a, NULL, marks);
	ir_mark_assigned(b, e, marks);
	for (int i = 0; i < I->nvars; i++)
		if (marks[i]) {
			raise8(&s->var[i], level);
			if (level > U_BLOCK)
				s->lin[i] = 0;
		}
	free(marks);
}

/* ---- expressions -------------------------------------------------------- */

static uint8_t eval(struct interp *I, struct ustate *s, struct ir_expr *e);
static uint8_t summarize(struct uni *U, struct ir_func *f, const uint8_t *args, int nargs, int depth);

static uint8_t max8(uint8_t a, uint8_t b)
{
	return a > b ? a : b;
}

/* Whether e is threadIdx.x plus a block-uniform multiple of 32, so that
 * e / 32 and e >> 5 are the same for a whole warp. */
static bool is_lane_linear(struct interp *I, struct ustate *s, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e)
		return false;
	if (e->kind == EK_BUILTIN)
		return e->u.bi.which == BI_THREADIDX && (e->u.bi.dim == 'x' || e->u.bi.dim == 0);
	if (e->kind == EK_CALL && e->u.call.intrinsic == IN_THREAD_RANK && e->u.call.recv_type) {
		/* warps are cut from the linear thread index, which is what a
		 * block's (or, with warp-aligned blocks, the grid's) thread_rank()
		 * is; a 32-thread tile's rank is the lane */
		const char *t = e->u.call.recv_type;
		if (strstr(t, "grid_group"))
			return I->U->o->warp_aligned_blocks;
		if (strstr(t, "thread_block") && !strstr(t, "tile"))
			return true;
		const char *size = strstr(t, "tile") ? strstr(strstr(t, "tile"), "<32") : NULL;
		return size && (size[3] == '>' || size[3] == ',' || size[3] == 'u' || size[3] == 'U');
	}
	if (e->kind == EK_VAR)
		return e->u.var->kind != VAR_GLOBAL && e->u.var->id >= 0 && s->lin[e->u.var->id];
	if (e->kind == EK_BINARY && (e->op == OP_ADD || e->op == OP_SUB)) {
		for (int i = 0; i < 2; i++) {
			if (!is_lane_linear(I, s, e->kids[i]))
				continue;
			const struct ir_expr *o = ir_strip(e->kids[!i]);
			int64_t v;
			if (ir_const_value(o, &v))
				return v % 32 == 0;
			/* x * blockDim.x: a multiple of 32 under the warp-aligned assumption */
			if (o->kind == EK_BINARY && o->op == OP_MUL && I->U->o->warp_aligned_blocks)
				for (int j = 0; j < 2; j++) {
					const struct ir_expr *m = ir_strip(o->kids[j]);
					if (m->kind == EK_BUILTIN && m->u.bi.which == BI_BLOCKDIM)
						return true;
				}
		}
	}
	return false;
}

/* threadIdx.x < 64: a warp covers 32 consecutive threads starting at a
 * multiple of 32, so comparing a lane-linear value with a boundary that
 * is a multiple of 32 gives the same answer in every lane of a warp. */
static bool warp_aligned_compare(struct interp *I, struct ustate *s, const struct ir_expr *e)
{
	if (e->op != OP_LT && e->op != OP_LE && e->op != OP_GT && e->op != OP_GE)
		return false;
	for (int i = 0; i < 2; i++) {
		int64_t c;
		if (!is_lane_linear(I, s, e->kids[i]) || !ir_const_value(e->kids[!i], &c))
			continue;
		/* normalise to "x < B" or "x >= B" with boundary B */
		enum ir_op op = e->op;
		if (i == 1) /* c OP x: flip */
			op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : OP_LE;
		int64_t boundary = (op == OP_LT || op == OP_GE) ? c : c + 1;
		return boundary % 32 == 0;
	}
	return false;
}

static uint8_t builtin_level(struct interp *I, const struct ir_expr *e)
{
	switch (e->u.bi.which) {
	case BI_THREADIDX:
		if ((e->u.bi.dim == 'y' || e->u.bi.dim == 'z') && I->U->o->warp_aligned_blocks)
			return U_WARP;
		return U_THREAD;
	case BI_BLOCKIDX:
		return U_BLOCK;
	default:
		return U_GRID;
	}
}

/* Level of the address an lvalue designates (not of the value stored). */
static uint8_t addr_level(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	e = (struct ir_expr *)ir_strip(e);
	if (!e)
		return U_GRID;
	switch (e->kind) {
	case EK_VAR:
		if (e->u.var->is_array || !e->u.var->is_pointer || e->u.var->kind == VAR_GLOBAL)
			return e->u.var->is_pointer && e->u.var->kind == VAR_GLOBAL ? U_BLOCK : U_GRID;
		return eval(I, s, e);
	case EK_INDEX:
		return max8(addr_level(I, s, e->kids[0]), eval(I, s, e->kids[1]));
	case EK_MEMBER:
		if (!e->nkids)
			return U_GRID;
		return e->arrow ? eval(I, s, e->kids[0]) : addr_level(I, s, e->kids[0]);
	case EK_UNARY:
		if (e->op == OP_DEREF)
			return eval(I, s, e->kids[0]);
		return eval(I, s, e);
	default:
		return eval(I, s, e);
	}
}

static uint8_t shared_read(struct interp *I, struct ustate *s, struct ir_var *v, uint8_t addr)
{
	(void)I;
	if (addr > U_BLOCK)
		return addr;
	return s->dirty[v->id] ? U_THREAD : U_BLOCK;
}

static uint8_t load(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	struct ir_var *v = ir_base_var(e);
	uint8_t addr = addr_level(I, s, e);
	if (v && v->kind != VAR_GLOBAL && !v->is_pointer && v->id >= 0)
		return max8(s->var[v->id], addr); /* a local array or struct */
	if (v && v->kind == VAR_GLOBAL && v->space == SPACE_SHARED && !v->is_pointer)
		return shared_read(I, s, v, addr);
	if (v && v->kind == VAR_GLOBAL && v->space == SPACE_CONSTANT)
		return addr;
	return max8(addr, U_BLOCK);
}

static void store(struct interp *I, struct ustate *s, struct ir_expr *lhs, uint8_t val, bool lin)
{
	const struct ir_expr *l = ir_strip(lhs);
	struct ir_var *v = ir_base_var(lhs);
	if (!v)
		return;
	if (l->kind == EK_VAR && v->kind != VAR_GLOBAL && v->id >= 0) {
		s->var[v->id] = val;
		s->lin[v->id] = lin;
		return;
	}
	uint8_t addr = l->kind == EK_VAR ? U_GRID : addr_level(I, s, lhs);
	if (v->kind != VAR_GLOBAL && !v->is_pointer && v->id >= 0) {
		raise8(&s->var[v->id], max8(val, addr)); /* element of a local aggregate: weak update */
		s->lin[v->id] = 0;
	} else if (v->kind == VAR_GLOBAL && v->space == SPACE_SHARED && v->id >= 0) {
		if (val > U_BLOCK || addr > U_BLOCK || ctrl_level_from(I, 0) > U_BLOCK || s->exit > U_BLOCK ||
		    s->lexit > U_BLOCK)
			s->dirty[v->id] = 1;
	}
}

static void mark_shared_target(struct interp *I, struct ustate *s, struct ir_expr *ptr)
{
	struct ir_var *v = ptr ? ir_base_var(ptr) : NULL;
	(void)I;
	if (v && v->kind == VAR_GLOBAL && v->space == SPACE_SHARED && v->id >= 0)
		s->dirty[v->id] = 1;
}

static void after_barrier(struct interp *I, struct ustate *s)
{
	memset(s->dirty, 0, (size_t)I->nglobals);
	s->barrier = true;
}

static uint8_t eval_call(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	struct ir_call *c = &e->u.call;
	uint8_t lv[16] = { 0 }, all = U_GRID;
	for (int i = 0; i < e->nkids; i++) {
		uint8_t l = eval(I, s, e->kids[i]);
		if (i < 16)
			lv[i] = l;
		all = max8(all, l);
	}
	annotate_ctx(I, s, e);
	enum intrinsic k = intrinsic_of(e);
	int m = c->is_method; /* the object is kids[0] */
	switch (k) {
	case IN_SYNCTHREADS:
	case IN_BLOCK_BARRIER_WAIT:
		after_barrier(I, s);
		return U_GRID;
	case IN_SYNCTHREADS_REDUCE:
		after_barrier(I, s);
		return U_BLOCK;
	case IN_GRID_SYNC:
		after_barrier(I, s);
		return U_GRID;
	case IN_ATOMIC_RMW:
	case IN_ATOMIC_STORE:
		mark_shared_target(I, s, e->nkids ? e->kids[0] : NULL);
		return k == IN_ATOMIC_STORE ? U_GRID : U_THREAD;
	case IN_ATOMIC_LOAD:
	case IN_CLOCK:
	case IN_THREAD_RANK:
	case IN_ACTIVEMASK:
		return U_THREAD;
	case IN_SHFL:
	case IN_SHFL_REL:
	case IN_TILE_COLLECTIVE: {
		const char *n = c->name;
		if (k == IN_TILE_COLLECTIVE && strncmp(n, "shfl", 4))
			return !strcmp(n, "sync") ? U_GRID : U_WARP;
		int vi = 1 + (k == IN_TILE_COLLECTIVE ? m - 1 : 0); /* value argument */
		if (k == IN_TILE_COLLECTIVE)
			vi = m ? 1 : 0;
		uint8_t val = vi < 16 ? lv[vi] : U_THREAD;
		bool broadcast = k == IN_SHFL || (k == IN_TILE_COLLECTIVE && !strcmp(n, "shfl"));
		uint8_t lane = vi + 1 < 16 ? lv[vi + 1] : U_THREAD;
		if (val <= U_WARP)
			return val;
		return broadcast && lane <= U_WARP ? U_WARP : U_THREAD;
	}
	case IN_VOTE:
		return U_WARP;
	case IN_WARP_RANK:
		return U_WARP;
	case IN_GROUP_QUERY:
		return strstr(c->name, "group_index") || strstr(c->name, "block_index") || strstr(c->name, "block_rank")
		               ? U_BLOCK
		               : U_GRID;
	case IN_SYNCWARP:
	case IN_FENCE:
		return U_GRID;
	default:
		break;
	}
	if (c->target && !c->target->is_host) {
		struct ir_func *t = c->target;
		uint8_t args[16] = { 0 };
		for (int i = 0; i < t->nparams && i < 16; i++)
			args[i] = i + m < 16 ? lv[i + m] : U_THREAD;
		if (I->annotate) {
			I->U->called[t->id] = true;
			for (int i = 0; i < t->nparams && i < 16; i++)
				raise8(&I->U->pjoin[t->id][i], args[i]);
		}
		if (t->reaches_barrier)
			after_barrier(I, s);
		return summarize(I->U, t, args, t->nparams, I->call_depth + 1);
	}
	/* Unknown callee: assume its result depends only on its operands, as
	 * for the math library. */
	return all;
}

static uint8_t eval(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	if (!e)
		return U_GRID;
	uint8_t l = U_GRID;
	switch (e->kind) {
	case EK_CONST:
		l = U_GRID;
		break;
	case EK_VAR: {
		struct ir_var *v = e->u.var;
		if (v->kind == VAR_TEMPLATE_PARAM)
			l = U_GRID;
		else if (v->kind != VAR_GLOBAL && v->id >= 0)
			l = s->var[v->id];
		else if (v->space == SPACE_SHARED && !v->is_array)
			l = shared_read(I, s, v, U_GRID);
		else if (v->space == SPACE_CONSTANT || v->is_const || v->is_array)
			l = U_GRID;
		else
			l = U_BLOCK;
		break;
	}
	case EK_BUILTIN:
		l = builtin_level(I, e);
		break;
	case EK_UNARY:
		switch (e->op) {
		case OP_DEREF:
			l = load(I, s, e);
			break;
		case OP_ADDR:
			l = addr_level(I, s, e->kids[0]);
			break;
		case OP_PREINC:
		case OP_PREDEC:
		case OP_POSTINC:
		case OP_POSTDEC:
			l = eval(I, s, e->kids[0]);
			store(I, s, e->kids[0], l, false);
			break;
		default:
			l = eval(I, s, e->kids[0]);
			break;
		}
		break;
	case EK_BINARY: {
		uint8_t a = eval(I, s, e->kids[0]);
		if (e->op == OP_LAND || e->op == OP_LOR) {
			/* the right operand runs only where the left one allows */
			push_ctrl(I, new_cause(I, CAUSE_LOGICAL, a, e->kids[0], NULL));
			uint8_t b = eval(I, s, e->kids[1]);
			pop_ctrl(I);
			l = max8(a, b);
			break;
		}
		uint8_t b = eval(I, s, e->kids[1]);
		l = max8(a, b);
		if (l == U_THREAD && b <= U_BLOCK && (e->op == OP_DIV || e->op == OP_SHR) &&
		    is_lane_linear(I, s, e->kids[0])) {
			int64_t v;
			if (ir_const_value(e->kids[1], &v) &&
			    ((e->op == OP_DIV && v > 0 && v % 32 == 0) || (e->op == OP_SHR && v >= 5)))
				l = U_WARP;
		}
		if (l == U_THREAD && warp_aligned_compare(I, s, e))
			l = U_WARP;
		break;
	}
	case EK_ASSIGN: {
		uint8_t r = eval(I, s, e->kids[1]);
		bool lin = false;
		if (e->op != OP_NONE)
			r = max8(r, eval(I, s, e->kids[0]));
		else
			lin = is_lane_linear(I, s, e->kids[1]);
		store(I, s, e->kids[0], r, lin);
		l = r;
		break;
	}
	case EK_COND: {
		uint8_t c = eval(I, s, e->kids[0]);
		push_ctrl(I, new_cause(I, CAUSE_SELECT, c, e->kids[0], NULL));
		uint8_t a = e->nkids > 1 ? eval(I, s, e->kids[1]) : U_GRID;
		uint8_t b = e->nkids > 2 ? eval(I, s, e->kids[2]) : U_GRID;
		pop_ctrl(I);
		l = max8(c, max8(a, b));
		break;
	}
	case EK_INDEX:
	case EK_MEMBER:
		if (e->kind == EK_MEMBER && e->nkids && !e->arrow) {
			const struct ir_expr *b = ir_strip(e->kids[0]);
			if (b->kind == EK_CALL) { /* f().x: a value, not memory */
				l = eval(I, s, e->kids[0]);
				break;
			}
		}
		l = e->nkids ? load(I, s, e) : U_BLOCK;
		break;
	case EK_CALL:
		l = eval_call(I, s, e);
		break;
	case EK_OTHER:
		for (int i = 0; i < e->nkids; i++)
			l = max8(l, eval(I, s, e->kids[i]));
		break;
	}
	if (I->annotate && l > e->level)
		e->level = l;
	return l;
}

/* ---- statements ------------------------------------------------------- */

static void exec(struct interp *I, struct ustate *s, struct ir_stmt *st);

static struct frame *push_frame(struct interp *I, bool is_switch)
{
	struct frame *f = xcalloc(1, sizeof *f);
	f->is_switch = is_switch;
	f->depth = I->nctrl;
	st_init(I, &f->brk);
	st_init(I, &f->cont);
	st_init(I, &f->entry);
	f->brk.dead = f->cont.dead = true;
	if (I->nframes < MAX_FRAMES)
		I->frames[I->nframes] = f;
	I->nframes++;
	return f;
}

static void pop_frame(struct interp *I, struct frame *f)
{
	I->nframes--;
	st_free(&f->brk);
	st_free(&f->cont);
	st_free(&f->entry);
	free(f);
}

static struct frame *innermost_frame(struct interp *I, bool loops_only)
{
	for (int i = (I->nframes < MAX_FRAMES ? I->nframes : MAX_FRAMES) - 1; i >= 0; i--)
		if (!loops_only || !I->frames[i]->is_switch)
			return I->frames[i];
	return NULL;
}

/* An exit taken at level lvl: the rest of the region runs with part of
 * the threads. */
static struct ir_cause *exit_cause(struct interp *I, enum cause_kind k, uint8_t lvl, int from,
                                   const struct ir_stmt *st)
{
	const struct ir_cause *via = innermost_above(I, from, U_GRID);
	const struct ir_cause *worst = innermost_above(I, from, lvl > U_GRID ? lvl - 1 : U_GRID);
	if (worst)
		via = worst;
	struct ir_cause *c = new_cause(I, k, lvl, via ? via->cond : NULL, st);
	c->via = via;
	return c;
}

static void exec_if(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	exec(I, s, st->u.if_.init);
	uint8_t c = eval(I, s, st->u.if_.cond);
	if (st->u.if_.is_constexpr)
		c = U_GRID;
	push_ctrl(I, new_cause(I, CAUSE_BRANCH, c, st->u.if_.cond, st));
	struct ustate t;
	st_init(I, &t);
	st_copy(I, &t, s);
	exec(I, &t, st->u.if_.then);
	exec(I, s, st->u.if_.els);
	pop_ctrl(I);
	st_join(I, s, &t);
	st_free(&t);
	taint_assigned(I, s, c, st->u.if_.then, st->u.if_.els, NULL);
}

static void exec_loop(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	exec(I, s, st->u.loop.init);
	if (s->dead)
		return;
	struct ir_expr *cond = st->u.loop.cond;
	int64_t cv;
	bool forever = !cond && st->u.loop.form != LOOP_RANGE;
	if (cond && ir_const_value(cond, &cv) && cv) {
		forever = true;
		cond = NULL;
	}
	uint8_t entry_lexit = s->lexit;
	const struct ir_cause *entry_lexit_cause = s->lexit_cause;
	struct frame *f = push_frame(I, false);
	struct ir_cause *cs = new_cause(I, CAUSE_LOOP_COND, U_GRID, cond, st);
	struct ustate head, cur;
	st_init(I, &head);
	st_init(I, &cur);
	st_copy(I, &head, s);
	for (int iter = 0; iter < MAX_LOOP_ITERS; iter++) {
		uint8_t before = cs->level;
		st_copy(I, &cur, &head);
		f->brk.dead = f->cont.dead = true;
		f->break_level = 0;
		if (st->u.loop.form == LOOP_RANGE) {
			uint8_t r = eval(I, &cur, st->u.loop.inc);
			if (st->u.loop.init && st->u.loop.init->kind == SK_DECL && st->u.loop.init->u.decl.var->id >= 0)
				cur.var[st->u.loop.init->u.decl.var->id] = r;
			raise8(&cs->level, r);
		} else if (cond && st->u.loop.form != LOOP_DO) {
			raise8(&cs->level, eval(I, &cur, cond));
		}
		push_ctrl(I, cs);
		exec(I, &cur, st->u.loop.body);
		st_join(I, &cur, &f->cont);
		cur.lexit = entry_lexit;
		cur.lexit_cause = entry_lexit_cause;
		if (st->u.loop.form != LOOP_RANGE)
			eval(I, &cur, st->u.loop.inc);
		if (cond && st->u.loop.form == LOOP_DO)
			raise8(&cs->level, eval(I, &cur, cond));
		pop_ctrl(I);
		if (f->break_level > cs->level) {
			cs->level = f->break_level;
			cs->kind = CAUSE_LOOP_BREAK;
			cs->via = f->break_cause;
			cs->cond = f->break_cause ? f->break_cause->cond : NULL;
		}
		taint_assigned(I, &cur, cs->level, st->u.loop.body, NULL, st->u.loop.inc);
		bool changed = st_join(I, &head, &cur);
		if (!changed && cs->level == before)
			break;
	}
	/* leaving: the condition failed, or a break */
	st_copy(I, s, &head);
	if (forever)
		s->dead = true;
	st_join(I, s, &f->brk);
	s->lexit = entry_lexit;
	s->lexit_cause = entry_lexit_cause;
	taint_assigned(I, s, cs->level, st->u.loop.body, NULL, st->u.loop.inc);
	st_free(&head);
	st_free(&cur);
	pop_frame(I, f);
}

static int has_default(struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_CASE && !s->u.case_.value;
}

static void exec_switch(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	exec(I, s, st->u.sw.init);
	uint8_t c = eval(I, s, st->u.sw.cond);
	push_ctrl(I, new_cause(I, CAUSE_SWITCH, c, st->u.sw.cond, st));
	struct frame *f = push_frame(I, true);
	st_copy(I, &f->entry, s);
	f->has_default = ir_walk_stmts(st->u.sw.body, has_default, NULL);
	s->dead = true; /* only case labels lead into the body */
	exec(I, s, st->u.sw.body);
	st_join(I, s, &f->brk);
	if (!f->has_default)
		st_join(I, s, &f->entry);
	pop_frame(I, f);
	pop_ctrl(I);
	taint_assigned(I, s, c, st->u.sw.body, NULL, NULL);
}

static bool label_seen(struct interp *I, const char *name)
{
	for (int i = 0; i < I->labels_seen.n; i++)
		if (!strcmp(I->labels_seen.v[i], name))
			return true;
	return false;
}

static void exec_asm(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	const char *t = st->u.asm_.text;
	uint8_t l = U_BLOCK;
	for (int i = 0; i < st->u.asm_.nins; i++)
		l = max8(l, eval(I, s, st->u.asm_.ins[i]));
	/* special registers and atomics read per-thread values */
	static const char *const varying[] = { "%tid", "%laneid", "%warpid", "%smid", "%clock", "%globaltimer",
		                               "%lanemask", "atom.", "red.", "%nwarpid" };
	for (size_t i = 0; i < sizeof varying / sizeof *varying; i++)
		if (strstr(t, varying[i]))
			l = U_THREAD;
	for (int i = 0; i < st->u.asm_.nouts; i++)
		store(I, s, st->u.asm_.outs[i], l, false);
	if (strstr(t, "bar.sync") || strstr(t, "barrier.sync"))
		after_barrier(I, s);
}

static void exec(struct interp *I, struct ustate *s, struct ir_stmt *st)
{
	if (!st)
		return;
	if (s->dead && st->kind != SK_BLOCK && st->kind != SK_LABEL && st->kind != SK_CASE)
		return;
	switch (st->kind) {
	case SK_BLOCK:
		for (int i = 0; i < st->u.block.n; i++)
			exec(I, s, st->u.block.v[i]);
		break;
	case SK_EXPR:
		eval(I, s, st->u.expr);
		break;
	case SK_DECL: {
		struct ir_var *v = st->u.decl.var;
		uint8_t l = st->u.decl.init ? eval(I, s, st->u.decl.init) : U_GRID;
		if (v->kind != VAR_GLOBAL && v->id >= 0) {
			s->var[v->id] = l;
			s->lin[v->id] = st->u.decl.init && is_lane_linear(I, s, st->u.decl.init);
		}
		break;
	}
	case SK_IF:
		exec_if(I, s, st);
		break;
	case SK_LOOP:
		exec_loop(I, s, st);
		break;
	case SK_SWITCH:
		exec_switch(I, s, st);
		break;
	case SK_CASE: {
		struct frame *f = innermost_frame(I, false);
		if (f && f->is_switch)
			st_join(I, s, &f->entry);
		exec(I, s, st->u.case_.body);
		break;
	}
	case SK_RETURN: {
		uint8_t l = eval(I, s, st->u.expr);
		uint8_t c = ctrl_level_from(I, 0);
		I->ret = max8(I->ret, max8(l, max8(c, max8(s->exit, s->lexit))));
		uint8_t ex = s->exit, lex = s->lexit;
		const struct ir_cause *ec = s->exit_cause, *lc = s->lexit_cause;
		st_dead(I, s);
		if (c > U_GRID) {
			s->exit = c;
			s->exit_cause = exit_cause(I, CAUSE_RETURN, c, 0, st);
		}
		if (ex > s->exit) {
			s->exit = ex;
			s->exit_cause = ec;
		}
		(void)lex;
		(void)lc;
		break;
	}
	case SK_BREAK:
	case SK_CONTINUE: {
		struct frame *f = innermost_frame(I, st->kind == SK_CONTINUE);
		if (!f) {
			st_dead(I, s);
			break;
		}
		uint8_t c = ctrl_level_from(I, f->depth + (f->is_switch ? 0 : 1));
		if (f->is_switch) {
			st_join(I, &f->brk, s);
			st_dead(I, s);
			break;
		}
		struct ir_cause *cause = c > U_GRID ? exit_cause(I, st->kind == SK_BREAK ? CAUSE_LOOP_BREAK : CAUSE_CONTINUE,
		                                                 c, f->depth + 1, st)
		                                    : NULL;
		if (cause && c > s->lexit) {
			s->lexit = c;
			s->lexit_cause = cause;
		}
		if (st->kind == SK_BREAK) {
			if (c > f->break_level) {
				f->break_level = c;
				f->break_cause = cause;
			}
			st_join(I, &f->brk, s);
		} else {
			st_join(I, &f->cont, s);
		}
		uint8_t ex = s->exit, lex = s->lexit;
		const struct ir_cause *ec = s->exit_cause, *lc = s->lexit_cause;
		st_dead(I, s);
		s->exit = ex;
		s->exit_cause = ec;
		s->lexit = lex;
		s->lexit_cause = lc;
		break;
	}
	case SK_GOTO: {
		const char *name = st->u.label.name;
		if (!name || label_seen(I, name)) {
			/* a backward goto is a loop cudalint does not model: stop here */
			st_dead(I, s);
			break;
		}
		uint8_t c = ctrl_level_from(I, 0);
		struct pending *p = xcalloc(1, sizeof *p);
		p->label = name;
		st_init(I, &p->st);
		st_copy(I, &p->st, s);
		p->next = I->gotos;
		I->gotos = p;
		uint8_t ex = s->exit;
		const struct ir_cause *ec = s->exit_cause;
		st_dead(I, s);
		if (c > ex) {
			s->exit = c;
			s->exit_cause = exit_cause(I, CAUSE_GOTO, c, 0, st);
		} else {
			s->exit = ex;
			s->exit_cause = ec;
		}
		break;
	}
	case SK_LABEL: {
		const char *name = st->u.label.name;
		for (struct pending *p = I->gotos; p; p = p->next)
			if (name && !strcmp(p->label, name))
				st_join(I, s, &p->st);
		/* the threads that jumped here are back */
		if (s->exit_cause && s->exit_cause->kind == CAUSE_GOTO && name && s->exit_cause->stmt->u.label.name &&
		    !strcmp(s->exit_cause->stmt->u.label.name, name)) {
			s->exit = 0;
			s->exit_cause = NULL;
		}
		if (name)
			ptrvec_push(&I->labels_seen, (void *)name);
		exec(I, s, st->u.label.body);
		break;
	}
	case SK_ASM:
		exec_asm(I, s, st);
		break;
	case SK_NOP:
		break;
	}
}

/* ---- driver ----------------------------------------------------------------- */

static uint8_t run_function(struct uni *U, struct ir_func *f, const uint8_t *params, bool annotate, int depth)
{
	struct interp I = { 0 };
	I.U = U;
	I.fn = f;
	I.nvars = f->nvars;
	I.nglobals = U->u->nglobals;
	I.annotate = annotate;
	I.call_depth = depth;
	struct ustate s;
	st_init(&I, &s);
	for (int i = 0; i < f->nparams; i++)
		if (f->params[i]->id >= 0)
			s.var[f->params[i]->id] = i < 16 ? params[i] : U_THREAD;
	exec(&I, &s, f->body);
	st_free(&s);
	for (struct pending *p = I.gotos, *n; p; p = n) {
		n = p->next;
		st_free(&p->st);
		free(p);
	}
	free(I.labels_seen.v);
	return I.ret;
}

static uint8_t summarize(struct uni *U, struct ir_func *f, const uint8_t *args, int nargs, int depth)
{
	uint8_t key[16] = { 0 }, worst = U_GRID;
	for (int i = 0; i < nargs && i < 16; i++) {
		key[i] = args[i];
		worst = max8(worst, args[i]);
	}
	for (struct memo *m = U->memo[f->id]; m; m = m->next)
		if (!memcmp(m->args, key, sizeof key))
			return m->ret;
	if (depth > MAX_CALL_DEPTH)
		return worst;
	struct memo *m = xcalloc(1, sizeof *m);
	memcpy(m->args, key, sizeof key);
	m->ret = worst; /* what a recursive call sees while this one runs */
	m->next = U->memo[f->id];
	U->memo[f->id] = m;
	m->ret = run_function(U, f, key, false, depth);
	return m->ret;
}

static bool is_device_code(const struct ir_func *f)
{
	return f->is_global || f->is_device;
}

void uniformity_run(struct ir_unit *u, const struct uni_options *o)
{
	struct uni U = { 0 };
	U.u = u;
	U.o = o;
	u->warp_aligned_blocks = o->warp_aligned_blocks != 0;
	U.pjoin = xcalloc((size_t)u->nfuncs + 1, sizeof *U.pjoin);
	U.called = xcalloc((size_t)u->nfuncs + 1, sizeof *U.called);
	U.memo = xcalloc((size_t)u->nfuncs + 1, sizeof *U.memo);
	for (int i = 0; i < u->nfuncs; i++)
		U.pjoin[i] = xcalloc(17, 1);
	intrinsics_classify_unit(u);
	callgraph_compute_barriers(u);

	/* callers before callees, so parameter levels are complete when a
	 * function's own reporting pass runs */
	int n = 0;
	struct ir_func **order = callgraph_order(u, &n);
	for (int i = 0; i < n; i++) {
		struct ir_func *f = order[i];
		if (!is_device_code(f))
			continue;
		uint8_t params[16] = { 0 };
		if (U.called[f->id] && !f->is_global)
			memcpy(params, U.pjoin[f->id], 16);
		run_function(&U, f, params, true, 0);
		/* a header's functions are reported when the header itself is
		 * linted, not once per file that includes it */
		f->analysed = !f->from_header;
	}
	free(order);
	for (int i = 0; i < u->nfuncs; i++) {
		free(U.pjoin[i]);
		for (struct memo *m = U.memo[i], *next; m; m = next) {
			next = m->next;
			free(m);
		}
	}
	free(U.pjoin);
	free(U.called);
	free(U.memo);
}

int uni_reaches_block_barrier(const struct ir_expr *call, const struct ir_expr **inner)
{
	if (call->kind != EK_CALL)
		return 0;
	int k = call->u.call.intrinsic;
	if (k > 0 && intrinsic_is_block_barrier((enum intrinsic)k)) {
		if (inner)
			*inner = call;
		return 1;
	}
	const struct ir_func *t = call->u.call.target;
	if (t && t->reaches_barrier && k <= 0) {
		if (inner) {
			const struct ir_expr *b = t->reaches_barrier;
			/* follow the chain to the barrier itself */
			for (int guard = 0; guard < 32 && b->u.call.target && b->u.call.intrinsic <= 0 &&
			                    b->u.call.target->reaches_barrier && b->u.call.target->reaches_barrier != b;
			     guard++)
				b = b->u.call.target->reaches_barrier;
			*inner = b;
		}
		return 1;
	}
	return 0;
}
