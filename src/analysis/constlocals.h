/* constlocals.h - the locals of a function assigned once, and their
 * initialisers: `const int tile = 32; threadIdx.x / tile` folds to a
 * division by 32. A local assigned more than once (a loop counter), or
 * whose address or reference is taken, has no one value. Built before the
 * uniformity pass, which folds constants through it; needs no analysis. */
#ifndef CUDALINT_CONSTLOCALS_H
#define CUDALINT_CONSTLOCALS_H

#include "ir/ir.h"

struct kernel_launch;

/* Per-function facts. */
struct locals {
	const struct ir_func *fn;
	/* a kernel's launches (analysis/launch.h): blockDim and gridDim where
	 * every launch agrees, threadIdx.y in a block one thread high, and
	 * the parameters every launch passes the same constant fold too */
	const struct kernel_launch *launch;
	uint8_t *assigned;            /* times each variable is assigned (capped) */
	struct ir_expr **init;        /* single initialiser, or NULL */
};

void locals_init(struct locals *c, const struct ir_func *fn);
void locals_free(struct locals *c);
/* ir_const_value, with the locals declared with a constant and never
 * written again folded too. */
bool locals_const_value(const struct locals *c, const struct ir_expr *e, int64_t *out);
/* The initialiser of E when E names a local assigned once (its
 * declaration); NULL otherwise, or when C is NULL. */
struct ir_expr *locals_init_once(const struct locals *c, const struct ir_expr *e);

#endif
