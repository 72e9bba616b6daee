/* uni_internal.h - what the parts of the uniformity analysis share: the
 * interpreter's state and the functions each part calls in the others.
 * uni_state.c: states, joins and the control stack; uni_expr.c: values of
 * expressions; uni_stmt.c: statements and control flow; uniformity.c: the
 * driver. */
#ifndef CUDALINT_UNI_INTERNAL_H
#define CUDALINT_UNI_INTERNAL_H

#include "analysis/uniformity.h"
#include "util/arena.h"

#include <stdbool.h>
#include <stdint.h>

#define MAX_CTRL 128
#define MAX_FRAMES 64
#define MAX_LOOP_ITERS 64
#define MAX_CALL_DEPTH 8
/* Argument levels a summary is keyed by and a call passes: kernels with
 * twenty and more parameters are common (ggml's mul_mat_q has 24). An
 * argument past it is taken as thread-varying; a kernel's parameter past
 * it is still grid-uniform (uni_run_function). */
#define UNI_MAX_ARGS 64

struct ustate {
	bool dead;
	bool barrier;                /* a block barrier on every path since entry */
	uint8_t exit;                /* return / goto taken by some threads */
	const struct ir_cause *exit_cause;
	uint8_t lexit;               /* continue / break taken by some threads of this iteration */
	const struct ir_cause *lexit_cause;
	uint8_t *var;                /* level per function variable */
	uint8_t *lin;                /* LIN_* facts per variable (uni_lin.c) */
	/* the unit's __shared__ globals (by id, sorted) written divergently
	 * since the last barrier: a set, not a flag per global, because a
	 * file has thousands of globals and a function touches a few, and
	 * every copy and join of a state would otherwise cost them all */
	int *dirty;
	int ndirty, capdirty;
	/* global memory may have been written, by this thread or another,
	 * since the kernel began or the last grid barrier: until it has, a
	 * load of global memory at a grid-uniform address reads one value in
	 * the whole grid (what CL1005 needs of `r = *result;` after
	 * grid.sync()) */
	bool gdirty;
};

struct memo {
	struct memo *next;
	uint8_t args[UNI_MAX_ARGS];
	uint8_t ret;
	uint8_t ret_lin;             /* LIN_* facts every return value has (uni_lin.c) */
	bool gdirty;                 /* global memory may be written when it returns */
};

struct uni {
	struct ir_unit *u;
	const struct analysis_options *o;
	uint8_t **pjoin;             /* per function: joined argument levels from analysed call sites */
	bool *called;                /* per function: has an analysed device call site */
	struct memo **memo;          /* per function */
};

struct frame {
	bool is_switch;
	int depth;                   /* control-stack depth at entry */
	struct ustate brk, cont, entry;
	uint8_t break_level;
	const struct ir_cause *break_cause;
	bool has_default;
};

/* What one run of the interpreter learnt about a loop: its head state at
 * the fixed point, and its cause (the level of its condition and breaks).
 * The states reaching a loop only grow while an enclosing loop iterates,
 * so a later execution of the same loop starts from there instead of from
 * scratch: otherwise each loop relearns what the previous iteration of its
 * enclosing loop already knew, at least twice, and n nested loops run the
 * innermost body 2^n times or more (20 loops: seconds; a few more: hours). */
struct loop_memo {
	struct loop_memo *next;
	const struct ir_stmt *loop;
	struct ustate head;
	struct ir_cause *cause;
};

struct pending {
	struct pending *next;
	const char *label;
	struct ustate st;
};

struct interp {
	struct uni *U;
	struct ir_func *fn;
	int nvars, nglobals;
	bool annotate;
	int call_depth;
	const struct ir_cause *ctrl[MAX_CTRL];
	int nctrl;
	struct frame *frames[MAX_FRAMES];
	int nframes;
	uint8_t ret;
	uint8_t ret_lin;             /* LIN_* facts met over the returns so far */
	bool ret_seen;               /* a return with a value was run */
	bool ret_gdirty;             /* ustate.gdirty joined over the returns */
	struct pending *gotos;
	struct ptrvec labels_seen;
	struct loop_memo *loops;
	/* the condition of the loop being tested whose trip count is the
	 * same in the whole block (uni_rounded_loop_cond), or NULL */
	const struct ir_expr *rounded;
};

/* uni_lin.c: what the kernel's launches (analysis/launch.h) say: whether
 * blockDim.x is a multiple of 32 (the launches', else the
 * --assume-warp-aligned-blocks assumption), and whether every block is
 * one warp or less, or one thread */
bool uni_warp_aligned(struct interp *I);
bool uni_single_warp(struct interp *I);
bool uni_single_thread(struct interp *I);

