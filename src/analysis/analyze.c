/* analyze.c - the pass list (analyze.h). As qbe's func(): one pass after
 * the other, the order being the dependences between them. */
#include "analysis/analyze.h"
#include "analysis/blocksim.h"
#include "analysis/constlocals.h"
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "analysis/launch.h"
#include "analysis/memorder.h"
#include "analysis/memspace.h"
#include "analysis/uniformity.h"
#include "util/hash.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

void analyze_unit(struct ir_unit *u, const struct analysis_options *o)
{
	/* which calls are barriers, fences, atomics, warp collectives */
	intrinsics_classify_unit(u);
	/* which functions reach a block barrier, directly or through calls */
	callgraph_compute_barriers(u);
	/* which memory object each pointer and reference designates */
	u->memspace = memspace_new(u);
	/* the locals assigned once, and their values: the constants the
	 * uniformity pass folds, and those the launches are computed from */
	for (int i = 0; i < u->nfuncs; i++) {
		struct ir_func *f = u->funcs[i];
		if (f->body) {
			f->locals = xcalloc(1, sizeof *f->locals);
			locals_init(f->locals, f);
		}
	}
	/* how each kernel is launched: the host code's launches, the
	 * kernels' attributes and the configuration's declared launches;
	 * device code folds what they agree on */
	u->launch = launch_collect(u, o->launches, o->nlaunches);
	if (o->dump_launches)
		launch_dump(u, o->dump_launches);
	for (int i = 0; i < u->nfuncs; i++)
		if (u->funcs[i]->locals && (u->funcs[i]->is_global || u->funcs[i]->is_device))
			u->funcs[i]->locals->launch = launch_of(u, u->funcs[i]);
	/* the level of every value and condition (marks analysed functions) */
	uniformity_run(u, o);
	/* polls, deciding atomics and the accesses in program order, of the
	 * functions the uniformity pass analysed */
	u->memorder = mo_new(u, u->memspace);
	/* last, the block simulation: every thread of a few block shapes run
	 * over the kernels, the races of __shared__ memory and what each
	 * barrier orders. Declared here, run on the first rule's request
	 * (blocksim.h): a run whose rules need none of it does not pay */
	u->blocksim = blocksim_new(u, u->memorder, o->in_focus, o->focus_arg);
}

void analysis_options_init(struct analysis_options *o)
{
	memset(o, 0, sizeof *o);
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_ANALYSIS_##SCOPE(CL_OPTION_IF_SCALAR_##TYPE(o->NAME = DEFAULT;))
#include "analysis/options.def"
}

/* The launches: each one's kernel, shape, and where it was declared (a
 * finding's note names it). */
static void hash_launches(const struct analysis_options *o, struct cl_hash *h)
{
	for (int i = 0; i < o->nlaunches; i++) {
		const struct launch_decl *d = &o->launches[i];
		cl_hash_str(h, d->kernel);
		cl_hash_add(h, d->block, sizeof d->block);
		cl_hash_add(h, d->grid, sizeof d->grid);
		cl_hash_str(h, d->file ? d->file : "");
		cl_hash_add(h, &d->line, sizeof d->line);
	}
}

/* A scalar option: its key, then its value. */
static void hash_value(struct cl_hash *h, int k, int v)
{
	cl_hash_str(h, cl_options[k].key);
	cl_hash_add(h, &v, sizeof v);
}

void analysis_options_hash(const struct analysis_options *o, struct cl_hash *h)
{
	cl_hash_str(h, "analysis options 2"); /* 2: every option of options.def */
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_ANALYSIS_##SCOPE(CL_OPTION_IF_SCALAR_##TYPE(hash_value(h, CL_OPT_##NAME, o->NAME);) \
	                              CL_OPTION_IF_LAUNCHES_##TYPE(hash_launches(o, h);))
#include "analysis/options.def"
}

void analyze_free(struct ir_unit *u)
{
	if (!u)
		return;
	for (int i = 0; i < u->nfuncs; i++) {
		struct ir_func *f = u->funcs[i];
		if (f->locals) {
			locals_free(f->locals);
			free(f->locals);
			f->locals = NULL;
		}
	}
	blocksim_free(u->blocksim);
	mo_free(u->memorder);
	memspace_free(u->memspace);
	launch_free(u->launch);
	u->launch = NULL;
	u->blocksim = NULL;
	u->memorder = NULL;
	u->memspace = NULL;
}
