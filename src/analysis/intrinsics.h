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

/* Classifies e (an EK_CALL) and caches the answer in e->u.call->intrinsic. */
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

/* Asynchronous copies (IN_ASYNC_COPY). What inline-asm text TEXT does
 * with them: its first cp.async.{ca,cg}.shared*.global copy (operands
 * [%dst], [%src], and its size: an immediate or operand size_operand),
 * whether it commits a group, and its first wait (cp.async.wait_all, or
 * cp.async.wait_group wait_n). Operand numbers are -1 when written
 * otherwise. */
struct intrinsic_asm_async {
	int copy, commit, wait, wait_all;
	int dst, src, size, size_operand, wait_n;
};
void intrinsic_asm_async(const char *text, struct intrinsic_asm_async *out);
/* Whether copy CALL is made by a whole group (its first argument a
 * cooperative group: cg::memcpy_async(block, ...), cuda::memcpy_async(
 * group, ...)), which does not say which thread copies which bytes. */
bool intrinsic_async_collective(const struct ir_expr *call);
/* The index of copy CALL's destination argument (-1: none), and of its
 * source and byte count (*SRC, *SIZE: -1 when not there): (dst, src, n,
 * ...), (group, dst, src, n, ...), cg's (group, dst, dst_size, src,
 * src_size); a cp.async's first operand is its destination. */
int intrinsic_async_args(const struct ir_expr *call, int *src, int *size);

/* Spelling for messages: "__syncthreads()", "block.sync()",
 * "BlockReduce::Sum". */
const char *intrinsic_display(const struct ir_expr *e, char *buf, unsigned len);

#endif