void uni_st_init(struct interp *I, struct ustate *s);
void uni_st_free(struct ustate *s);
void uni_st_copy(struct interp *I, struct ustate *d, const struct ustate *s);
void uni_st_dead(struct interp *I, struct ustate *s);
bool uni_st_join(struct interp *I, struct ustate *d, const struct ustate *s);
bool uni_dirty_has(const struct ustate *s, int id);
void uni_dirty_add(struct ustate *s, int id);
bool uni_raise8(uint8_t *d, uint8_t v);
bool uni_raise(enum uni_level *d, uint8_t v);
uint8_t uni_max8(uint8_t a, uint8_t b);
struct ir_cause *uni_new_cause(struct interp *I, enum cause_kind k, uint8_t level, const struct ir_expr *cond,
                                  const struct ir_stmt *stmt);
void uni_push_ctrl(struct interp *I, const struct ir_cause *c);
void uni_pop_ctrl(struct interp *I);
uint8_t uni_ctrl_level_from(struct interp *I, int from);
const struct ir_cause *uni_innermost_above(struct interp *I, int from, uint8_t level);
void uni_annotate_ctx(struct interp *I, struct ustate *s, struct ir_expr *e);
void uni_taint_assigned(struct interp *I, struct ustate *s, uint8_t level, struct ir_stmt *a, struct ir_stmt *b,
                           struct ir_expr *e);
uint8_t uni_eval(struct interp *I, struct ustate *s, struct ir_expr *e);
void uni_exec(struct interp *I, struct ustate *s, struct ir_stmt *st);
uint8_t uni_summarize(struct uni *U, struct ir_func *f, const uint8_t *args, int nargs, int depth, bool *gdirty);
void uni_store(struct interp *I, struct ustate *s, struct ir_expr *lhs, uint8_t val, uint8_t lin);
void uni_after_barrier(struct interp *I, struct ustate *s);
/* uni_mem.c: loads, stores, atomics and barriers */
uint8_t uni_var_level(struct interp *I, struct ustate *s, const struct ir_var *v);
uint8_t uni_addr_level(struct interp *I, struct ustate *s, struct ir_expr *e); /* of the address, not the value */
uint8_t uni_load(struct interp *I, struct ustate *s, struct ir_expr *e);
void uni_mark_shared_target(struct interp *I, struct ustate *s, struct ir_expr *ptr);
/* a local reference bound to __shared__ memory: its ustate.var slot is
 * the level of the address it is bound to */
bool uni_binds_shared(struct interp *I, const struct ir_var *v);
uint8_t uni_builtin_level(struct interp *I, const struct ir_expr *e);

/* uni_lin.c: values that are a thread index plus a shared offset. */
enum {
	LIN_WARP = 1, /* the linear thread index + a warp-uniform multiple of 32 */
	LIN_TX = 2,   /* threadIdx.x + a block-uniform value */
	LIN_TY = 4,
	LIN_TZ = 8,
	LIN_RANK = 16, /* the thread's index in its block (thread_rank()) + a block-uniform value */
};
#define LIN_TID (LIN_TX | LIN_TY | LIN_TZ | LIN_RANK)
/* ir_const_value, with the function's constant locals folded too */
bool uni_const(struct interp *I, const struct ir_expr *e, int64_t *out);
uint8_t uni_lin_of(struct interp *I, struct ustate *s, const struct ir_expr *e);
/* the facts of the value an assignment stores (before it runs) */
uint8_t uni_lin_assigned(struct interp *I, struct ustate *s, const struct ir_expr *assign);
/* the level of binary e, at most l (the join of its operands'), lower
 * where the facts above show the threads agree */
uint8_t uni_refine_binary(struct interp *I, struct ustate *s, const struct ir_expr *e, uint8_t l);
/* The condition of loop ST when it is `x < E` over `x = threadIdx.x + B;
 * x += W` with E and B multiples of W: the same in every thread of the
 * block at every test (uni_lin.c explains); NULL otherwise. */
const struct ir_expr *uni_rounded_loop_cond(struct interp *I, struct ustate *s, const struct ir_stmt *st);
uint8_t uni_run_function(struct uni *U, struct ir_func *f, const uint8_t *params, bool annotate, int depth,
                         bool *gdirty, uint8_t *ret_lin);
/* the LIN_* facts of the value call e returns: those every summary of
 * its callees found at all their returns (0 when there is none) */
uint8_t uni_call_lin(struct interp *I, const struct ir_expr *e);
/* the level of the value call e returns, as its callees' summaries
 * found it (U_THREAD when there is none) */
uint8_t uni_call_level(struct interp *I, const struct ir_expr *e);

#endif
