/* callgraph.h - calls between the functions defined in one file. */
#ifndef CUDALINT_CALLGRAPH_H
#define CUDALINT_CALLGRAPH_H

#include "ir/ir.h"

/* Sets ir_func.reaches_barrier: the first block barrier a function
 * executes directly, or the first call through which it reaches one.
 * Needs intrinsics classified first. */
void callgraph_compute_barriers(struct ir_unit *u);

/* The first function of the unit that call C may run and that reaches a
 * block barrier, or NULL. A dependent call in a template may run any of
 * its candidates, so it may reach a barrier when one of them does. */
const struct ir_func *callgraph_barrier_callee(const struct ir_call *c);
/* The same for a grid barrier (GRID set) or a block one. */
const struct ir_func *callgraph_reaching_callee(const struct ir_call *c, int grid);

/* All functions, callers before callees where the graph allows (cycles
 * are cut arbitrarily). malloc'd. */
struct ir_func **callgraph_order(struct ir_unit *u, int *n);

#endif
