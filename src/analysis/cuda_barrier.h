/* cuda_barrier.h - block-scoped cuda::barrier objects, for CL1001-CL1003
 * and CL1006: which calls arrive at one, and the count init() gave it.
 *
 * A cuda::barrier completes a phase when as many arrivals as its count
 * have come, whichever threads make them: initialised for the whole
 * block it is a __syncthreads() that some threads may miss; initialised
 * for a subset (`init(&bar, 64)` and the threads below 64 arrive) it is
 * correct under a branch. */
#ifndef CUDALINT_CUDA_BARRIER_H
#define CUDALINT_CUDA_BARRIER_H

#include "ir/ir.h"

enum cubar_count {
	CUBAR_UNKNOWN, /* no init() seen, several, or a count cudalint cannot read */
	CUBAR_BLOCK,   /* blockDim.x (times .y, .z), block.size(), block.num_threads() */
	CUBAR_CONST,   /* a constant: value */
	CUBAR_FEWER,   /* fewer than the block: blockDim.x / 2, blockDim.x - 32, block.size() >> 1 */
};

struct cubar_init {
	enum cubar_count kind;
	int64_t value;             /* CUBAR_CONST */
	const struct ir_expr *call; /* the init() call, when one was found */
};

/* The barrier variable CALL arrives at: bar.arrive() or
 * bar.arrive_and_wait() on a block-scoped cuda::barrier (not
 * arrive_and_drop, which leaves the barrier on purpose); NULL otherwise. */
const struct ir_var *cubar_arrival(const struct ir_expr *call);
/* The count of the unit's one init(&bar, count). */
struct cubar_init cubar_init_of(const struct ir_unit *u, const struct ir_var *bar);
/* How many threads of the block the condition COND lets through:
 * `threadIdx.x < 64` and `block.thread_rank() < 64` are 64; -1 when
 * cudalint cannot tell. */
int64_t cubar_guard_size(const struct ir_expr *cond);
/* Whether the barrier INNER, reached at SITE (the call itself, or a call
 * of a helper that reaches it) where the uniformity pass found that
 * some threads skip it, loses arrivals its phase waits for: always for
 * __syncthreads() and the like; for a cuda::barrier, by the count its
 * init() gave it. */
bool cubar_skip_loses_arrivals(const struct ir_unit *u, const struct ir_expr *site, const struct ir_expr *inner);

#endif
