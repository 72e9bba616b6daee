/* blocksim.h - shared-memory races found by running a block of threads over
 * the IR (the facts CL3001 reports), and what each block barrier orders
 * (CL4001, CL4002).
 *
 * Each kernel is run, thread by thread, for a few block shapes: an
 * abstract interpreter computes every integer and pointer it can
 * (threadIdx, blockDim, loop counters, kernel parameters taken as one
 * large block-uniform value, template parameters as blockDim.x) and
 * leaves everything read from memory unknown. Calls of device functions
 * are run with the actual arguments, so shared memory passed as a pointer
 * parameter, reached through `&tile[ty][0]`, `smem + off`, a struct member
 * or an accessor is the same object at the same byte offset. Every access
 * to __shared__ memory is logged with its thread, its barrier interval
 * (the number of block barriers the thread has passed), its warp epoch
 * (the __syncwarp()s it has passed) and the unknown conditions it ran
 * under. Two accesses race when they touch the same bytes of one object in
 * one interval from different threads, one of them a write, not both
 * atomic, unless a __syncwarp() of their common warp, a flag hand-off (a
 * store to a polled flag before, a poll of it after) or a benign write (the
 * same value) separates them. Anything the interpreter cannot follow (a
 * goto, a barrier under an unknown condition, a budget spent) stops that
 * thread's log: what is not logged is never reported. */
#ifndef CUDALINT_BLOCKSIM_H
#define CUDALINT_BLOCKSIM_H

#include "analysis/memorder.h"
#include "ir/ir.h"

enum blocksim_race_kind {
	BLOCKSIM_RACE_RAW,      /* a read that can see the value from before another thread's write */
	BLOCKSIM_RACE_WAR,      /* a write that can land before another thread's read of the old value */
	BLOCKSIM_RACE_WAW,      /* two threads writing different values */
	BLOCKSIM_RACE_ATOMIC,   /* a plain access against another thread's atomic on the same bytes */
};

/* Which memory two accesses race on (rules/CL3001.md): a __shared__
 * object, or memory the file does not declare, reached through a pointer
 * or reference parameter of the function run: a kernel's pointer
 * parameter (global memory), cub's TempStorage (shared memory by its
 * use), or anything else (the memory of parameter `via`). */
enum blocksim_memory {
	BLOCKSIM_MEM_SHARED,    /* a __shared__ variable of the file */
	BLOCKSIM_MEM_GLOBAL,    /* global memory through kernel parameter `via` */
	BLOCKSIM_MEM_STORAGE,   /* shared memory through parameter `via` (a TempStorage) */
	BLOCKSIM_MEM_THROUGH,   /* memory of unknown space reached through parameter `via` */
};

struct blocksim_race {
	enum blocksim_race_kind kind;
	const struct ir_expr *at;     /* the access reported: the read, or the (later) write */
	const struct ir_func *at_fn;  /* the function it is written in */
	const struct ir_expr *other;  /* the other access */
	bool at_writes;               /* BLOCKSIM_RACE_ATOMIC: the plain access is a write */
	bool same_warp;               /* every pair seen was two lanes of one warp */
	bool loop_carried;            /* BLOCKSIM_RACE_WAR: the write is in a later iteration of a loop than the
	                               * read */
	struct ir_loc loop;           /* loop_carried: the loop (maybe in a caller of at_fn) */
	bool later_call;              /* BLOCKSIM_RACE_WAR, not loop_carried: the write is written before the read
	                               * in one function and comes after it in a later call of that
	                               * function (two call sites) */
	enum blocksim_memory mem;
	const struct ir_var *via;     /* not BLOCKSIM_MEM_SHARED: the parameter the memory is reached through */
	/* the launch whose block shape shows it, when the kernel was run in
	 * its launches' shapes (line 0 otherwise) */
	struct ir_loc launch;
	/* every thread that ran either access, in each block shape where they
	 * raced, was in one warp: code only one warp runs (`if (tid < 32)`),
	 * which is how warp-synchronous code is written (CL3001) */
	bool one_warp;
	/* the write is an asynchronous copy's (cp.async, __pipeline_memcpy_async,
	 * cuda::memcpy_async): it lands at some point before its wait */
	bool async_copy;
	/* BLOCKSIM_RACE_WAW with an async_copy: the copy was issued before a
	 * barrier the other write is after, and its wait comes after that
	 * write */
	bool in_flight;
};

/* The races of u's device code, at most one per access reported and per
 * write, in source order. */
