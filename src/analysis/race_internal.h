/* race_internal.h - what the parts of the block simulation share.
 * race_value.c: values, C integer arithmetic, sizes from type spellings;
 * race_exec.c: one thread's run over statements and expressions;
 * race_log.c: the access log and the pairs that race; race_barrier.c:
 * what each barrier orders; race.c: kernels, block shapes, and the facts
 * found, in order. */
#ifndef CUDALINT_RACE_INTERNAL_H
#define CUDALINT_RACE_INTERNAL_H

#include "analysis/launch.h"
#include "analysis/race.h"
#include "util/arena.h"

#include <stdint.h>

/* ---- values ---------------------------------------------------------------- */

enum rv_kind {
	RV_TOP,    /* unknown */
	RV_INT,    /* an integer (or a bool, or an integral float) */
	RV_PTR,    /* into a memory object: obj, field, byte offset i (+ uoff) */
	RV_LOCAL,  /* the address of a local variable: frame, slot */
};

struct rs_frame;

struct rv {
	uint8_t k;
	uint8_t uni;               /* RV_TOP: the same in every thread of the block */
	uint8_t shd;               /* RV_TOP: computed from values read from __shared__ memory */
	uint8_t prm;               /* computed from a value the run picked for the whole block (a
	                            * kernel's integer parameter, blockIdx, gridDim): true for this
	                            * run, not for every launch (the barrier facts) */
	uint32_t vid;              /* RV_TOP: identity of a block-uniform value, 0 if none */
	uint8_t ld;                /* RV_TOP: the value itself was loaded from memory (an offset
	                            * stored there: rv.uoff) */
	int64_t i;
	const struct ir_var *obj;  /* RV_PTR: the object: a __shared__ variable (its representative,
	                            * memspace), or a parameter of the function run whose memory the
	                            * file does not declare (rs_param_value) */
	uint32_t uoff;             /* RV_PTR: identity of an unknown but fixed offset added to i (an
	                            * index loaded from memory, the same in every thread): 0 if none */
	const char *field;         /* RV_PTR: member path, interned; NULL for the object itself */
	struct rs_frame *frame;    /* RV_LOCAL */
	int slot;                  /* RV_LOCAL */
};

static inline struct rv rv_top(bool uni)
{
	struct rv v = { .k = RV_TOP, .uni = uni };
	return v;
}

static inline struct rv rv_int(int64_t i)
{
	struct rv v = { .k = RV_INT, .i = i };
	return v;
}

bool rv_equal(const struct rv *a, const struct rv *b);

/* What the run needs of a type spelling, computed once per spelling (the
 * IR keeps spellings, not layouts). Template parameters in array extents
 * count as blockDim.x of the block shape being run. */
struct rs_tinfo {
	const char *t;
	int64_t tparam;
	int bits;             /* an integral type's width; 0: not integral */
	bool is_unsigned, is_float;
	int64_t size;         /* bytes; 0 when unknown */
	int64_t extent;       /* an array's outermost extent; -1 if unknown or not an array */
	int64_t pointee;      /* what p + 1 steps over: a pointer's pointee, an array's element */
};

struct rs_ctx;
const struct rs_tinfo *rs_type(struct rs_ctx *c, const char *type);
void rs_types_free(struct rs_ctx *c);

/* The value after conversion to an integer type (wraps). */
struct rv rv_fit(struct rv v, const struct rs_tinfo *t);
/* a OP b on integers, in type T; RV_TOP when undefined. */
struct rv rv_binary(enum ir_op op, struct rv a, struct rv b, const struct rs_tinfo *t);
struct rv rv_unary(enum ir_op op, struct rv a, const struct rs_tinfo *t);

/* ---- path literals ---------------------------------------------------------- */

/* A condition the run could not decide, taken one way: the accesses under
 * it happen only in the threads (uniform: the blocks) where it has that
 * value. A persistent list, newest first. LIT_THREAD: the other way
 * returned from the kernel itself, so the threads that took it have
 * exited; exited threads count as arrived at every later barrier (as on
 * the hardware), so a barrier under it is still passed by every thread
 * that runs (an early `if (ty >= rows) return;`). */
enum lit_scope { LIT_BRANCH, LIT_ITERATION, LIT_LOOP, LIT_FUNCTION, LIT_THREAD };

