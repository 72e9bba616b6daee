/* ir_facts.h - the types of what the analyses write into the IR
 * (src/analysis/analyze.c runs them): the uniformity level of each value,
 * the context of each call and access, and what each call means. They
 * live here, next to ir.h, so that the IR's fields have their real types;
 * the analyses that compute them are in src/analysis/. */
#ifndef CUDALINT_IR_FACTS_H
#define CUDALINT_IR_FACTS_H

struct ir_expr;
struct ir_stmt;

/* How many threads may disagree on a value (analysis/uniformity.h):
 * the same in the grid, in a block, in a warp, or in no two threads. */
enum uni_level { U_GRID, U_BLOCK, U_WARP, U_THREAD };

/* What a call means to the analyses (analysis/intrinsics.h classifies). */
enum intrinsic {
	IN_NONE,
	/* block barriers: every thread of the block must arrive */
	IN_SYNCTHREADS,        /* __syncthreads, __barrier_sync, cg block sync */
	IN_SYNCTHREADS_REDUCE, /* __syncthreads_count/_and/_or: also a barrier; result uniform */
	IN_BLOCK_BARRIER_WAIT, /* cuda::barrier<thread_scope_block>::arrive_and_wait */
	IN_GRID_SYNC,          /* cg::grid_group::sync */
	/* device library primitives (analysis/library.h) */
	IN_LIB_BLOCK,          /* calls __syncthreads() inside: cub::BlockReduce::Sum */
	IN_LIB_MAYBE_BLOCK,    /* may, by a template argument not known: cub::BlockLoad<.., ALG> */
	IN_LIB_WARP,           /* synchronises the whole warp inside: cub::WarpReduce::Sum */
	IN_LIB_LOCAL,          /* synchronises nothing: cub::BlockLoad with BLOCK_LOAD_DIRECT */
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
	/* asynchronous copies into shared memory (CL3002) */
	IN_ASYNC_COPY,         /* cuda::memcpy_async, cg::memcpy_async, __pipeline_memcpy_async */
	IN_ASYNC_WAIT,         /* cg::wait / wait_prior, __pipeline_wait_prior, pipeline consumer_wait,
	                        * cuda::pipeline_consumer_wait_prior, barrier wait(token) */
	IN_ASYNC_COMMIT,       /* __pipeline_commit, pipeline producer_acquire / producer_commit:
	                        * neither completes a copy nor is an opaque call */
};

/* Why a region runs with only some of the threads. */
enum cause_kind {
	CAUSE_BRANCH,     /* if / else */
	CAUSE_SWITCH,
	CAUSE_SELECT,     /* ?: */
	CAUSE_LOGICAL,    /* right operand of && or || */
	CAUSE_LOOP_COND,  /* loop whose condition differs between threads */
	CAUSE_LOOP_BREAK, /* loop left by a break under a divergent condition */
	CAUSE_RETURN,
	CAUSE_CONTINUE,
	CAUSE_GOTO,
};

struct ir_cause {
	enum cause_kind kind;
	enum uni_level level;        /* of the deciding condition */
	const struct ir_expr *cond;  /* the deciding condition (may be NULL) */
	const struct ir_stmt *stmt;  /* the branch or loop, or the exit statement */
	const struct ir_cause *via;  /* exits and breaks: the branch they were taken under */
};

/* Analysis context of a call or memory access, joined over every time the
 * analysis reached it. */
struct ir_ctx {
	enum uni_level ctrl;                /* join of enclosing condition levels */
	const struct ir_cause *grid_cause;  /* innermost enclosing cause above U_GRID */
	const struct ir_cause *block_cause; /* innermost enclosing cause above U_BLOCK */
	const struct ir_cause *warp_cause;  /* innermost enclosing cause above U_WARP */
	enum uni_level exit;                /* join of the levels of exits taken before */
	const struct ir_cause *exit_cause;  /* the worst such exit */
	unsigned after_barrier : 1;         /* a block barrier is on every path since entry */
};

#endif
