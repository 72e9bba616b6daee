/* blocksim.c - the pass (blocksim.h): which functions run as a block, in
 * which shapes, the facts the queries found, and the getters the rules
 * call. */
#include "analysis/blocksim_internal.h"
#include "analysis/launch.h"
#include "analysis/library.h"
#include "analysis/memspace.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- what to run ---------------------------------------------------------------- */

struct reach {
	const struct ir_unit *u;
	const struct memspace *ms;
	uint8_t *shared;   /* per function: 0 not yet, 1 on the way, 2 touches __shared__, 3 does not */
	uint8_t *dims;     /* per function: the threadIdx dimensions it (or a callee) uses; 0x80: it uses
	                    * threadIdx at all */
	uint8_t *called;   /* per function: reached from a kernel run */
};

static void visit(struct reach *rc, const struct ir_func *f);

struct scan { struct reach *rc; bool shared; int dims; bool tid; };

static int scan_expr(const struct ir_expr *e, void *arg)
{
	struct scan *s = arg;
	if (e->kind == EK_VAR && e->u.var->kind == VAR_GLOBAL && e->u.var->space == SPACE_SHARED)
		s->shared = true;
	if (e->kind == EK_BUILTIN && e->u.bi.which == BI_THREADIDX)
		s->tid = true;
	if ((e->kind == EK_BUILTIN && (e->u.bi.which == BI_THREADIDX || e->u.bi.which == BI_BLOCKDIM)) && e->u.bi.dim > 'x') {
		int d = e->u.bi.dim - 'x' + 1;
		if (d > s->dims)
			s->dims = d;
	}
	if (e->kind == EK_CALL) {
		const struct ir_func *t = e->u.call->target;
		if (t && t->body) {
			visit(s->rc, t);
			s->shared |= s->rc->shared[t->id] == 2;
			s->tid |= (s->rc->dims[t->id] & 0x80) != 0;
			if ((s->rc->dims[t->id] & 3) > s->dims)
				s->dims = s->rc->dims[t->id] & 3;
		} else if (!t && (t = memspace_conversion(s->rc->ms, e)) && t->body) {
			visit(s->rc, t);
			s->shared |= s->rc->shared[t->id] == 2;
		}
	}
	return 0;
}

static void visit(struct reach *rc, const struct ir_func *f)
{
	if (rc->shared[f->id])
		return;
	rc->shared[f->id] = 1;
	struct scan s = { rc, false, 1, false };
	ir_walk_stmt_exprs(f->body, scan_expr, &s);
	rc->shared[f->id] = s.shared ? 2 : 3;
	rc->dims[f->id] = (uint8_t)(s.dims | (s.tid ? 0x80 : 0));
}

static int mark_called(const struct ir_expr *e, void *arg)
{
	struct reach *rc = arg;
	const struct ir_func *t = e->kind == EK_CALL ? e->u.call->target : NULL;
	if (t && t->body && !rc->called[t->id]) {
		rc->called[t->id] = 1;
		ir_walk_stmt_exprs(t->body, mark_called, rc);
	}
	return 0;
}

/* Block shapes for code that uses threadIdx in DIMS dimensions: a common
 * size for 1-D code, and for 2-D and 3-D code a few (a square tile, a
 * warp-wide one, a small one): a race must show in each where both its
 * accesses run (bs_settle_function). */
static const int shapes1[][3] = { { 256, 1, 1 } };
static const int shapes2[][3] = { { 16, 16, 1 }, { 32, 8, 1 }, { 8, 8, 1 } };
static const int shapes3[][3] = { { 8, 8, 4 }, { 8, 4, 2 } };

static void run_shape(struct bs_ctx *c, const struct ir_func *f, bool kernel, const int *shape)
{
	for (int d = 0; d < 3; d++)
		c->block.bdim[d] = shape[d];
	c->block.gdim[0] = c->block.gdim[1] = 8;
	c->block.gdim[2] = 1;
	for (int d = 0; c->block.launch && d < 3; d++)
		if (c->block.launch->grid[d])
			c->block.gdim[d] = c->block.launch->grid[d];
	/* a block other than the first, where there is one */
	for (int d = 0; d < 3; d++)
		c->block.bidx[d] = d < 2 && c->block.gdim[d] > 1 ? 1 : 0;
	c->block.nthreads = shape[0] * shape[1] * shape[2];
	for (int t = 0; t < c->block.nthreads; t++)
		bs_run_thread(c, f, kernel, t);
	if (c->observe)
		c->observe(c->log, &c->block, c->observe_arg);
	bs_barriers_shape(c);
	bs_exits_shape(c);
	bs_detect(c);
}

/* The block shape F's own cub block collectives are written for, when
 * they agree (rules/CL3001.md): cub requires the launch to have it. */
struct lib_shape { int shape[3]; int n; bool clash; };

