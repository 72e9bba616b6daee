/* analyze.h - every analysis of a unit, in one visible order. Each pass
 * writes its facts into the IR (levels and contexts on expressions,
 * flags on functions, the typed fact pointers of ir_unit and ir_func)
 * and reads only what the passes before it wrote; rules read the facts
 * and compute none. */
#ifndef CUDALINT_ANALYZE_H
#define CUDALINT_ANALYZE_H

#include "analysis/option_table.h"
#include "ir/ir.h"

/* The options of options.def whose SCOPE is ANALYSIS, merged (the
 * command line over the configuration over the default): what the passes
 * and, through cl_ctx.ao, the rules read. */
struct analysis_options {
	/* warp_aligned_blocks: threadIdx.y/.z are warp-uniform only when
	 * blockDim.x is a multiple of 32; warp_sync_note: CL3001's lock-step
	 * races on volatile memory are notes (rules/CL3001.md) */
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_ANALYSIS_##SCOPE(CL_OPTION_IF_SCALAR_##TYPE(int NAME;))
#include "analysis/options.def"
	/* launches: the configuration declares, for kernels launched from
	 * elsewhere (analysis/launch.h) */
	const struct launch_decl *launches;
	int nlaunches;
	/* --dump-launches: a FILE * to print each kernel's launches to (not
	 * an option of the analysis: it changes no finding) */
	void *dump_launches;
	/* A header (or .cu fragment) analysed through an includer: only
	 * findings in it are kept (driver/targets.c), so the block simulation
	 * runs only the functions whose code or callees lie in a file
	 * IN_FOCUS answers 1 for. NULL: every function. Not an option of the
	 * analysis: it changes no finding the report keeps. */
	int (*in_focus)(const char *file, void *arg);
	void *focus_arg;
};

/* O with every option at its default and no launches. */
void analysis_options_init(struct analysis_options *o);

/* Adds every option of O to H (not dump_launches): a result-cache key
 * covers exactly what the analysis was run with. */
struct cl_hash;
void analysis_options_hash(const struct analysis_options *o, struct cl_hash *h);

/* Runs the passes over U (analyze.c has the list). */
void analyze_unit(struct ir_unit *u, const struct analysis_options *o);

/* Frees what analyze_unit attached to U; before ir_unit_free. */
void analyze_free(struct ir_unit *u);

#endif