struct rs_lit {
	const struct rs_lit *next;
	const struct ir_expr *cond;
	int phase;
	uint8_t pol;
	uint8_t uni;
	uint8_t warp;       /* the same in the lanes of a warp (not uniform) */
	uint8_t shd;        /* decided by __shared__ data: a protocol (a flag, a monotonic update) */
	uint8_t scope;      /* until when an early exit keeps it (lit_scope) */
};

/* The literal flags of condition COND with value V: uniform in the block,
 * decided by __shared__ data, uniform in a warp. */
#define LIT_UNI 1
#define LIT_SHD 2
#define LIT_WARP 4

/* The loop iterations a point of the run is in, innermost first: where an
 * access comes in the program's own order, next to another thread's. */
struct rs_iter {
	const struct rs_iter *next;
	const void *at;           /* the loop statement, or the call expression */
	struct ir_loc loc;        /* where that is written */
	int it;                   /* the iteration; 0 for a call */
};

/* ---- the log ------------------------------------------------------------------ */

enum rs_kind { RK_READ = 1, RK_WRITE = 2, RK_ATOMIC = 4 };

struct rs_site {
	const struct ir_expr *e;   /* the lvalue, or the atomic call */
	const struct ir_func *fn;  /* where it is written */
	uint8_t kinds;             /* RK_* seen */
	uint64_t exec[16];         /* threads that ran it, in the current block shape */
	uint64_t shapes;           /* the block shapes of the current function it ran in */
};

struct rs_entry {
	const struct ir_var *obj;
	const char *field;
	uint32_t uoff;             /* off is relative to this unknown offset (rv.uoff) */
	int64_t off;
	int size;
	int site;
	int thread, phase, seq, wepoch;
	uint8_t kind;              /* RK_READ / RK_WRITE, | RK_ATOMIC */
	uint32_t vid;              /* a write: identity of the value written, 0 unknown */
	const struct rs_lit *lits;
	const struct rs_iter *iters;
};

/* A store to a polled flag (publish), the end of a poll loop (acquire),
 * a memory fence, or an atomic or a flag's read the log does not place
 * (a protocol: a lock, a counter; race_mem.c). */
enum rs_sync_kind { RS_PUBLISH, RS_ACQUIRE, RS_FENCE, RS_PROTOCOL };

struct rs_sync {
	const struct ir_var *obj;
	const char *field;
	int thread, phase, seq;
	uint8_t kind;
};

struct rs_pairrec;
struct rs_exitpass;
struct rs_exitcover;
struct rs_exitrec;

/* What the run asks of a statement, cached: whether a block barrier is
 * in it, and for a loop the variables it assigns (marks by variable id of
 * its function). */
struct rs_stmtfacts { const struct ir_stmt *s; uint8_t *marks; int n; int8_t barrier; };

/* A statement with a block barrier in it, run by one thread: the barriers
 * it passed there. Threads that pass different numbers at the same
 * statement have their intervals out of step from there on. */
struct rs_barevent { const struct ir_stmt *s; uint32_t ctx; int phase_in, delta, thread; bool varying; };

/* ---- barrier facts (race_barrier.c) --------------------------------------------- */

/* A block barrier one thread passed, leaving interval PHASE_IN. */
struct rs_pass { const struct ir_expr *e; int phase_in, thread; };

/* Memory other than the log's __shared__ bytes, touched in an interval. */
#define RM_GREAD 1     /* global memory read */
#define RM_GWRITE 2    /* global memory written */
#define RM_UNKNOWN 4   /* memory the run cannot place, or a protocol it does not follow */

struct rs_barsite;

/* What one interval touched besides the log's __shared__ bytes: RM_*
 * bits, and the global memory of each `__restrict__` kernel parameter
 * (by index into rs_ctx.pobjs) read and written. By the rule of
 * restrict, memory reached through such a parameter that is written at
 * all is reached through no other pointer, so those accesses conflict
 * only with accesses through the same parameter. */
struct rs_imem { uint8_t bits; uint16_t rd, wr; };

/* The memory a parameter of the function run reaches, when the file
 * does not declare it (race_mem.c): an object of its own. */
struct rs_pobj {
	const struct ir_var *v;
	uint8_t mem;                   /* enum race_memory */
	/* a pointer loaded from another such object (`details.warpscan`):
	 * where it was loaded from; parent NULL for a parameter's own */
	const struct ir_var *parent; const char *field; int64_t off;
	bool indexed;                  /* RACE_MEM_THROUGH: some access of it is at an offset that differs
	                                * between threads (the current block shape) */
};
#define RS_MAX_POBJS 16

