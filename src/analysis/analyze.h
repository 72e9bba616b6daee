/* analyze.h - every analysis of a unit, in one visible order. Each pass
 * writes its facts into the IR (levels and contexts on expressions,
 * flags on functions, the typed fact pointers of ir_unit and ir_func)
 * and reads only what the passes before it wrote; rules read the facts
 * and compute none. */
#ifndef CUDALINT_ANALYZE_H
#define CUDALINT_ANALYZE_H

#include "ir/ir.h"

struct analysis_options {
	/* threadIdx.y/.z are warp-uniform only when blockDim.x is a multiple
	 * of 32 (--assume-warp-aligned-blocks, on by default). */
	int warp_aligned_blocks;
	/* launches the configuration declares, for kernels launched from
	 * elsewhere (analysis/launch.h) */
	const struct launch_decl *launches;
	int nlaunches;
	/* --dump-launches: a FILE * to print each kernel's launches to */
	void *dump_launches;
};

/* Adds every field of O to H: a result-cache key covers exactly what the
 * analysis was run with. */
struct cl_hash;
void analysis_options_hash(const struct analysis_options *o, struct cl_hash *h);

/* Runs the passes over U (analyze.c has the list). */
void analyze_unit(struct ir_unit *u, const struct analysis_options *o);

/* Frees what analyze_unit attached to U; before ir_unit_free. */
void analyze_free(struct ir_unit *u);

#endif
