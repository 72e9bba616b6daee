/* blocksim_call.c - one thread's run over calls (blocksim.h): intrinsics
 * (barriers, atomics, warp and group collectives), device functions
 * inlined with the actual arguments, and what a call the run does not
 * follow may do. */
#include "analysis/blocksim_thread.h"
#include "analysis/intrinsics.h"
#include "analysis/memspace.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- calls ----------------------------------------------------------------------- */

/* Evaluates the arguments from FROM on; whether one came from __shared__
 * data. */
bool bs_eval_args(struct bs_thread *r, const struct ir_expr *e, int from)
{
	bool shd = false;
	for (int i = from; i < e->nkids; i++)
		shd |= bs_eval(r, e->kids[i]).shd;
	return shd;
}

/* The location an atomic operates on: its pointer argument, or the
 * object of an atomic_ref / cuda::atomic method. */
static struct bs_rv atomic_target(struct bs_thread *r, const struct ir_expr *e)
{
	const struct ir_expr *p = e->nkids ? ir_strip(e->kids[0]) : NULL;
	if (!p)
		return bs_rv_top(false);
	if (p->is_pointer || (p->type && strchr(p->type, '*')))
		return bs_eval(r, p);
	if (p->kind == EK_OTHER && p->nkids && p->type && strstr(p->type, "atomic_ref"))
		return bs_lval(r, p->kids[p->nkids - 1]); /* cuda::atomic_ref<T>(x).op() */
	if (p->kind == EK_CALL && !p->u.call->target && p->nkids && p->type && strstr(p->type, "atomic_ref"))
		return bs_lval(r, p->kids[0]);
	return bs_lval(r, p); /* an atomic_ref variable holds its object's address */
}

/* This thread's interval runs a protocol the log does not follow (a lock
 * taken with atomicCAS, a ticket from atomicInc): the memory the file
 * does not declare is not compared there (blocksim_races.c). */
static void protocol(struct bs_thread *r)
{
	struct bs_ctx *c = r->c;
	bs_log_append(c->log, BS_EV_SYNC)->u.sync = (struct bs_sync){ NULL, NULL, r->lin, r->phase, r->seq++, BS_PROTOCOL };
}

static struct bs_rv atomic_call(struct bs_thread *r, const struct ir_expr *e, enum intrinsic k)
{
	struct bs_rv loc = atomic_target(r, e);
	bs_eval_args(r, e, 1);
	uint8_t kind = BS_RK_ATOMIC | (k == IN_ATOMIC_LOAD ? BS_RK_READ : k == IN_ATOMIC_STORE ? BS_RK_WRITE : BS_RK_READ | BS_RK_WRITE);
	const struct ir_expr *p = e->nkids ? ir_strip(e->kids[0]) : NULL;
	int64_t size = p && p->type ? bs_type(r->c, p->type)->pointee : 0;
	int mem = loc.k == BS_RV_PTR ? bs_obj_memory(r->c, loc.obj) : -1;
	if (mem == BLOCKSIM_MEM_SHARED || mem == BLOCKSIM_MEM_STORAGE)
		bs_note(r, p, loc, kind, 0, size > 0 && size <= 16 ? (int)size : 4);
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

static struct bs_rv group_call(struct bs_thread *r, const struct ir_expr *e, enum intrinsic k)
{
	bs_eval_args(r, e, 0);
	const char *t = e->u.call->recv_type, *n = e->u.call->name;
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
			struct bs_rv v = bs_rv_int(r->c->block.nthreads);
			v.prm = r->c->block.bdim[1] == 1 && r->c->block.bdim[2] == 1;
			return v;
		}
		if (ts > 0)
			return bs_rv_int(ts);
	} else if (k == IN_GROUP_QUERY && !strcmp(n, "meta_group_size") && ts > 0 && ts <= 32) {
		return bs_rv_int((r->c->block.nthreads + ts - 1) / ts);
	}
	return bs_top_of(r, e);
}

/* Which of the integer functions index arithmetic uses call E is, -1 if
 * none (pure_call evaluates them). */
static int pure_which(const struct ir_expr *e)
{
	static const char *const names[] = { "min", "max", "umin", "umax", "__mul24", "__umul24", "abs" };
	const char *n = e->u.call->name;
	if (!strncmp(n, "std::", 5))
		n += 5;
	int which = -1;
	for (int i = 0; i < (int)(sizeof names / sizeof *names); i++)
		if (!strcmp(n, names[i]))
			which = i;
	if (which < 0 || e->nkids != (which == 6 ? 1 : 2) || e->u.call->is_method)
		return -1;
	return which;
}