/* Everything one unit's simulation keeps. */
struct rs_ctx {
	const struct ir_unit *u;
	const struct memorder *mo;
	const struct memspace *ms;
	struct arena *a;               /* literals and iteration paths: one block shape's run */
	struct arena *pa;              /* interned member paths: the whole unit */
	const struct ir_var *dynamic;  /* the first extern __shared__ array: all of them are one */
	/* device functions with bodies, by name: what a dependent call
	 * `f<T>(x)` in a template runs */
	const struct ir_func **named; int nnamed;
	/* sites, with an index by expression */
	struct rs_site *sites; int nsites, capsites;
	int *site_slot; size_t nsite_slot;
	/* interned member paths */
	const char **paths; size_t npath_slot; int npaths;
	/* the run of the current block shape */
	struct rs_entry *log; int nlog, caplog;
	struct rs_sync *syncs; int nsyncs, capsyncs;
	int bdim[3], gdim[3], bidx[3];
	int nthreads;
	/* the launches of the kernel being run, when its shapes are theirs
	 * (analysis/launch.h): blockDim is then no picked value, and a race
	 * in one launch's shape is a race */
	const struct kernel_launch *launch;
	int shape;                     /* index of the block shape, for the function being run */
	struct rs_pobj pobjs[RS_MAX_POBJS]; int npobjs;  /* the function being run's */
	bool root_tid;                 /* the function being run uses threadIdx (it or a callee) */
	/* pairs that race, over every shape and kernel */
	struct rs_pairrec *pairs; int npairs, cappairs;
	int *pair_slot; size_t npair_slot;
	/* type spellings' facts, cached */
	struct rs_tinfo *types; size_t ntype_slot; int ntypes;
	/* statements' facts, cached */
	struct rs_stmtfacts *facts; size_t nfact_slot; int nfacts;
	struct rs_barevent *events; int nevents, capevents;
	/* barrier facts: set while a kernel with barriers to judge runs */
	bool judging;
	bool inexact;                  /* a thread lost, or a path not run: judge nothing */
	bool shape_unfit;              /* a thread of this block shape indexed past a __shared__ array */
	bool shape_outside;            /* the same, for the races (rs_detect) */
	int kept[3], nkept;            /* the threads that did not: their extent in each dimension, and
	                                * how many there are */
	int shapes_judged;
	const struct ir_func *judged;
	struct rs_pass *passes; int npasses, cappasses;  /* the current block shape's */
	struct rs_imem *pmem; int npmem;                 /* per interval */
	struct rs_barsite *bsites; int nbsites, capbsites;
	int fn_bsites;                 /* the first of the current kernel's */
	/* where the current function's run first lost a thread, and the
	 * functions whose runs did (race_stops) */
	struct race_stop stop;
	struct race_stop *stops; int nstops, capstops;
	/* early exits (race_exit.c): the current block shape's passes and
	 * what the exits' arms wrote, whether a thread was lost or a
	 * __shared__ access had an unknown address; the verdicts so far */
	struct rs_exitpass *xpass; int nxpass, capxpass;
	struct rs_exitcover *xcover; int nxcover, capxcover;
	bool xlost, xunplaced;
	struct rs_exitrec *exits; int nexits, capexits;
};

/* race_mem.c: memory the file does not declare. The value parameter P
 * of the function run (a kernel: KERNEL) starts with: an object of its
 * own for a pointer or reference (*is_ref: the slot holds a reference's
 * address). */
struct rv rs_param_value(struct rs_ctx *c, bool kernel, const struct ir_var *p, bool *is_ref);
/* The memory a pointer loaded through E from LOC (an object of those
 * above) points to: an object of its own, or RV_TOP. */
struct rv rs_loaded_pointer(struct rs_ctx *c, struct rv loc, const struct ir_expr *e);
/* Which memory OBJ is (enum race_memory), and whether the log compares
 * its accesses at all (a THROUGH object only when it is indexed by
 * thread). */
int rs_obj_memory(const struct rs_ctx *c, const struct ir_var *obj);
bool rs_obj_compared(const struct rs_ctx *c, const struct ir_var *obj);
/* The index in c->pobjs of OBJ when it is the global memory of a
 * kernel's `__restrict__` pointer parameter (its own, not one loaded
 * from memory), else -1. */
