/* intrinsics.h - what a call means to the analyses.
 *
 * CUDA's synchronisation vocabulary is a set of names: builtins such as
 * __syncthreads (a clang builtin with no attribute: docs/design/frontend.md,
 * "What libclang shows"), CUDA
 * runtime functions, and methods of cooperative_groups and libcu++
 * classes. One table classifies them, from the callee's name, qualified
 * name and receiver type as the front end recorded them. */
#ifndef CUDALINT_INTRINSICS_H
#define CUDALINT_INTRINSICS_H

#include "ir/ir.h"


enum mem_scope { SCOPE_NONE, SCOPE_WARP, SCOPE_BLOCK, SCOPE_DEVICE, SCOPE_SYSTEM };

/* Classifies e (an EK_CALL) and caches the answer in e->u.call.intrinsic. */
enum intrinsic intrinsic_of(const struct ir_expr *e);
void intrinsics_classify_unit(struct ir_unit *u);

/* Scope of a fence or atomic; SCOPE_NONE when unknown. */
enum mem_scope intrinsic_scope(const struct ir_expr *e);
/* Memory order of an atomic or fence call, from its memory_order argument. */
enum mem_order { ORDER_UNKNOWN, ORDER_RELAXED, ORDER_ACQUIRE, ORDER_RELEASE, ORDER_ACQ_REL, ORDER_SEQ_CST };
enum mem_order intrinsic_order(const struct ir_expr *e);

static inline int intrinsic_is_block_barrier(enum intrinsic k)
{
	return k == IN_SYNCTHREADS || k == IN_SYNCTHREADS_REDUCE || k == IN_BLOCK_BARRIER_WAIT || k == IN_LIB_BLOCK;
}

static inline int intrinsic_is_library(enum intrinsic k)
{
	return k == IN_LIB_BLOCK || k == IN_LIB_MAYBE_BLOCK || k == IN_LIB_WARP || k == IN_LIB_LOCAL;
}

/* Whether inline-asm text TEXT holds a block barrier (bar.sync,
 * barrier.sync): the uniformity pass and the poll scan both read it. */
bool intrinsic_asm_is_barrier(const char *text);

/* Whether type spelling T is a block-scoped cuda::barrier (the default
 * scope is the block's), not a pipeline. */
bool intrinsic_block_scoped_barrier(const char *t);

/* Spelling for messages: "__syncthreads()", "block.sync()",
 * "BlockReduce::Sum". */
const char *intrinsic_display(const struct ir_expr *e, char *buf, unsigned len);

#endif
