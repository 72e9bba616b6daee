/* CL3002 async-copy-read-too-early: shared memory that an asynchronous
 * copy fills (cuda::memcpy_async, cooperative_groups::memcpy_async,
 * __pipeline_memcpy_async, cp.async) read before any wait that completes the copy.
 *
 * An asynchronous copy returns at once; the bytes arrive later, and only
 * a wait (cg::wait, a pipeline's consumer_wait or wait_prior, a barrier's
 * wait or arrive_and_wait) makes them visible. A __syncthreads() does not:
 * it orders the threads, not the copy engine. The check follows program
 * order from the copy's statement to the function's end (not around loop
 * back edges) and reports the first element read of the destination's
 * shared object before any wait. It stays silent at a call of a function
 * defined in the file (it may wait), for any wait whatever its count
 * (wait_prior<1> leaves the newest stage in flight, and which one a read
 * touches is seldom decidable), and where the destination and the read
 * name different rows of a multi-dimensional buffer (double buffering).
 * Inline-asm cp.async is read from its PTX (intrinsics.c): the copy's
 * destination is its operand's shared address, traced back through a
 * local assigned once and __cvta_generic_to_shared; silent when the
 * operand is anything else. */
#include "analysis/constlocals.h"
#include "analysis/intrinsics.h"
#include "analysis/memorder.h"
#include "analysis/uniformity.h"
#include "checks.h"

#include <stdio.h>
#include <string.h>

static int is_asm(const struct ir_expr *call)
{
	return !strncmp(call->u.call->name, "cp.async", 8);
}

/* The shared address a copy's destination holds: a local assigned once
 * is its initialiser (`float4 *d = reinterpret_cast<float4 *>(&As[ty][tx])`
 * is &As[ty][tx]), and a cp.async operand `static_cast<unsigned>(
 * __cvta_generic_to_shared(&tile[i]))` is &tile[i] (the casts are gone
 * from the IR); anything else stays as it is. */
static const struct ir_expr *shared_address(const struct ir_func *f, const struct ir_expr *e)
{
	for (int hops = 0; e && hops < 8; hops++) {
		e = ir_strip(e);
		if (e->kind == EK_CALL && e->nkids == 1 && !strcmp(e->u.call->name, "__cvta_generic_to_shared"))
			e = e->kids[0];
		else if (locals_init_once(f->locals, e))
			e = locals_init_once(f->locals, e);
		else
			break;
	}
	return e;
}

/* The destination argument: (group, dst, src, n[, barrier]) or (dst, src,
 * n[, barrier]); a cp.async's first operand. */
static const struct ir_expr *destination(const struct ir_func *f, const struct ir_expr *call)
{
	int src, size, d = intrinsic_async_args(call, &src, &size);
	return d >= 0 ? shared_address(f, call->kids[d]) : NULL;
}

/* The first subscript of an lvalue or address: `&buf[s][0]` -> s, `buf[i]`
 * -> i; NULL when there is none. *DIMS gets how many subscripts it has. */
static const struct ir_expr *first_index(const struct ir_expr *e, int *dims)
{
	e = ir_strip(e);
	if (e && e->kind == EK_UNARY && e->op == OP_ADDR)
		e = ir_strip(e->kids[0]);
	const struct ir_expr *first = NULL;
	*dims = 0;
	if (e && e->kind == EK_BINARY && e->op == OP_ADD && e->kids[0]->type && strchr(e->kids[0]->type, '*'))
		return e->kids[1]; /* buf + offset: a flat buffer from offset on */
	while (e && e->kind == EK_INDEX) {
		first = e->kids[1];
		++*dims;
		e = ir_strip(e->kids[0]);
	}
	return first;
}

struct copy {
	struct cl_ctx *cx;
	const struct memorder *m;
	const struct ir_expr *call, *dst;
	const struct ir_var *obj;
};