typedef void (*blocksim_race_fn)(const struct blocksim_race *r, void *arg);
void blocksim_races(const struct ir_unit *u, blocksim_race_fn fn, void *arg);

/* What a block barrier orders, judged from the same runs (CL4001,
 * CL4002). Only a plain `__syncthreads()` or `block.sync()` statement of
 * a kernel's own body, outside every branch, is judged, and only when
 * every thread of every block shape ran the kernel to its end, passing
 * the same barriers in step, with no access of memory the run cannot
 * place (a pointer of unknown target, a call it could not follow, inline
 * assembly, an atomic outside __shared__ memory) in the intervals around
 * it, and only when no value the runs picked for the launch (a kernel's
 * integer argument, blockIdx, gridDim, a template argument, a 1-D block's
 * size) decides a branch that skips memory accesses, a loop of barriers'
 * trip count, or a __shared__ address. Loops run at most a few times:
 * a barrier in a longer loop is judged from those iterations. Barriers
 * that stay are not listed; of two that could each go but not both (two
 * in a row), the later one is listed. */
enum blocksim_barrier_need {
	BLOCKSIM_ORDERS_NOTHING,  /* no access of one thread before it conflicts with one of
	                          * another thread after it, global memory included */
	BLOCKSIM_WARP_ONLY,       /* every such pair is two lanes of one warp, in every block
	                          * shape, and only __shared__ memory is involved */
};

struct blocksim_barrier_fact {
	enum blocksim_barrier_need need;
	const struct ir_expr *call;   /* the barrier */
	const struct ir_func *fn;     /* the kernel it is written in */
	/* BLOCKSIM_WARP_ONLY: one pair it orders (the access before, the one after) */
	const struct ir_expr *before, *after;
	bool before_writes;
};

/* The barriers of u's kernels that order nothing or only lanes of one
 * warp, in source order. */
typedef void (*blocksim_barrier_fact_fn)(const struct blocksim_barrier_fact *b, void *arg);
void blocksim_barriers(const struct ir_unit *u, blocksim_barrier_fact_fn fn, void *arg);

/* An early `return` from a kernel's own body that only some threads take,
 * before a block barrier (CL1003), judged from the same runs
 * (blocksim_exit.c): whether a thread that stays reads, after a barrier,
 * __shared__ memory that only threads that may have left would have
 * written after the exit. */
enum blocksim_exit_verdict {
	BLOCKSIM_EXIT_UNJUDGED,  /* not run, or not followed exactly: nothing is known */
	BLOCKSIM_EXIT_HARMLESS,  /* every such read sees a value some thread surely wrote */
	BLOCKSIM_EXIT_STALE,     /* a read of words only leavers write after the exit */
};

struct blocksim_exit_fact {
	enum blocksim_exit_verdict verdict;
	const struct ir_stmt *ret;    /* the return statement (an ir_cause's stmt) */
	/* BLOCKSIM_EXIT_STALE: a write the leavers skip, and a read after the barrier
	 * that misses it */
	const struct ir_expr *write, *read;
};

/* The fact about RET; BLOCKSIM_EXIT_UNJUDGED when the runs did not judge it. */
struct blocksim_exit_fact blocksim_exit(const struct ir_unit *u, const struct ir_stmt *ret);

/* A function whose block simulation could not follow some thread to its
 * end: the first point where that happened (in it or in a callee), and
 * why, as a phrase ("a goto"). What that thread would have done after it
 * is not logged, so races and barrier facts there are not known. */
struct blocksim_stop {
	const struct ir_func *fn;
	struct ir_loc at;             /* file NULL: the function's start */
	const char *why;              /* static */
};

/* The stops of the simulation run on u so far: none when no rule asked
 * for it (it runs on the first request). */
int blocksim_stops(const struct ir_unit *u, const struct blocksim_stop **out);

/* The pass (analyze.c): the simulation of U, declared after the memory
 * order pass M and run on the first request of a query above, so that a
 * run whose rules need none of it (`--select CL1001`) does not pay for
 * it. IN_FOCUS, when not NULL, limits the runs to the functions that
 * reach code in a file it answers 1 for (analysis_options.in_focus). U
 * must outlive it; blocksim_free frees it and what it found. */
struct blocksim;
struct blocksim *blocksim_new(const struct ir_unit *u, const struct memorder *m,
                              int (*in_focus)(const char *file, void *arg), void *focus_arg);
void blocksim_free(struct blocksim *b);

#endif
