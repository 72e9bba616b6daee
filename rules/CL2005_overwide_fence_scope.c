/* CL2005 overwide-fence-scope: a fence, or an atomic's scope, wider than
 * the memory it orders needs. On an H200 one store plus fence per
 * iteration cost 0.265 ms with __threadfence_block, 0.915 ms with
 * __threadfence and 2.026 ms with __threadfence_system (rules/CL2005.md;
 * kernels/CL2005/ and docs/design/gpu-facts.md, "Polls, fences and scopes").
 *
 * The memory a fence orders is what the thread accesses between the
 * previous and the next ordering point (fence, barrier, function edge).
 * Anything unknown (a pointer cudalint cannot follow, a call) keeps the
 * rule quiet. */
#include "checks.h"
#include "fixes.h"
#include "ordering.h"

#include <stdio.h>
#include <string.h>

struct window {
	const struct memorder *m;
	int shared, device, other, opaque;
};

static int observe(const struct mo_access *a, void *arg)
{
	struct window *w = arg;
	switch (a->kind) {
	case ACC_FENCE:
	case ACC_BARRIER:
		return 1;
	case ACC_CALL:
		w->opaque = 1;
		return 1;
	case ACC_WARP_SYNC:
		return 0;
	default:
		break;
	}
	if (a->space == SPACE_SHARED)
		w->shared++;
	else if (a->space == SPACE_GLOBAL || a->space == SPACE_GENERIC) {
		const struct ir_expr *lv = a->kind == ACC_ATOMIC && a->e->nkids ? a->e->kids[0] : a->e;
		if (memspace_origin(w->m->ms, lv) == ORIGIN_DEVICE)
			w->device++;
		else
			w->other++;
	}
	return 0;
}

/* The fix of a fence whose scope is too wide: the call renamed
 * (`__threadfence_system()` to `__threadfence()`), or the scope argument
 * of `cuda::atomic_thread_fence` replaced. Unsafe: a narrower fence is
 * right only when the analysis saw all the memory it orders. */
static void narrow_fence(struct cl_ctx *cx, struct cl_finding *f, const struct ir_expr *e, const char *scope)
{
	const struct ir_call *c = e->u.call;
	if (e->kind != EK_CALL || c->is_method)
		return;
	if (!e->nkids && (!strcmp(c->name, "__threadfence_system") || !strcmp(c->name, "__threadfence"))) {
		char to[64];
		snprintf(to, sizeof to, "__threadfence%s%s()", strcmp(scope, "device") ? "_" : "",
		         strcmp(scope, "device") ? scope : "");
		cl_fix_begin(f, 0, "replace `%s()` with `%s`", c->name, to);
		cl_fix_replace(cx, f, e->range, to);
	} else if (e->nkids == 2 && !strcmp(c->name, "atomic_thread_fence")) {
		const struct ir_expr *k = ir_strip(e->kids[1]);
		if (k->kind != EK_CONST || !k->u.name || !strstr(k->u.name, "thread_scope_"))
			return;
		char to[64];
		snprintf(to, sizeof to, "cuda::thread_scope_%s", scope);
		cl_fix_begin(f, 0, "replace `%s` with `%s`", k->u.name, to);
		cl_fix_replace(cx, f, k->range, to);
	}
	cl_fix_done(f);
}

/* The fix of an atomic whose explicit scope is too wide: the `_system`
 * atomic renamed (`atomicAdd_system` to `atomicAdd`, or to
 * `atomicAdd_block` for block scope), or the `thread_scope_*` argument
 * in the type of the atomic_ref or atomic object replaced where it is
 * declared (every operation on that object gets the narrower scope, and
 * they all act on the same memory). Unsafe, as narrow_fence. */
static void narrow_atomic(struct cl_ctx *cx, struct cl_finding *f, const struct ir_expr *e, const char *scope)
{
	const struct ir_call *c = e->u.call;
	size_t n = strlen(c->name);
	char to[64];
	if (!c->is_method && c->name_range && n > 7 && !strcmp(c->name + n - 7, "_system")) {
		snprintf(to, sizeof to, "%.*s%s", (int)(n - 7), c->name, strcmp(scope, "block") ? "" : "_block");
		cl_fix_begin(f, 0, "replace `%s` with `%s`", c->name, to);
		cl_fix_replace(cx, f, *c->name_range, to);
	} else if (c->is_method && c->scope_range) {
		snprintf(to, sizeof to, "thread_scope_%s", scope);
		cl_fix_begin(f, 0, "declare the atomic with `cuda::%s`", to);
		cl_fix_replace(cx, f, *c->scope_range, to);
	}
	cl_fix_done(f);
}