/* Whether the read A may touch what the copy writes. */
static bool overlaps(const struct copy *c, const struct mo_access *a)
{
	const struct ir_expr *r = ir_strip(a->e);
	if (!r || !(r->kind == EK_INDEX || (r->kind == EK_UNARY && r->op == OP_DEREF)) ||
	    (r->type && strchr(r->type, '[')))
		return false; /* the array or a row of it, passed on: not a read of its elements */
	int ddims, rdims;
	const struct ir_expr *di = first_index(c->dst, &ddims), *ri = first_index(a->e, &rdims);
	if (rdims <= 1) {
		/* a flat buffer: filled from the start, or element by element by
		 * the threads (a thread-varying offset); a block-uniform offset
		 * is a stage of a multi-stage buffer, which may be another one */
		int64_t v;
		return !di || (ir_const_value(di, &v) && v == 0) || di->level > U_BLOCK || (ri && ir_expr_equal(di, ri));
	}
	/* the same row: the row itself (&buf[s]) or an element of it
	 * (&buf[s][4 * tx], where a cp.async of 16 bytes lands) */
	return di && ri && ddims <= rdims && ir_expr_equal(di, ri);
}

static int after_copy(const struct mo_access *a, void *arg)
{
	struct copy *c = arg;
	if (a->kind == ACC_ASYNC_WAIT || a->kind == ACC_CALL || a->kind == ACC_INLINED ||
	    (a->kind == ACC_BARRIER && a->in == IN_BLOCK_BARRIER_WAIT))
		return 1; /* completed, or maybe completed in a callee */
	if (a->kind != ACC_LOAD || !mo_same_object(a->obj, a->field, c->obj, NULL) || !overlaps(c, a))
		return 0;
	char desc[128], what[140], name[64];
	mo_describe(a->e, desc, sizeof desc);
	snprintf(what, sizeof what, desc[0] == '`' ? "%s" : "`%s`", desc);
	snprintf(name, sizeof name, is_asm(c->call) ? "%s" : "%s()", c->call->u.call->name);
	struct cl_finding *f = cl_report(c->cx, &cl_rules[RULE_CL3002], a->e->loc,
		"%s reads shared memory that the asynchronous `%s` on line %u is still filling: the copy "
		"returns before its bytes arrive, and no wait completes it before this read, so the read can "
		"see old data; wait for the copy first (cg::wait(block), pipeline.consumer_wait(), "
		"__pipeline_wait_prior(0), the barrier's arrive_and_wait() or cp.async.wait_group 0); a "
		"__syncthreads() alone does not",
		what, name, c->call->loc.line);
	cl_note(f, c->call->loc, "the asynchronous copy into `%s` starts here", c->obj->name);
	return 1;
}

struct stmt_scan {
	struct cl_ctx *cx;
	const struct ir_unit *u;
	const struct ir_func *f;
	struct ir_stmt *st;
};

static int each_call(const struct ir_expr *e, void *arg)
{
	struct stmt_scan *s = arg;
	if (e->kind != EK_CALL || intrinsic_of(e) != IN_ASYNC_COPY)
		return 0;
	const struct ir_expr *dst = destination(s->f, e);
	const struct ir_var *obj = dst ? memspace_object(s->u->memspace, dst) : NULL;
	if (!obj || memspace_space(s->u->memspace, dst) != SPACE_SHARED)
		return 0;
	struct copy c = { s->cx, s->u->memorder, e, dst, obj };
	mo_after(c.m, s->st, after_copy, &c);
	return 0;
}

static int each_stmt(struct ir_stmt *st, void *arg)
{
	struct stmt_scan *s = arg;
	s->st = st;
	if (st->kind == SK_EXPR || st->kind == SK_RETURN)
		ir_walk_expr(st->u.expr, each_call, s);
	else if (st->kind == SK_DECL)
		ir_walk_expr(st->u.decl.init, each_call, s);
	else if (st->kind == SK_ASM && st->u.asm_.as_call)
		each_call(st->u.asm_.as_call, s);
	return 0;
}

static void each_function(struct cl_ctx *cx, const struct ir_func *f, void *arg)
{
	struct stmt_scan s = { cx, arg, f, NULL };
	ir_walk_stmts_mut(f->body, each_stmt, &s);
}

void check_async_copy_read_too_early(struct cl_ctx *cx, const struct ir_unit *u)
{
	if (u->memorder && u->memspace)
		cl_for_each_function(cx, u, each_function, (void *)u);
}