/* Call E, integer function WHICH of pure_which, evaluated; false when
 * WHICH is -1. */
static bool pure_call(struct bs_thread *r, const struct ir_expr *e, int which, struct bs_rv *out)
{
	if (which < 0)
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

static bool on_stack(const struct bs_thread *r, const struct ir_func *f)
{
	for (const struct bs_frame *fr = r->top; fr; fr = fr->caller)
		if (fr->fn == f)
			return true;
	return false;
}

struct bs_frame *bs_frame_new(struct bs_ctx *c, const struct ir_func *f, struct bs_frame *caller)
{
	struct bs_frame *fr = c->nframes ? c->frames[--c->nframes] : xcalloc(1, sizeof *fr);
	int n = f->nvars + 1;
	struct bs_rv *vars = fr->vars;
	uint8_t *is_ref = fr->is_ref;
	int cap = fr->cap;
	if (cap < n) {
		free(vars);
		free(is_ref);
		vars = xmalloc((size_t)n * sizeof *vars);
		is_ref = xmalloc((size_t)n);
		cap = n;
	}
	memset(fr, 0, sizeof *fr);
	memset(vars, 0, (size_t)n * sizeof *vars);
	memset(is_ref, 0, (size_t)n);
	fr->vars = vars;
	fr->is_ref = is_ref;
	fr->cap = cap;
	fr->gen = ++c->frame_gen ? c->frame_gen : ++c->frame_gen;
	fr->fn = f;
	fr->caller = caller;
	return fr;
}

/* FR's call has returned: the next call reuses it. An address of one
 * of its locals that outlives the call (returned, stored: wrong code)
 * names a generation the frame no longer has, and reads as unknown
 * (blocksim_access.c). */
void bs_frame_free(struct bs_ctx *c, struct bs_frame *fr)
{
	fr->gen = 0;
	CL_VEC_GROW(c->frames, c->nframes, c->capframes);
	c->frames[c->nframes++] = fr;
}

void bs_frames_free(struct bs_ctx *c)
{
	for (int i = 0; i < c->nframes; i++) {
		free(c->frames[i]->vars);
		free(c->frames[i]->is_ref);
		free(c->frames[i]);
	}
	free(c->frames);
	c->frames = NULL;
	c->nframes = c->capframes = 0;
}

/* Binds argument A to parameter P of the new frame FR. */
static void bind(struct bs_thread *r, struct bs_frame *fr, const struct ir_var *p, const struct ir_expr *a)
{
	if (p->id < 0 || p->id >= fr->fn->nvars)
		return;
	if (!a || (ir_is_default_arg(a) && !a->has_value)) {
		/* a default argument: a literal's value, else unknown */
		fr->vars[p->id] = p->default_known ? bs_rv_fit(bs_rv_int(p->default_ival), bs_type(r->c, p->type))
		                                   : bs_rv_top(true);
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

static struct bs_rv inline_call(struct bs_thread *r, const struct ir_expr *e, const struct ir_func *f, bool ret_ref)
{
	const struct ir_call *c = e->u.call;
	if (r->depth >= BS_MAX_DEPTH || on_stack(r, f)) {
		bs_eval_args(r, e, 0);
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN); /* not followed */
		if (r->copies)
			bs_async_wait(r, BS_WAIT_MAYBE, 0); /* it may wait for this thread's copies */
		return bs_top_of(r, e);
	}
	struct bs_frame *fr = bs_frame_new(r->c, f, r->top);
	if (c->spec)
		fr->spec = bs_path(r->c, NULL, c->spec);
	int first = c->is_method && e->nkids ? 1 : 0;
	if (first) {
		const struct ir_expr *o = ir_strip(e->kids[0]);
		fr->self = o->is_pointer ? bs_eval(r, o) : bs_lval(r, o);
	}
	for (int i = 0; i < f->nparams; i++)
		bind(r, fr, f->params[i], first + i < e->nkids ? e->kids[first + i] : NULL);
	bs_eval_args(r, e, first + f->nparams);
	fr->ret_ref = ret_ref;
	uint32_t ctx = r->ctx;
	const struct bs_iter *iters = r->iters;
	struct bs_iter *node = arena_alloc(r->c->log->a, sizeof *node);
	*node = (struct bs_iter){ iters, e, e->loc, 0 };
	r->iters = node;
	r->ctx = bs_mix(ctx, (uintptr_t)e);
	enum bs_flow fl = bs_run_body(r, fr, f->body);
	if (fl == BS_FL_LOST)
		r->c->judge.inexact = true; /* the caller goes on, but what the callee did after is not logged */
	r->ctx = ctx;
	r->iters = iters;
	struct bs_rv v = fl != BS_FL_LOST && fr->has_ret ? fr->ret : bs_top_of(r, e);
	bs_frame_free(r->c, fr);
	return bs_lost_identity(&v, e) ? bs_keep_identity(r, e, v) : v;
}

/* ---- asynchronous copies --------------------------------------------------------------- */

#define BS_ASYNC_MAX 4096   /* bytes of one thread's copy the log places */

void bs_async_copy(struct bs_thread *r, const struct ir_expr *site, struct bs_rv dst, struct bs_rv src, int64_t size,
                   enum bs_async_api api, bool collective)
{
	struct bs_ctx *c = r->c;
	r->copies++;
	if (r->lost)
		return;
	struct bs_acopy *a = arena_alloc(c->log->a, sizeof *a);
	bool placed = dst.k == BS_RV_PTR;
	a->dst = (struct bs_entry){
		.obj = placed ? dst.obj : NULL, .field = placed ? dst.field : NULL, .uoff = placed ? dst.uoff : 0,
		.off = placed ? dst.i : 0, .size = size > 0 && size <= BS_ASYNC_MAX ? (int)size : 0,
		.site = bs_site_of(c, site, r->top ? r->top->fn : NULL), .thread = r->lin, .phase = r->phase,
		.seq = r->seq++, .wepoch = r->wepoch, .kind = BS_RK_WRITE, .lits = r->lits, .iters = r->iters,
	};
	a->src = src.k == BS_RV_PTR ? src.obj : NULL;
	a->src_off = src.k == BS_RV_PTR ? src.i : 0;
	a->api = (uint8_t)api;
	a->collective = collective;
	a->group = r->commits;
	bs_log_append(c->log, BS_EV_ASYNC_COPY)->u.copy = a;
	if (r->lin < BS_MAX_THREADS)
		c->sites[a->dst.site].exec[r->lin / 64] |= (uint64_t)1 << (r->lin % 64);
}

void bs_async_commit(struct bs_thread *r)
{
	if (!r->lost)
		bs_log_append(r->c->log, BS_EV_ASYNC_COMMIT)->u.commit = (struct bs_acommit){ r->lin, r->phase, r->seq++, r->commits };
	r->commits++;
}

void bs_async_wait(struct bs_thread *r, enum bs_wait_how how, int keep)
{
	if (!r->lost)
		bs_log_append(r->c->log, BS_EV_ASYNC_WAIT)->u.wait =
			(struct bs_await){ r->lin, r->phase, r->seq++, (uint8_t)how, keep, r->commits };
}

/* A byte count: an integer, or a constant wrapped in a constructor
 * (`cuda::aligned_size_t<16>(sizeof(float4))`). */
static int64_t byte_count(const struct ir_expr *e, struct bs_rv v)
{
	int64_t n;
	if (v.k == BS_RV_INT)
		return v.i;
	e = ir_strip(e);
	if (e->kind == EK_CALL && e->nkids == 1 && ir_const_value(e->kids[0], &n))
		return n;
	return ir_const_value(e, &n) ? n : 0;
}

/* A copy call the run does not inline: what the call did before the log
 * had copies (a call of no body that may touch memory, its arguments
 * evaluated in order), and the copy logged. */
static struct bs_rv copy_call(struct bs_thread *r, const struct ir_expr *e)
{
	bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
	struct bs_rv out = bs_top_of(r, e), dst = bs_rv_top(false), src = bs_rv_top(false);
	int isrc, isize, idst = intrinsic_async_args(e, &isrc, &isize);
	int64_t size = 0;
	for (int i = 0; i < e->nkids; i++) {
		struct bs_rv v = bs_eval(r, e->kids[i]);
		out.shd |= v.shd;
		if (i == idst)
			dst = v;
		else if (i == isrc)
			src = v;
		else if (i == isize)
			size = byte_count(e->kids[i], v);
	}
	const char *q = e->u.call->qual;
	enum bs_async_api api = !strcmp(e->u.call->name, "__pipeline_memcpy_async") ? BS_AS_PIPELINE
	                      : q && strstr(q, "cooperative_groups") ? BS_AS_CG : BS_AS_CUDA;
	bs_async_copy(r, e, dst, src, size, api, intrinsic_async_collective(e));
	return out;
}

/* A commit or a wait, logged; the call itself runs as before. */
static void async_mark(struct bs_thread *r, const struct ir_expr *e, enum intrinsic k)
{
	const char *n = e->u.call->name;
	int64_t keep;
	if (k == IN_ASYNC_COMMIT) {
		if (strstr(n, "commit"))
			bs_async_commit(r); /* producer_acquire commits nothing */
	} else if (!strcmp(n, "__pipeline_wait_prior") && e->nkids == 1 && ir_const_value(e->kids[0], &keep) && keep >= 0)
		bs_async_wait(r, BS_WAIT_GROUPS, (int)keep);
	else if (!strcmp(n, "wait"))
		bs_async_wait(r, BS_WAIT_ALL, 0); /* cg::wait(group), a barrier's wait(token) */
	else
		bs_async_wait(r, BS_WAIT_MAYBE, 0);
}

/* `bar.wait(bar.arrive())` on a block-scoped cuda::barrier: the split
 * form of arrive_and_wait. The wait ends the interval: what a thread does
 * between its arrive and its wait is ordered by neither, so taking the
 * wait for the barrier can only miss races, never invent one. */
static bool is_split_barrier_wait(const struct ir_expr *e)
{
	const struct ir_call *c = e->u.call;
	return c->is_method && !strcmp(c->name, "wait") && intrinsic_block_scoped_barrier(c->recv_type);
}

/* Leaves the interval: one more barrier passed. */
static void next_phase(struct bs_thread *r, const struct ir_expr *e)
{
	if (r->c->judge.judging && !r->lost)
		bs_pass_barrier(r->c, e, r->phase, r->lin);
	r->phase++;
}

static struct bs_rv block_barrier(struct bs_thread *r, const struct ir_expr *e)
{
	bs_eval_args(r, e, 0);
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
	const struct ir_func *t = e->u.call->target;
	if (e->u.call->is_method)
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
	const char *n = e->u.call->name;
	if (!n || e->nkids != 2 || !bs_is_lvalue(ir_strip(e->kids[0])))
		return false;
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		if (!strcmp(n, ops[i]))
			return true;
	return false;
}

static struct bs_rv assign_receiver(struct bs_thread *r, const struct ir_expr *e)
{
	const struct ir_expr *lhs = ir_strip(e->kids[0]);
	struct bs_rv loc = bs_lval(r, lhs);
	struct bs_rv v = bs_eval(r, e->kids[1]);
	if (strcmp(e->u.call->name, "operator=")) {
		bs_load(r, lhs, loc);
		v = bs_top_of(r, lhs);
	}
	bs_store(r, lhs, loc, v);
	return e->u.call->ret_type && strchr(e->u.call->ret_type, '&') ? loc : bs_top_of(r, e);
}

/* A call of a constructor with no body here: its name is its type's
 * (`P<T>{bits}` has type P<T>). */
static bool constructs_own_type(const struct ir_expr *e)
{
	const char *n = e->u.call->name, *t = e->type;
	size_t len = n ? strlen(n) : 0;
	return len && t && !strncmp(t, n, len) && (t[len] == '<' || t[len] == '\0');
}

/* What the run asks of call E's spelling, whatever the thread (struct
 * bs_calleememo.kind): */
enum {
	CK_SPLIT_WAIT = 1,   /* is_split_barrier_wait */
	CK_CVTA = 2,         /* __cvta_generic_to_shared(p) */
	CK_ASSIGNS = 4,      /* assigns_receiver */
	CK_TOUCHES = 8,      /* may_touch_memory */
	CK_CONSTRUCTS = 16,  /* one argument, constructs_own_type */
	CK_RET_REF = 32,     /* returns an lvalue reference */
};

/* E's callee and kind, computed once per call expression: the name
 * search and the string tests were a tenth of a run's instructions. A
 * copy, since a nested call may reuse the memo's slot. */
static struct bs_calleememo call_facts(const struct bs_ctx *c, const struct ir_expr *e)
{
	struct bs_calleememo *m = &c->cache.cmemo[bs_memo2_slot(e, NULL)];
	if (m->e == e)
		return *m;
	const struct ir_call *call = e->u.call;
	const struct ir_func *t = call->target;
	if (!t)
		t = memspace_conversion(c->ms, e); /* SharedMemory<T>() in a template */
	if (!t && !call->is_method)
		t = bs_named(c, call->name); /* f<T>(x) in a template */
	bool named = call->name != NULL; /* the lowering names every call; the tests below read the name */
	int kind = (named && is_split_barrier_wait(e) ? CK_SPLIT_WAIT : 0) |
	           (named && !strcmp(call->name, "__cvta_generic_to_shared") && e->nkids == 1 ? CK_CVTA : 0) |
	           (assigns_receiver(e) ? CK_ASSIGNS : 0) | (may_touch_memory(e) ? CK_TOUCHES : 0) |
	           (e->nkids == 1 && constructs_own_type(e) ? CK_CONSTRUCTS : 0) |
	           (call->ret_type && strchr(call->ret_type, '&') && !strstr(call->ret_type, "&&") ? CK_RET_REF : 0);
	*m = (struct bs_calleememo){ e, t && t->body && (t->is_device || t->is_global) ? t : NULL, (uint8_t)kind,
	                             (int8_t)(named ? pure_which(e) : -1) };
	return *m;
}

const struct ir_func *bs_callee(const struct bs_ctx *c, const struct ir_expr *e)
{
	return call_facts(c, e).t;
}

struct bs_rv bs_call(struct bs_thread *r, const struct ir_expr *e)
{
	enum intrinsic k = intrinsic_of(e);
	switch (k) {
	case IN_BLOCK_BARRIER_WAIT:
		/* a cuda::barrier's arrival reads the state its init() wrote, and
		 * its wait completes the copies that named it */
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
		if (r->copies)
			bs_async_wait(r, BS_WAIT_MAYBE, 0);
		return block_barrier(r, e);
	case IN_ASYNC_WAIT: case IN_ASYNC_COMMIT:
		async_mark(r, e, k);
		break;
	case IN_SYNCTHREADS: case IN_SYNCTHREADS_REDUCE: case IN_GRID_SYNC:
		return block_barrier(r, e);
	case IN_SYNCWARP:
		bs_eval_args(r, e, 0);
		r->wepoch++;
		return bs_rv_top(false);
	case IN_TILE_COLLECTIVE:
		bs_eval_args(r, e, 0);
		if (!strcmp(e->u.call->name, "sync"))
			r->wepoch++;
		return bs_top_of(r, e);
	case IN_ATOMIC_RMW: case IN_ATOMIC_LOAD: case IN_ATOMIC_STORE:
		return atomic_call(r, e, k);
	case IN_FENCE: {
		bs_eval_args(r, e, 0);
		struct bs_ctx *c = r->c;
		bs_log_append(c->log, BS_EV_SYNC)->u.sync = (struct bs_sync){ NULL, NULL, r->lin, r->phase, r->seq++, BS_FENCE };
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
	struct bs_calleememo cf = call_facts(r->c, e);
	if (cf.kind & CK_SPLIT_WAIT) {
		bs_eval_args(r, e, 0);
		next_phase(r, e);
		return bs_rv_top(true);
	}
	const struct ir_func *t = cf.t;
	if (t)
		return inline_call(r, e, t, (cf.kind & CK_RET_REF) != 0);
	if (k == IN_ASYNC_COPY)
		return copy_call(r, e);
	if (cf.kind & CK_CVTA) {
		/* the shared window's address of a __shared__ object: the
		 * object's, for a cp.async's operand (it is only an integer) */
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
		struct bs_rv top = bs_top_of(r, e), v = bs_eval(r, e->kids[0]);
		top.shd = v.shd;
		return v.k == BS_RV_PTR ? v : top;
	}
	if (cf.kind & CK_ASSIGNS)
		return assign_receiver(r, e);
	struct bs_rv out;
	if (pure_call(r, e, cf.pure, &out))
		return out;
	if (cf.kind & CK_TOUCHES) {
		bs_touch(r->c, r->phase, BS_RM_UNKNOWN);
		if (r->copies)
			bs_async_wait(r, BS_WAIT_MAYBE, 0); /* a call of no body here may wait */
	}
	if (!t && (cf.kind & CK_CONSTRUCTS))
		return bs_made_of(r, e, bs_eval(r, e->kids[0]));
	out = bs_top_of(r, e);
	out.shd = bs_eval_args(r, e, 0); /* fabsf(s[i]) */
	return out;
}