/* __syncthreads() and its reducing forms, the barriers the message names
 * (not a cuda::barrier's arrive_and_wait() or a library collective). */
static bool is_barrier_stmt(const struct ir_stmt *s)
{
	enum intrinsic k = mo_barrier_stmt(s);
	return k == IN_SYNCTHREADS || k == IN_SYNCTHREADS_REDUCE;
}

/* __threadfence_block() right next to __syncthreads(): the barrier
 * already orders the block's memory. */
static void redundant_block_fence(struct cl_ctx *cx, const struct mo_access *a)
{
	const struct ir_stmt *st = a->stmt, *p = st->parent;
	if (st->kind != SK_EXPR || st->u.expr != a->e || !p || p->kind != SK_BLOCK)
		return;
	int i = 0;
	while (i < p->u.block.n && p->u.block.v[i] != st)
		i++;
	const struct ir_stmt *prev = i > 0 ? p->u.block.v[i - 1] : NULL;
	const struct ir_stmt *next = i + 1 < p->u.block.n ? p->u.block.v[i + 1] : NULL;
	const struct ir_stmt *b = is_barrier_stmt(prev) ? prev : is_barrier_stmt(next) ? next : NULL;
	if (!b)
		return;
	struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2005], a->e->loc,
		"`__threadfence_block()` next to `__syncthreads()` is redundant: the barrier already orders "
		"memory for the whole block; remove the fence");
	cl_note(f, b->loc, "the barrier");
	cl_fix_begin(f, 0, "remove `__threadfence_block()`");
	fix_remove(cx, f, st);
	cl_fix_done(f);
}

/* (e) A device or system fence that orders only hand-offs among the
 * threads of one block: a publication after it and an observation
 * before it through objects of BLOCK extent (block-scoped atomics), and
 * nothing up to the device fences on either side (barriers do not stop
 * the look: they order the block only) that a wider scope could serve:
 * no write of another sync object after it, no observation of one
 * before it, no call. */
struct block_handoff {
	const struct memorder *m;
	int dir;                 /* +1 after the fence, -1 before */
	bool wider, opaque;
	struct mo_access handoff;
	bool found;
};

static int handoff_visit(const struct mo_access *a, void *arg)
{
	struct block_handoff *b = arg;
	if (a->kind == ACC_FENCE && (a->scope == SCOPE_NONE || a->scope >= SCOPE_DEVICE))
		return 1;
	if (a->kind == ACC_CALL) {
		b->opaque = true;
		return 1;
	}
	if ((a->kind != ACC_STORE && a->kind != ACC_ATOMIC && a->kind != ACC_LOAD) ||
	    !mo_is_sync(b->m, a->obj, a->field))
		return 0;
	bool write = a->kind == ACC_STORE ||
	             (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD && !mo_rmw_reads_only(a->e));
	bool read = !write || a->kind == ACC_ATOMIC;
	enum mo_extent x;
	if (b->dir > 0 && write)
		x = mo_write_extent(b->m, a->e);
	else if (b->dir < 0 && read)
		x = mo_read_extent(b->m, a->e);
	else
		return 0;
	if (x != EXTENT_BLOCK || a->space == SPACE_SHARED) {
		b->wider |= x != EXTENT_BLOCK; /* a shared flag is rule (a)'s */
		return b->wider;
	}
	if (!b->found)
		b->handoff = *a;
	b->found = true;
	return 0;
}

static bool block_handoff_fence(struct cl_ctx *cx, const struct memorder *m, const struct mo_access *a)
{
	struct block_handoff after = { .m = m, .dir = 1 }, before = { .m = m, .dir = -1 };
	mo_after(m, a->stmt, handoff_visit, &after);
	mo_before(m, a->stmt, handoff_visit, &before);
	if (after.wider || before.wider || after.opaque || before.opaque || (!after.found && !before.found))
		return false;
	const struct mo_access *h = after.found ? &after.handoff : &before.handoff;
	char name[64], what[96];
	intrinsic_display(a->e, name, sizeof name);
	mo_describe(h->kind == ACC_ATOMIC && h->e->nkids ? h->e->kids[0] : h->e, what, sizeof what);
	struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2005], a->e->loc,
		"`%s` orders a hand-off through `%s`, whose atomics all have block scope, so only threads of "
		"one block take part in it; block scope is enough and several times cheaper: use "
		"`__threadfence_block()`", name, what);
	cl_note(f, h->e->loc, after.found ? "the block-scoped publication" : "the block-scoped observation");
	return true;
}

