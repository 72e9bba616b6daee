/* affine.h - index expressions as affine functions of threadIdx.
 *
 *     index = tx*threadIdx.x + ty*threadIdx.y + tz*threadIdx.z + c + sum(k_i * u_i)
 *
 * where the u_i are block-uniform subexpressions (blockIdx.x, a kernel
 * parameter, a loop counter). Locals assigned once are replaced by their
 * initialiser, so `int t = threadIdx.x; s[t + 1]` is threadIdx.x + 1. A
 * u_i whose variable is assigned more than once (a loop counter) is
 * "moving": its value at two program points may differ, so no equality
 * may be concluded from it. affine_of needs the uniformity analysis'
 * levels; the context (built before it) does not. */
#ifndef CUDALINT_AFFINE_H
#define CUDALINT_AFFINE_H

#include "ir/ir.h"

#define AFFINE_MAX_SYMS 4

struct affine {
	int64_t tid[3];
	int64_t c;
	int nsym;
	struct { const struct ir_expr *e; int64_t k; bool moving; } sym[AFFINE_MAX_SYMS];
};

/* Per-function facts for substitution. */
struct affine_ctx {
	const struct ir_func *fn;
	uint8_t *assigned;            /* times each variable is assigned (capped) */
	struct ir_expr **init;        /* single initialiser, or NULL */
};

void affine_ctx_init(struct affine_ctx *c, const struct ir_func *fn);
void affine_ctx_free(struct affine_ctx *c);
/* ir_const_value, with the locals declared with a constant and never
 * written again folded too; needs no analysis, so the uniformity
 * analysis uses it as well. */
bool affine_const_value(const struct affine_ctx *c, const struct ir_expr *e, int64_t *out);

/* false when e is not affine in threadIdx over uniform terms. */
bool affine_of(const struct affine_ctx *c, const struct ir_expr *e, struct affine *out);
bool affine_has_tid(const struct affine *a);

/* How two indices relate, for two different threads. */
enum affine_rel {
	AFF_EQUAL,    /* the same function: each thread its own element */
	AFF_DISJOINT, /* constants that differ: never the same element */
	AFF_CONFLICT, /* some other thread's element: a written thread-varying
	               * index against another thread-varying one, or against
	               * a uniform one */
	AFF_UNKNOWN,
};
enum affine_rel affine_relate(const struct affine *write, const struct affine *read);

#endif