int rs_restrict_param(const struct rs_ctx *c, const struct ir_var *obj);
/* Whether OBJ is the memory of a pointer loaded from memory
 * (rs_loaded_pointer). */
bool rs_obj_loaded(const struct rs_ctx *c, const struct ir_var *obj);
/* Marks the THROUGH objects the current log indexes by thread. */
void rs_mark_indexed(struct rs_ctx *c);

int rs_site_of(struct rs_ctx *c, const struct ir_expr *e, const struct ir_func *fn);
/* The function a call without a callee names, when one is plainly meant:
 * the only template of that name, or the only function. */
const struct ir_func *rs_named(const struct rs_ctx *c, const char *name);
const char *rs_path(struct rs_ctx *c, const char *base, const char *member);
void rs_log(struct rs_ctx *c, const struct rs_entry *e);
/* One slot {entry index, word} per 4-byte word each logged entry covers,
 * of the entries KEEP accepts (NULL: all), sorted by CMP; *n of them, to
 * free. CMP reads the log through rs_slot_ctx (qsort has no argument). */
extern const struct rs_ctx *rs_slot_ctx;
/* Slots by object, field, word, interval, then thread: every access of
 * one word of one object side by side (race_barrier.c). */
int rs_cmp_word(const void *pa, const void *pb);
int64_t (*rs_word_slots(struct rs_ctx *c, bool (*keep)(const struct rs_entry *, void *), void *arg,
                        int (*cmp)(const void *, const void *), int *n))[2];
/* Drops the entries from index FROM on (one thread's, all of them). */
void rs_unlog(struct rs_ctx *c, int from);

/* Runs thread LIN of the current block shape over function ROOT. */
void rs_run_thread(struct rs_ctx *c, const struct ir_func *root, bool kernel, int lin);
/* Finds the pairs that race in the current log, then clears it. */
void rs_detect(struct rs_ctx *c);
/* After every block shape of one function: the pairs that raced in each
 * shape where both their accesses ran are confirmed. */
void rs_settle_function(struct rs_ctx *c);
void rs_pairs_free(struct rs_ctx *c);
/* Whether two accesses' literals cannot hold together in one block. */
bool rs_contradicts(const struct rs_lit *a, const struct rs_lit *b);

/* race_barrier.c: the barriers of kernel F to judge, before its shapes
 * run; each shape's passes and other memory, judged before rs_detect
 * clears the log; the verdicts, after the last shape. */
void rs_barriers_begin(struct rs_ctx *c, const struct ir_func *f, bool kernel);
void rs_pass_barrier(struct rs_ctx *c, const struct ir_expr *e, int phase_in, int thread);
void rs_touch(struct rs_ctx *c, int phase, int bits);
/* The global memory of `__restrict__` parameter POBJ (rs_restrict_param)
 * read or written in interval PHASE. */
void rs_touch_param(struct rs_ctx *c, int phase, int pobj, bool write);
void rs_barriers_shape(struct rs_ctx *c);
void rs_barriers_end(struct rs_ctx *c);
/* The barriers that order nothing or only lanes of one warp. */
int rs_barrier_facts(struct rs_ctx *c, struct barrier_fact **out);
void rs_barriers_free(struct rs_ctx *c);
/* Whether code the run skipped may touch memory or pass a barrier: the
 * arm of a condition decided by a picked value (rv.prm). */
bool rs_skipped_matters(const struct ir_stmt *s, const struct ir_expr *e);
/* Source order: file, line, column. */
int rs_cmp_loc(const struct ir_loc *a, const struct ir_loc *b);
/* race_exit.c: the current block shape's exits judged, before rs_detect
 * clears the log; the verdicts, after the last function. */
void rs_exits_shape(struct rs_ctx *c);
int rs_exit_facts(struct rs_ctx *c, struct exit_fact **out);
void rs_exits_free(struct rs_ctx *c);
/* Words of __shared__ memory the log holds from entry FROM on, written
 * by the arm of exit RET run aside. */
void rs_exit_cover(struct rs_ctx *c, const struct ir_stmt *ret, int from);
/* The confirmed pairs as races, for the caller to choose from. */
int rs_pairs_races(struct rs_ctx *c, struct race **out);

#endif
