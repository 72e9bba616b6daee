/* library.h - device library primitives whose code cudalint does not
 * analyse, and what each does to the block or the warp that calls it.
 *
 * cub's block-level collectives (BlockReduce::Sum, BlockScan::ExclusiveSum,
 * ...) call __syncthreads() inside, so every thread of the block must call
 * them, as it must a barrier; its warp-level ones (WarpReduce::Sum)
 * shuffle with a full-warp mask. Their code sits in the toolkit's headers,
 * which the front end does not lower (frontend/lower.c), so one table says
 * what each does. cooperative_groups and the CUDA builtins
 * (__syncthreads_count, cg::reduce, block.sync()) are in intrinsics.c's
 * tables. */
#ifndef CUDALINT_LIBRARY_H
#define CUDALINT_LIBRARY_H

#include "ir/ir.h"

#include <stdbool.h>

enum lib_sync {
	LIB_LOCAL,       /* synchronises nothing (BlockLoad with BLOCK_LOAD_DIRECT) */
	LIB_WARP,        /* synchronises the whole warp: every lane must call it */
	LIB_BLOCK,       /* calls __syncthreads(): every thread of the block must call it */
	LIB_MAYBE_BLOCK, /* LIB_BLOCK or not, by a template argument cudalint cannot read */
};

struct lib_call {
	const char *cls;     /* "BlockReduce" */
	const char *method;  /* "Sum" */
	enum lib_sync sync;
	/* bit i: argument i (after the object) receives per-thread results;
	 * scalars among them only when scalar_outs, else arrays only (a
	 * BlockRadixSort's begin_bit is an input) */
	unsigned outs;
	bool scalar_outs;
};

/* Whether CALL (a method call) is one of the table's primitives; fills
 * OUT when it is. */
bool library_call(const struct ir_expr *call, struct lib_call *out);

/* Whether CALL is a method of a cub block collective whose block shape
 * its template arguments spell as literals (`cub::BlockScan<int, 128>`:
 * 128x1x1); fills SHAPE when it is. */
bool library_block_shape(const struct ir_expr *call, int shape[3]);

#endif
