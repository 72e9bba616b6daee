/* ordering.h - what the memory-ordering rules share beyond the scans
 * (analysis/memorder_scan.h): the fences their messages suggest. */
#ifndef CUDALINT_ORDERING_H
#define CUDALINT_ORDERING_H

#include "analysis/memorder_scan.h"
#include "check.h"

/* The fence to suggest, with its backticks: block scope for a BLOCK
 * extent, device scope otherwise, and for UNKNOWN a word on when block
 * scope would do. */
const char *order_fence_advice(enum ir_space flag_space, enum mo_extent x);

/* The fence a fix inserts: `__threadfence_block()` where the advice is
 * block scope, else `__threadfence()` (no backticks). */
const char *order_fence_call(enum ir_space flag_space, enum mo_extent x);

#endif
