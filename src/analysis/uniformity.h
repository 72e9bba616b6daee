/* uniformity.h - which values and which program points differ between
 * the threads that run them.
 *
 * The lattice is a chain, ordered by how many threads may disagree:
 *
 *     U_GRID  <  U_BLOCK  <  U_WARP  <  U_THREAD
 *
 * U_GRID: the same in every thread of the grid (constants, kernel
 * parameters, blockDim). U_BLOCK: the same within a block (blockIdx, a
 * __shared__ value read after a barrier). U_WARP: the same within a warp
 * (threadIdx.x / 32, __ballot_sync). U_THREAD: may differ between any two
 * threads. Join is max. A block barrier is safe where control depends
 * only on values at U_BLOCK or below; a full-mask warp collective where
 * it depends only on U_WARP or below; grid.sync() on U_GRID.
 *
 * The analysis is abstract interpretation over the structured IR: states
 * map variables to levels and are joined where control flow merges;
 * loops iterate to a fixed point; exits taken under divergent conditions
 * leave the rest of their region running with part of the threads. */
#ifndef CUDALINT_UNIFORMITY_H
#define CUDALINT_UNIFORMITY_H

#include "analysis/analyze.h"
#include "ir/ir.h"


static inline enum uni_level uni_join(enum uni_level a, enum uni_level b)
{
	return a > b ? a : b;
}

const char *uni_level_name(enum uni_level l);


/* Runs the analysis over every device function of u, annotating
 * expr->level and expr->ctx. Functions are analysed with parameter
 * levels joined from their call sites (callers first); a function no one
 * in the file calls is analysed with uniform parameters. */
void uniformity_run(struct ir_unit *u, const struct analysis_options *o);

/* Whether a call (a barrier intrinsic, or a call of a function that
 * reaches one) is a block barrier site; *inner gets the barrier itself. */
int uni_reaches_block_barrier(const struct ir_expr *call, const struct ir_expr **inner);
/* The same for a grid barrier (cooperative groups grid.sync()). */
int uni_reaches_grid_barrier(const struct ir_expr *call, const struct ir_expr **inner);

#endif
