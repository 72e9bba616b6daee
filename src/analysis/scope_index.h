/* scope_index.h - what an index says about which blocks reach an element
 * (CL2006). */
#ifndef CUDALINT_SCOPE_INDEX_H
#define CUDALINT_SCOPE_INDEX_H

#include "ir/ir.h"

/* Whether index e of function fn is the global thread index divided by d
 * (`(offset + blockIdx.x * blockDim.x + threadIdx.x) / k`, through locals
 * assigned once): consecutive threads share an element, so the last
 * threads of a block and the first of the next share one, unless d
 * divides the block size. False when d is a constant that divides the
 * x extent every launch agrees on. *div gets the divisor. */
bool scope_index_neighbours_share(const struct ir_func *fn, const struct ir_expr *e, const struct ir_expr **div);

#endif