static void check_fence(struct cl_ctx *cx, const struct memorder *m, const struct mo_access *a)
{
	if (a->scope == SCOPE_BLOCK) {
		redundant_block_fence(cx, a);
		return;
	}
	if (a->scope != SCOPE_DEVICE && a->scope != SCOPE_SYSTEM)
		return;
	if (block_handoff_fence(cx, m, a))
		return;
	struct window w = { .m = m };
	mo_before(m, a->stmt, observe, &w);
	if (!w.opaque)
		mo_after(m, a->stmt, observe, &w);
	if (w.opaque || w.other)
		return;
	char name[64];
	intrinsic_display(a->e, name, sizeof name);
	if (w.shared && !w.device) {
		struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2005], a->e->loc,
			"`%s` orders only __shared__ memory here, which threads of other blocks cannot see; "
			"block scope is enough and several times cheaper: use `__threadfence_block()`%s", name,
			strstr(name, "atomic_thread_fence") ? " (or `cuda::thread_scope_block`)" : "");
		narrow_fence(cx, f, a->e, "block");
	} else if (a->scope == SCOPE_SYSTEM && w.device) {
		struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2005], a->e->loc,
			"`%s` orders only device memory here (allocated with cudaMalloc or declared __device__), "
			"which the host cannot see during the kernel; device scope is enough and about twice as "
			"cheap: use `__threadfence()`%s", name,
			strstr(name, "atomic_thread_fence") ? " (or `cuda::thread_scope_device`)" : "");
		narrow_fence(cx, f, a->e, "device");
	}
}

static void check_atomic(struct cl_ctx *cx, const struct memorder *m, const struct mo_access *a)
{
	const struct ir_call *c = a->e->u.call;
	bool explicit_scope = (c->is_method && c->recv_type && strstr(c->recv_type, "thread_scope_")) ||
	                      strstr(c->name, "_system");
	if (!explicit_scope || !a->e->nkids)
		return;
	char name[64];
	intrinsic_display(a->e, name, sizeof name);
	if (a->space == SPACE_SHARED && a->scope > SCOPE_BLOCK && a->order != ORDER_RELAXED) {
		struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2005], a->e->loc,
			"`%s` is an atomic on __shared__ memory with %s scope; only the block can see that memory, "
			"so use block scope (`cuda::thread_scope_block`, or the `_block` atomic)", name,
			a->scope == SCOPE_SYSTEM ? "system" : "device");
		narrow_atomic(cx, f, a->e, "block");
	} else if (a->scope == SCOPE_SYSTEM && memspace_origin(m->ms, a->e->kids[0]) == ORIGIN_DEVICE) {
		struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL2005], a->e->loc,
			"`%s` has system scope on device memory (cudaMalloc or __device__), which the host cannot "
			"access during the kernel; use device scope (`cuda::thread_scope_device`, or the atomic "
			"without `_system`)", name);
		narrow_atomic(cx, f, a->e, "device");
	}
}

struct fence_walk { struct cl_ctx *cx; const struct memorder *m; };

static int each_access(const struct mo_access *a, void *arg)
{
	struct fence_walk *fw = arg;
	if (a->via)
		return 0; /* a helper's fence or atomic: checked in the helper */
	if (a->kind == ACC_FENCE)
		check_fence(fw->cx, fw->m, a);
	else if (a->kind == ACC_ATOMIC)
		check_atomic(fw->cx, fw->m, a);
	return 0;
}

static void check_function(struct cl_ctx *cx, const struct ir_func *f, void *arg)
{
	struct fence_walk fw = { cx, arg };
	mo_stmt_accesses(fw.m, f->body, each_access, &fw);
}

void check_overwide_fence_scope(struct cl_ctx *cx, const struct ir_unit *u)
{
	cl_for_each_function(cx, u, check_function, (void *)mo_facts(u));
}