static int lib_shape_of(const struct ir_expr *e, void *arg)
{
	struct lib_shape *ls = arg;
	int sh[3];
	if (e->kind != EK_CALL || !library_block_shape(e, sh))
		return 0;
	if (ls->n++ && memcmp(sh, ls->shape, sizeof sh))
		ls->clash = true;
	memcpy(ls->shape, sh, sizeof sh);
	return 0;
}

static bool library_shape(const struct ir_func *f, int shape[3])
{
	struct lib_shape ls = { { 0 }, 0, false };
	if (f->body)
		ir_walk_stmt_exprs(f->body, lib_shape_of, &ls);
	if (!ls.n || ls.clash)
		return false;
	memcpy(shape, ls.shape, sizeof ls.shape);
	return true;
}

/* Runs F in its block shapes; its barriers are judged (blocksim_barriers.c)
 * when JUDGE. */
static void run_function(struct bs_ctx *c, const struct ir_func *f, bool kernel, int dims, bool judge)
{
	const int (*shapes)[3] = dims >= 3 ? shapes3 : dims == 2 ? shapes2 : shapes1;
	int n = dims >= 3 ? 2 : dims == 2 ? 3 : 1;
	/* the shapes the kernel is launched with, when every launch says */
	const struct kernel_launch *l = kernel ? launch_of(c->u, f) : NULL;
	c->block.launch = l && l->nshapes ? l : NULL;
	int bounded[1][3] = { { f->launch_bounds, 1, 1 } };
	if (c->block.launch) {
		shapes = (const int (*)[3])l->shapes;
		n = l->nshapes;
	} else if (kernel && library_shape(f, bounded[0])) {
		/* no launch known: the shape its cub collectives are written for */
		shapes = (const int (*)[3])bounded;
		n = 1;
	} else if (dims == 1 && f->launch_bounds > 0 && f->launch_bounds <= 1024) {
		/* no launch known: the largest block __launch_bounds__ allows is
		 * the likeliest guess */
		shapes = (const int (*)[3])bounded;
	}
	c->npobjs = 0;
	bs_barriers_begin(c, f, kernel && judge);
	c->stop = (struct blocksim_stop){ f, { 0 }, NULL };
	for (int i = 0; i < n; i++) {
		c->block.shape = i;
		c->worlds.most = 0;
		/* one run per world the runs of this shape ask for (struct
		 * bs_worlds), at most 2^BS_WORLD_BITS */
		for (uint32_t w = 0; w < (1u << c->worlds.most); w++) {
			c->worlds.w = w;
			c->worlds.n = 0;
			run_shape(c, f, kernel, shapes[i]);
			/* a run that stopped (too many such branches, the step
			 * budget) leaves the function partly analysed whatever the
			 * other worlds show: they are not worth their time */
			if (c->stop.why)
				break;
		}
	}
	c->worlds.n = 0;
	bs_settle_function(c);
	bs_barriers_end(c);
	c->block.launch = NULL;
	if (c->stop.why) {
		CL_VEC_GROW(c->stops, c->nstops, c->capstops);
		c->stops[c->nstops++] = c->stop;
	}
}

/* Whether F, run as the root, reaches memory the file does not declare
 * through a parameter (blocksim_mem.c): its runs are for that memory's
 * races alone, not for its barriers. */
static bool reaches_memory(struct bs_ctx *c, const struct ir_func *f, bool kernel)
{
	for (int i = 0; i < f->nparams; i++) {
		bool ref;
		struct bs_rv v = bs_param_value(c, kernel, f->params[i], &ref);
		if (v.k == BS_RV_PTR) {
			c->npobjs = 0;
			return true;
		}
	}
	c->npobjs = 0;
	return false;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp((*(const struct ir_func *const *)a)->name, (*(const struct ir_func *const *)b)->name);
}

static void index_names(struct bs_ctx *c)
{
	c->named = xcalloc((size_t)c->u->nfuncs + 1, sizeof *c->named);
	for (int i = 0; i < c->u->nfuncs; i++) {
		const struct ir_func *f = c->u->funcs[i];
		if (f->body && f->name && (f->is_device || f->is_global))
			c->named[c->nnamed++] = f;
	}
	qsort(c->named, (size_t)c->nnamed, sizeof *c->named, cmp_name);
}

