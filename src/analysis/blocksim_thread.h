/* blocksim_thread.h - one thread's run (struct bs_thread: where it is,
 * its frames, the conditions it runs under, its budget), as the parts of
 * the interpreter share it: statements (blocksim_stmt.c), expressions
 * (blocksim_expr.c), calls (blocksim_call.c), accesses
 * (blocksim_access.c) and exits (blocksim_exit.c). */
#ifndef CUDALINT_BLOCKSIM_THREAD_H
#define CUDALINT_BLOCKSIM_THREAD_H

#include "analysis/blocksim_internal.h"

#define BS_LOOP_CAP 8      /* iterations run of an outermost loop; a nested one runs
                            * half as many per level, at least 2 */
#define BS_STEPS 3000000   /* evaluation steps of one block shape, over all its threads */
#define BS_MAX_DEPTH 12    /* calls inlined into one another */

struct bs_frame {
	const struct ir_func *fn;
	struct bs_rv *vars;           /* by ir_var id */
	uint8_t *is_ref;           /* the slot holds the address a reference is bound to */
	struct bs_rv self;            /* a method's object (`this`) */
	struct bs_rv ret;
	bool has_ret, ret_ref;
	struct bs_frame *caller;
	/* a call of a template's specialization (ir_call.spec, interned):
	 * the __shared__ variables its body declares (statics, one per
	 * specialization) are that specialization's own */
	const char *spec;
	const struct ir_var *statics[8]; int nstatics;
	/* the values of its static const locals (`static constexpr int
	 * el_w = N / warp_size;`): their initializers, which device code
	 * requires to be constant expressions; a template's parameters in
	 * them take the run's value (bs_thread.tparam), as elsewhere */
	const struct ir_var *consts[4]; int64_t constv[4]; uint8_t constprm[4]; int nconsts;
	int cap;                      /* slots vars and is_ref have room for */
	uint32_t gen;                 /* which call holds it (bs_ctx.frame_gen); 0 once it returned */
};

/* The state of thread LIN (tid: its threadIdx) of c->block while it
 * runs: its barrier interval (phase), warp epoch, access counter (seq),
 * the literals and loop iterations it is in, and its frames. */
struct bs_thread {
	struct bs_ctx *c;
	int lin, tid[3];
	int phase, wepoch, seq;
	long steps, budget;
	const struct bs_lit *lits;
	const struct bs_iter *iters;
	uint32_t ctx;              /* hash of the enclosing loop iterations and call sites */
	struct bs_frame *top;
	int depth;
	int loops;                 /* loops being run, nested */
	int commits, copies;       /* groups of asynchronous copies committed, copies issued */
	bool lost;
	bool undecided_exit;       /* a break or continue under a condition the run could not decide */
	bool outside;              /* it indexed a __shared__ array beyond its extent */
	bool kernel;               /* the root is a kernel: its integer parameters are uniform */
	int64_t tparam;
	int log0;                  /* the log's length when this thread started */
	/* the first point where the run could not follow this thread (bs_lose) */
	const char *why;
	struct ir_loc why_at;
};

enum bs_flow { BS_FL_NORMAL, BS_FL_BREAK, BS_FL_CONTINUE, BS_FL_RETURN, BS_FL_LOST };

/* blocksim_expr.c */
/* Notes that the run cannot follow this thread past AT (NULL: the
 * function's start), for WHY, a phrase the report shows ("a goto"); the
 * first such point is the one kept. Returns BS_FL_LOST. */
enum bs_flow bs_lose(struct bs_thread *r, const struct ir_loc *at, const char *why);
struct bs_rv bs_eval(struct bs_thread *r, const struct ir_expr *e);
/* A condition's value: a pointer into memory the file does not declare
 * (`if (bias)`, `while (node)`) is unknown, as it was before such memory
 * had objects: whether it is null is the caller's. */
struct bs_rv bs_eval_cond(struct bs_thread *r, const struct ir_expr *e);
/* The location an lvalue designates: BS_RV_PTR (shared), BS_RV_LOCAL, or
 * BS_RV_TOP (other memory, or unknown). */
struct bs_rv bs_lval(struct bs_thread *r, const struct ir_expr *e);
void bs_store(struct bs_thread *r, const struct ir_expr *e, struct bs_rv loc, struct bs_rv v);
struct bs_rv bs_top_of(struct bs_thread *r, const struct ir_expr *e);
/* Whether V, the run's value of E, lost the identity bs_top_of would give
 * E: an unknown value of no identity where the uniformity analysis shows
 * E to be the same in every lane of a warp (a butterfly reduction's
 * result, uni_stmt.c). bs_keep_identity gives it back: every lane storing
 * it writes one value, a benign write. Only the warp level: values the
 * uniformity analysis shows block-uniform are told by bs_rv.uni, and a
 * loop cut short marks what it wrote uni when its trip count is (what
 * forget_loop leaves says nothing of the warp). */
static inline bool bs_lost_identity(const struct bs_rv *v, const struct ir_expr *e)
{
	return v->k == BS_RV_TOP && !v->vid && e->level == U_WARP;
}
struct bs_rv bs_keep_identity(struct bs_thread *r, const struct ir_expr *e, struct bs_rv v);
/* The declaration of V, a static local with initializer INIT: a const
 * scalar's value (bs_frame.consts) for the reads of it that follow. */
