/* race_run.h - one thread's run, as the expression side (race_expr.c)
 * and the statement side (race_stmt.c) of the interpreter share it. */
#ifndef CUDALINT_RACE_RUN_H
#define CUDALINT_RACE_RUN_H

#include "analysis/race_internal.h"

#define RS_LOOP_CAP 8      /* iterations run of an outermost loop; a nested one runs
                            * half as many per level, at least 2 */
#define RS_STEPS 3000000   /* evaluation steps of one block shape, over all its threads */
#define RS_MAX_DEPTH 12    /* calls inlined into one another */

struct rs_frame {
	const struct ir_func *fn;
	struct rv *vars;           /* by ir_var id */
	uint8_t *is_ref;           /* the slot holds the address a reference is bound to */
	struct rv self;            /* a method's object (`this`) */
	struct rv ret;
	bool has_ret, ret_ref;
	struct rs_frame *caller;
	/* a call of a template's specialization (ir_call.spec, interned):
	 * the __shared__ variables its body declares (statics, one per
	 * specialization) are that specialization's own */
	const char *spec;
	const struct ir_var *statics[8]; int nstatics;
};

struct rs_run {
	struct rs_ctx *c;
	int lin, tid[3];
	int phase, wepoch, seq;
	long steps, budget;
	const struct rs_lit *lits;
	const struct rs_iter *iters;
	uint32_t ctx;              /* hash of the enclosing loop iterations and call sites */
	struct rs_frame *top;
	int depth;
	int loops;                 /* loops being run, nested */
	bool lost;
	bool undecided_exit;       /* a break or continue under a condition the run could not decide */
	bool outside;              /* it indexed a __shared__ array beyond its extent */
	bool kernel;               /* the root is a kernel: its integer parameters are uniform */
	int64_t tparam;
	/* the first point where the run could not follow this thread (rs_lose) */
	const char *why;
	struct ir_loc why_at;
};

enum flow { FL_NORMAL, FL_BREAK, FL_CONTINUE, FL_RETURN, FL_LOST };

/* race_expr.c */
/* Notes that the run cannot follow this thread past AT (NULL: the
 * function's start), for WHY, a phrase the report shows ("a goto"); the
 * first such point is the one kept. Returns FL_LOST. */
enum flow rs_lose(struct rs_run *r, const struct ir_loc *at, const char *why);
struct rv rs_eval(struct rs_run *r, const struct ir_expr *e);
/* A condition's value: a pointer into memory the file does not declare
 * (`if (bias)`, `while (node)`) is unknown, as it was before such memory
 * had objects: whether it is null is the caller's. */
struct rv rs_eval_cond(struct rs_run *r, const struct ir_expr *e);
/* The location an lvalue designates: RV_PTR (shared), RV_LOCAL, or
 * RV_TOP (other memory, or unknown). */
struct rv rs_lval(struct rs_run *r, const struct ir_expr *e);
void rs_store(struct rs_run *r, const struct ir_expr *e, struct rv loc, struct rv v);
struct rv rs_top_of(struct rs_run *r, const struct ir_expr *e);
bool rs_uniform(const struct ir_expr *e);
bool rs_tick(struct rs_run *r);
uint32_t rs_mix(uint32_t h, uintptr_t x);
bool rs_is_lvalue(const struct ir_expr *e);
bool rs_local_slot(const struct rs_run *r, const struct ir_var *v);
int rs_lit_flags(const struct ir_expr *cond, struct rv v);
const struct rs_lit *rs_push_lit(struct rs_run *r, const struct rs_lit *next, const struct ir_expr *cond, bool pol,
                                 int flags, enum lit_scope scope);
const struct rs_lit *rs_drop_scope(struct rs_run *r, const struct rs_lit *base, enum lit_scope scope);
struct rs_frame *rs_frame_new(const struct ir_func *f, struct rs_frame *caller);
void rs_frame_free(struct rs_frame *fr);

/* race_exit.c */
/* The return of `if` statement S that leaves the kernel in one arm only
 * (*LEAVE_WHEN: the condition's value that takes it), when S is in the
 * kernel's own body, outside loops, its condition thread-varying, and the
 * thread has not passed it yet; NULL otherwise. */
const struct ir_stmt *rs_exit_of(struct rs_run *r, const struct ir_stmt *s, bool *leave_when);
/* Records this thread at exit RET of S: HOW 0 it left, 1 it went on;
 * SPLIT: the run did not decide who leaves (a picked value, or no value). */
void rs_exit_pass(struct rs_run *r, const struct ir_stmt *s, const struct ir_stmt *ret, bool leave_when, int how,
                  bool split);

/* race_stmt.c */
enum flow rs_exec(struct rs_run *r, const struct ir_stmt *s);
/* Runs BODY in the new frame FR; the literals an early return left end
 * with it. */
enum flow rs_run_body(struct rs_run *r, struct rs_frame *fr, const struct ir_stmt *body);

#endif
