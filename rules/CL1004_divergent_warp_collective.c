/* CL1004 divergent-warp-collective: a warp collective that names all 32
 * lanes in its mask, under control flow that differs between lanes.
 *
 * The mask promises that every named lane executes the same collective;
 * lanes that branched away or returned break that promise. Masks that
 * come from __activemask() or a __ballot_sync of the branch condition are
 * not full-warp constants, so they are not reported. */
#include "analysis/analyze.h"
#include "analysis/intrinsics.h"
#include "barrier_sites.h"
#include "checks.h"

#include <string.h>

static bool full_mask(const struct ir_expr *e)
{
	int64_t v;
	return ir_const_value(e, &v) && (v & 0xffffffffLL) == 0xffffffffLL;
}

/* Whether the call is a collective over a whole warp. */
static bool whole_warp_collective(const struct ir_expr *call)
{
	const struct ir_call *c = call->u.call;
	switch (c->intrinsic) {
	case IN_SHFL:
	case IN_SHFL_REL:
	case IN_VOTE:
		return call->nkids >= 1 && full_mask(call->kids[0]);
	case IN_SYNCWARP:
		/* __syncwarp() defaults to the full mask */
		return call->nkids == 0 || full_mask(call->kids[0]) ||
		       (!call->kids[0]->has_value && ir_strip(call->kids[0])->kind == EK_OTHER &&
		        !ir_strip(call->kids[0])->nkids);
	case IN_LIB_WARP:
		/* a library primitive that shuffles or __syncwarp()s with the full
		 * mask inside (analysis/library.h) */
		return true;
	case IN_TILE_COLLECTIVE: {
		/* tile methods live in a base class:
		 * cooperative_groups::__static_size_thread_block_tile_base<32> */
		const char *t = c->is_method ? c->recv_type : call->nkids ? call->kids[0]->type : NULL;
		const char *tile = t ? strstr(t, "tile") : NULL;
		const char *size = tile ? strstr(tile, "<32") : NULL;
		return size && (size[3] == '>' || size[3] == ',' || size[3] == 'u' || size[3] == 'U');
	}
	default:
		return false;
	}
}

static int reads_tid_yz(const struct ir_expr *e, void *arg)
{
	(void)arg;
	return e->kind == EK_BUILTIN && e->u.bi.which == BI_THREADIDX && (e->u.bi.dim == 'y' || e->u.bi.dim == 'z');
}

static void visit(struct cl_ctx *cx, const struct ir_func *f, const struct ir_expr *call, void *arg)
{
	(void)f;
	if (!call->ctx || !whole_warp_collective(call))
		return;
	const struct ir_ctx *x = call->ctx;
	const struct ir_cause *c = x->warp_cause;
	bool by_exit = false;
	if (!c && x->exit > U_WARP && x->exit_cause) {
		c = x->exit_cause;
		by_exit = true;
	}
	if (!c)
		return;
	char name[96], cond[128];
	intrinsic_display(call, name, sizeof name);
	barrier_site_cause(c, cond, sizeof cond);
	const char *where = by_exit ? "some lanes have already left where" : "it runs only in the lanes where";
	struct cl_finding *fd;
	if (call->u.call->intrinsic == IN_LIB_WARP)
		fd = cl_report(cx, &cl_rules[RULE_CL1004], call->loc,
			"`%s` synchronises the whole warp internally (with a full-warp mask), but %s %s, so lanes "
			"named in the mask never arrive and the result is undefined; call it from every lane of the "
			"warp and guard the data instead, or move it out of the divergent code", name, where, cond);
	else
		fd = cl_report(cx, &cl_rules[RULE_CL1004], call->loc,
			"`%s` uses a full-warp mask, but %s %s, so lanes named in the mask never arrive and the result "
			"is undefined; pass the mask of the lanes that get here (`__ballot_sync(0xffffffff, cond)` "
			"taken before the branch, or `__activemask()`), or move the collective out of the divergent code",
			name, where, cond);
	if (by_exit && c->stmt)
		cl_note(fd, c->stmt->loc, "lanes leave here");
	if (c->cond) {
		bool yz = !cx->ao->warp_aligned_blocks && ir_walk_expr(c->cond, reads_tid_yz, NULL);
		cl_note(fd, c->cond->loc, "this condition differs between lanes of a warp%s",
		        yz ? " (threadIdx.y/.z do when blockDim.x may not be a multiple of 32, as "
		             "--no-assume-warp-aligned-blocks or assume-warp-aligned-blocks: false says)"
		           : "");
	}
}

void check_divergent_warp_collective(struct cl_ctx *cx, const struct ir_unit *u)
{
	cl_for_each_call(cx, u, visit, NULL);
}