const struct ir_func *bs_named(const struct bs_ctx *c, const char *name)
{
	if (!name || !*name || !c->nnamed)
		return NULL;
	int lo = 0, hi = c->nnamed;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (strcmp(c->named[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	const struct ir_func *only = NULL, *tmpl = NULL;
	int n = 0, ntmpl = 0;
	for (int i = lo; i < c->nnamed && !strcmp(c->named[i]->name, name); i++) {
		only = c->named[i];
		n++;
		if (only->is_template) {
			tmpl = only;
			ntmpl++;
		}
	}
	return ntmpl == 1 ? tmpl : n == 1 ? only : NULL;
}

/* ---- the functions in focus ---------------------------------------------- */

/* When the report keeps the findings of one file only (blocksim_new's
 * IN_FOCUS): every race, barrier fact, exit and stop the runs of a
 * function find lies in its own code or in the code of the functions it
 * calls, as the run follows calls (bs_callee). A function none of whose
 * code, nor its callees', is written in a file in focus can add nothing
 * the report keeps, and is not run. A location is the expansion's, so a
 * function counts by every statement and expression in it, not only by
 * where it starts: a body may #include the code it runs. */
struct focus {
	const struct bs_ctx *c;
	int (*in_focus)(const char *file, void *arg);
	void *arg;
	struct cl_htab *verdict;  /* file name (the IR's pointer) -> 1 in focus, 2 not */
	const char *last; bool last_in;
	int fn;                   /* the function walked */
	uint8_t *reach;           /* per function: its code or a callee's lies in focus */
	int *edges; int nedges, capedges; /* (caller, callee) pairs */
};

static bool file_in_focus(struct focus *fo, const char *file)
{
	if (!file)
		return false;
	if (file == fo->last)
		return fo->last_in;
	void **slot = cl_htab_put(fo->verdict, CL_HTAB_PTRKEY(file));
	if (!*slot)
		*slot = (void *)(intptr_t)(fo->in_focus(file, fo->arg) ? 1 : 2);
	fo->last = file;
	fo->last_in = (intptr_t)*slot == 1;
	return fo->last_in;
}

static int focus_expr(const struct ir_expr *e, void *arg)
{
	struct focus *fo = arg;
	if (file_in_focus(fo, e->loc.file))
		fo->reach[fo->fn] = 1;
	const struct ir_func *t = e->kind == EK_CALL ? bs_callee(fo->c, e) : NULL;
	if (t) {
		CL_VEC_GROW(fo->edges, fo->nedges + 1, fo->capedges);
		fo->edges[fo->nedges++] = fo->fn;
		fo->edges[fo->nedges++] = t->id;
	}
	return 0;
}

static int focus_stmt(const struct ir_stmt *st, void *arg)
{
	struct focus *fo = arg;
	if (file_in_focus(fo, st->loc.file))
		fo->reach[fo->fn] = 1;
	return 0;
}

/* Per function of C's unit, 1 when it is to be run: all of them without
 * IN_FOCUS (NULL then). Malloc'd. */
static uint8_t *focus_of(const struct bs_ctx *c, int (*in_focus)(const char *, void *), void *arg)
{
	if (!in_focus)
		return NULL;
	const struct ir_unit *u = c->u;
	struct focus fo = { c, in_focus, arg, cl_htab_new(), NULL, false, 0, xcalloc((size_t)u->nfuncs + 1, 1), NULL, 0, 0 };
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		if (!f->body || !(f->is_device || f->is_global))
			continue;
		fo.fn = i;
		fo.reach[i] = file_in_focus(&fo, f->loc.file);
		ir_walk_stmts(f->body, focus_stmt, &fo);
		ir_walk_stmt_exprs(f->body, focus_expr, &fo);
	}
	/* callers of what reaches focus reach it: to a fixed point, for
	 * recursion and calls in any order */
	for (bool changed = true; changed;) {
		changed = false;
		for (int k = 0; k < fo.nedges; k += 2)
			if (!fo.reach[fo.edges[k]] && fo.reach[fo.edges[k + 1]])
				fo.reach[fo.edges[k]] = changed = true;
	}
	free(fo.edges);
	cl_htab_free(fo.verdict);
	return fo.reach;
}

struct blocksim_facts {
	struct blocksim_race *races; int nraces;       /* chosen, in source order */
	struct blocksim_barrier_fact *bars; int nbars; /* in source order */
	struct blocksim_stop *stops; int nstops;  /* in the order the functions ran */
	struct blocksim_exit_fact *exits; int nexits;
};

struct blocksim {
	const struct ir_unit *u;
	const struct memorder *mo;
	int (*in_focus)(const char *file, void *arg); /* NULL: run every function */
	void *focus_arg;
	struct blocksim_facts *facts;   /* NULL until the first query */
};

static struct blocksim_facts *run_unit(const struct blocksim *b,
                                       void (*observe)(const struct bs_log *, const struct bs_block *, void *), void *arg)
{
	const struct ir_unit *u = b->u;
	const struct memorder *m = b->mo;
	struct blocksim_facts *out = xcalloc(1, sizeof *out);
	if (!u || !m)
		return out;
	struct bs_ctx c = { .u = u, .mo = m, .ms = m->ms, .log = bs_log_new(), .site_index = cl_htab_new(),
	                    .races.index = cl_htab_new(), .observe = observe, .observe_arg = arg };
	bs_caches_init(&c.cache);
	index_names(&c);
	for (int i = 0; i < u->nglobals && !c.dynamic; i++)
		if (u->globals[i]->space == SPACE_SHARED && u->globals[i]->is_array && u->globals[i]->type &&
		    strstr(u->globals[i]->type, "[]"))
			c.dynamic = u->globals[i];
	struct reach rc = { u, m->ms, xcalloc((size_t)u->nfuncs + 1, 1), xcalloc((size_t)u->nfuncs + 1, 1),
	                    xcalloc((size_t)u->nfuncs + 1, 1) };
	uint8_t *in_focus = focus_of(&c, b->in_focus, b->focus_arg);
	/* kernels, with what they call; then the device functions no kernel
	 * here calls, on their own */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < u->nfuncs; i++) {
			const struct ir_func *f = u->funcs[i];
			if (!f->analysed || !f->body || (pass == 0 ? !f->is_global : f->is_global || !f->is_device || rc.called[i]))
				continue;
			visit(&rc, f);
			if (pass == 0)
				ir_walk_stmt_exprs(f->body, mark_called, &rc);
			if (in_focus && !in_focus[i])
				continue;
			c.root_tid = (rc.dims[i] & 0x80) != 0;
			if (rc.shared[i] == 2 || reaches_memory(&c, f, pass == 0))
				run_function(&c, f, pass == 0, rc.dims[i] & 3, rc.shared[i] == 2);
		}
	out->nraces = bs_races_found(&c, &out->races);
	out->nbars = bs_barrier_facts(&c, &out->bars);
	out->nexits = bs_exit_facts(&c, &out->exits);
	bs_exits_free(&c);
	out->stops = c.stops;
	out->nstops = c.nstops;
	free(rc.shared);
	free(rc.dims);
	free(rc.called);
	free(in_focus);
	free(c.named);
	free(c.sites);
	cl_htab_free(c.site_index);
	bs_pairs_free(&c);
	bs_barriers_free(&c);
	bs_frames_free(&c);
	bs_caches_free(&c.cache);
	bs_log_free(c.log);
	return out;
}

static void facts_free(struct blocksim_facts *f)
{
	if (!f)
		return;
	free(f->races);
	free(f->bars);
	free(f->stops);
	free(f->exits);
	free(f);
}

struct blocksim *blocksim_new(const struct ir_unit *u, const struct memorder *m,
                              int (*in_focus)(const char *file, void *arg), void *focus_arg)
{
	struct blocksim *b = xcalloc(1, sizeof *b);
	b->u = u;
	b->mo = m;
	b->in_focus = in_focus;
	b->focus_arg = focus_arg;
	return b;
}

void blocksim_free(struct blocksim *b)
{
	if (!b)
		return;
	facts_free(b->facts);
	free(b);
}

/* The unit's facts, computed by the first query (blocksim_new). The
 * unit holds the pass by pointer, so a rule's const unit still reaches
 * the pass's own, writable, state. */
static const struct blocksim_facts *facts_of(const struct ir_unit *u)
{
	struct blocksim *b = u->blocksim;
	if (b && !b->facts)
		b->facts = run_unit(b, NULL, NULL);
	return b ? b->facts : NULL;
}

void bs_trace(const struct ir_unit *u, void (*fn)(const struct bs_log *l, const struct bs_block *b, void *arg), void *arg)
{
	const struct blocksim *b = u->blocksim;
	if (b)
		facts_free(run_unit(b, fn, arg));
}

void blocksim_races(const struct ir_unit *u, blocksim_race_fn fn, void *arg)
{
	const struct blocksim_facts *f = facts_of(u);
	for (int i = 0; f && i < f->nraces; i++)
		fn(&f->races[i], arg);
}

int blocksim_stops(const struct ir_unit *u, const struct blocksim_stop **out)
{
	const struct blocksim_facts *f = u->blocksim ? u->blocksim->facts : NULL;
	*out = f ? f->stops : NULL;
	return f ? f->nstops : 0;
}

struct blocksim_exit_fact blocksim_exit(const struct ir_unit *u, const struct ir_stmt *ret)
{
	const struct blocksim_facts *f = facts_of(u);
	for (int i = 0; f && i < f->nexits; i++)
		if (f->exits[i].ret == ret)
			return f->exits[i];
	return (struct blocksim_exit_fact){ BLOCKSIM_EXIT_UNJUDGED, ret, NULL, NULL };
}

void blocksim_barriers(const struct ir_unit *u, blocksim_barrier_fact_fn fn, void *arg)
{
	const struct blocksim_facts *f = facts_of(u);
	for (int i = 0; f && i < f->nbars; i++)
		fn(&f->bars[i], arg);
}
