/* barrier_sites.h - what CL1001-CL1003 share: the barrier sites of a file
 * and how to describe one. A site is a block barrier call, or a call of a
 * function defined in the file that reaches one. */
#ifndef CUDALINT_BARRIER_SITES_H
#define CUDALINT_BARRIER_SITES_H

#include "analysis/uniformity.h"
#include "check.h"

typedef void (*barrier_site_fn)(struct cl_ctx *cx, const struct ir_expr *site, const struct ir_expr *barrier);

void barrier_site_each(struct cl_ctx *cx, const struct ir_unit *u, barrier_site_fn fn);
/* The same for grid barriers (CL1005). */
void barrier_site_each_grid(struct cl_ctx *cx, const struct ir_unit *u, barrier_site_fn fn);

/* "`__syncthreads()`" or "the call to `tile_load()`, which reaches
 * `__syncthreads()`," into buf. */
const char *barrier_site_subject(const struct ir_expr *site, const struct ir_expr *barrier, char *buf, unsigned len);
/* "`threadIdx.x < 16`" or "the condition" */
const char *barrier_site_cause(const struct ir_cause *c, char *buf, unsigned len);
/* Adds the note pointing into the callee, when the site is a call. */
void barrier_site_note_callee(struct cl_finding *f, const struct ir_expr *site, const struct ir_expr *barrier);

#endif