void bs_static_const(struct bs_thread *r, const struct ir_var *v, const struct ir_expr *init);
bool bs_uniform(const struct ir_expr *e);
bool bs_tick(struct bs_thread *r);
uint32_t bs_mix(uint32_t h, uintptr_t x);
bool bs_is_lvalue(const struct ir_expr *e);
bool bs_local_slot(const struct bs_thread *r, const struct ir_var *v);
int bs_lit_flags(const struct ir_expr *cond, struct bs_rv v);
const struct bs_lit *bs_push_lit(struct bs_thread *r, const struct bs_lit *next, const struct ir_expr *cond, bool pol,
                                 int flags, enum bs_lit_scope scope);
const struct bs_lit *bs_drop_scope(struct bs_thread *r, const struct bs_lit *base, enum bs_lit_scope scope);
/* A frame for a call of F, every slot unknown (zeroed); given back with
 * bs_frame_free, for the next call to reuse. */
struct bs_frame *bs_frame_new(struct bs_ctx *c, const struct ir_func *f, struct bs_frame *caller);
void bs_frame_free(struct bs_ctx *c, struct bs_frame *fr);

/* blocksim_expr.c: the identity of a value written, for telling benign
 * writes (0 when threads may write different values); the unknown value
 * of E made of value A alone (a conversion, a construction), the same
 * wherever A is. */
uint32_t bs_value_id(const struct bs_rv *v);
struct bs_rv bs_made_of(struct bs_thread *r, const struct ir_expr *e, struct bs_rv a);

/* blocksim_access.c: an access of LOC by this thread (KIND: BS_RK_*, VID
 * the value written), logged when it is memory the log places; a load's
 * value; an access the log cannot place, for the barrier facts. */
void bs_note(struct bs_thread *r, const struct ir_expr *e, struct bs_rv loc, uint8_t kind, uint32_t vid, int size);
struct bs_rv bs_load(struct bs_thread *r, const struct ir_expr *e, struct bs_rv loc);
void bs_other_memory(struct bs_thread *r, const struct ir_expr *e, bool write, bool loaded);

/* blocksim_call.c: the value of call E, run; its arguments from index
 * FROM on evaluated (whether one came from __shared__ data). */
struct bs_rv bs_call(struct bs_thread *r, const struct ir_expr *e);
bool bs_eval_args(struct bs_thread *r, const struct ir_expr *e, int from);
/* blocksim_call.c: an asynchronous copy issued at SITE into DST from SRC
 * (SIZE bytes, 0 unknown), a commit, a wait (enum bs_wait_how; KEEP the
 * groups BS_WAIT_GROUPS leaves in flight), logged (blocksim_async.c). */
void bs_async_copy(struct bs_thread *r, const struct ir_expr *site, struct bs_rv dst, struct bs_rv src, int64_t size,
                   enum bs_async_api api, bool collective);
void bs_async_commit(struct bs_thread *r);
void bs_async_wait(struct bs_thread *r, enum bs_wait_how how, int keep);

/* blocksim_exit.c */
/* The return of `if` statement S that leaves the kernel in one arm only
 * (*LEAVE_WHEN: the condition's value that takes it), when S is in the
 * kernel's own body, outside loops, its condition thread-varying, and the
 * thread has not passed it yet; NULL otherwise. */
const struct ir_stmt *bs_exit_of(struct bs_thread *r, const struct ir_stmt *s, bool *leave_when);
/* Records this thread at exit RET of S: HOW 0 it left, 1 it went on;
 * SPLIT: the run did not decide who leaves (a picked value, or no value). */
void bs_exit_pass(struct bs_thread *r, const struct ir_stmt *s, const struct ir_stmt *ret, bool leave_when, int how,
                  bool split);

/* blocksim_worlds.c (struct bs_worlds) */
/* The way this run's world gives the block-uniform branch S met in
 * context CTX, when one was picked. */
bool bs_world_way(const struct bs_ctx *c, const struct ir_stmt *s, uint32_t ctx, bool *way);
/* Picks the way of such a branch not met before in this run, from the
 * world's next bit (the caller has seen that the run has picked fewer
 * than BS_WORLD_BITS). */
bool bs_world_pick(struct bs_ctx *c, const struct ir_stmt *s, uint32_t ctx);
/* A picked way is a value the run chose for the whole block, as a
 * launch's parameter is: true in this run, not in every launch. */
struct bs_rv bs_world_value(bool way);
/* What a thread's run of both ways of a branch changes beyond its
 * frame's variables (which the caller saves), kept to take the ways back
 * when a world picks one instead: the log, the exits, the per-interval
 * memory facts, and the picks made inside the ways. bs_trial_undo takes
 * them back; either way, the caller frees t->pmem after. */
struct bs_trial {
	int log0, npass, ncover, npmem;
	struct bs_imem *pmem;
	bool outside, undecided_exit;
	int picked, most;
};
void bs_trial_begin(const struct bs_thread *r, struct bs_trial *t);
void bs_trial_undo(struct bs_thread *r, const struct bs_trial *t);

/* blocksim_stmt.c */
enum bs_flow bs_exec(struct bs_thread *r, const struct ir_stmt *s);
/* Runs BODY in the new frame FR; the literals an early return left end
 * with it. */
enum bs_flow bs_run_body(struct bs_thread *r, struct bs_frame *fr, const struct ir_stmt *body);

#endif
