/* intrinsics.h - what a call means to the analyses.
 *
 * CUDA's synchronisation vocabulary is a set of names: builtins such as
 * __syncthreads (a clang builtin with no attribute, NOTES.md), CUDA
 * runtime functions, and methods of cooperative_groups and libcu++
 * classes. One table classifies them, from the callee's name, qualified
 * name and receiver type as the front end recorded them. */
#ifndef CUDALINT_INTRINSICS_H
#define CUDALINT_INTRINSICS_H

#include "ir/ir.h"

enum intrinsic {
	IN_NONE,
	/* block barriers: every thread of the block must arrive */
	IN_SYNCTHREADS,        /* __syncthreads, __barrier_sync, cg block sync */
	IN_SYNCTHREADS_REDUCE, /* __syncthreads_count/_and/_or: also a barrier; result uniform */
	IN_BLOCK_BARRIER_WAIT, /* cuda::barrier<thread_scope_block>::arrive_and_wait */
	IN_GRID_SYNC,          /* cg::grid_group::sync */
	/* fences */
	IN_FENCE,              /* __threadfence*, cuda::atomic_thread_fence: see intrinsic_scope */
	/* atomics */
	IN_ATOMIC_RMW,         /* atomicAdd ... atomicCAS, __atomic_*, atomic_ref fetch_* / exchange */
	IN_ATOMIC_LOAD,        /* atomic_ref / atomic load, __atomic_load_n */
	IN_ATOMIC_STORE,       /* atomic_ref / atomic store, __atomic_store_n */
	/* warp collectives */
	IN_SHFL,               /* __shfl_sync (broadcast from a lane) */
	IN_SHFL_REL,           /* __shfl_up/down/xor_sync (relative lane) */
	IN_VOTE,               /* __ballot_sync, __all_sync, __any_sync, __reduce_*_sync, __match_*_sync */
	IN_SYNCWARP,
	IN_TILE_COLLECTIVE,    /* thread_block_tile shfl*, any, all, ballot, sync, cg::reduce */
	IN_ACTIVEMASK,
	/* identities */
	IN_THREAD_RANK,        /* cg thread_rank(), thread_index() */
	IN_WARP_RANK,          /* cg meta_group_rank() */
	IN_GROUP_QUERY,        /* cg size(), num_threads(), group_index(), this_thread_block() ... */
	IN_CLOCK,              /* clock(), clock64(), globaltimer: differ per thread */
	IN_HOST_ALLOC_DEVICE,  /* cudaMalloc, cudaMallocAsync: device memory */
	IN_HOST_ALLOC_MAPPED,  /* cudaHostAlloc, cudaMallocHost, cudaHostGetDevicePointer,
	                        * cudaHostRegister, cudaMallocManaged: host-visible memory */
};

enum mem_scope { SCOPE_NONE, SCOPE_WARP, SCOPE_BLOCK, SCOPE_DEVICE, SCOPE_SYSTEM };

/* Classifies e (an EK_CALL) and caches the answer in e->u.call.intrinsic. */
enum intrinsic intrinsic_of(struct ir_expr *e);
void intrinsics_classify_unit(struct ir_unit *u);

/* Scope of a fence or atomic; SCOPE_NONE when unknown. */
enum mem_scope intrinsic_scope(const struct ir_expr *e);
/* Memory order of an atomic or fence call, from its memory_order argument. */
enum mem_order { ORDER_UNKNOWN, ORDER_RELAXED, ORDER_ACQUIRE, ORDER_RELEASE, ORDER_ACQ_REL, ORDER_SEQ_CST };
enum mem_order intrinsic_order(const struct ir_expr *e);

static inline int intrinsic_is_block_barrier(enum intrinsic k)
{
	return k == IN_SYNCTHREADS || k == IN_SYNCTHREADS_REDUCE || k == IN_BLOCK_BARRIER_WAIT;
}

/* Spelling for messages: "__syncthreads()", "block.sync()". */
const char *intrinsic_display(const struct ir_expr *e, char *buf, unsigned len);

#endif
