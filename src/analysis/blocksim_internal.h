/* blocksim_internal.h - what the parts of the block simulation share.
 * Its parts, in the order a unit's run goes through them:
 *   blocksim.c           the pass: which functions run, in which block
 *                        shapes (struct bs_block), and the facts kept
 *   blocksim_stmt.c      one thread's run (blocksim_thread.h) over
 *                        statements and control flow; blocksim_expr.c
 *                        over expressions, blocksim_call.c over calls,
 *                        blocksim_access.c its accesses of memory
 *   blocksim_value.c     values, C integer arithmetic, type spellings'
 *                        sizes, and the unit caches (struct bs_caches)
 *   blocksim_mem.c       memory the file does not declare (parameters)
 *   blocksim_log.c       the event log of one block shape (struct bs_log):
 *                        one stream of tagged events (struct bs_event):
 *                        accesses (a warp sync is the epoch each carries),
 *                        flags, fences and protocols, barriers, and
 *                        asynchronous copies with their commits and waits
 * and the queries over the log, after each shape:
 *   blocksim_async.c     each asynchronous copy's span: issue to the wait
 *                        that may complete it
 *   blocksim_races.c     the pairs of accesses that race (CL3001), a
 *                        copy's write over its span among them
 *   blocksim_barriers.c  what each block barrier orders (CL4001, CL4002)
 *   blocksim_exit.c      what an early exit leaves stale (CL1003) */
#ifndef CUDALINT_BLOCKSIM_INTERNAL_H
#define CUDALINT_BLOCKSIM_INTERNAL_H

#include "analysis/launch.h"
#include "analysis/blocksim.h"
#include "util/arena.h"
#include "util/htab.h"

#include <stdint.h>

/* ---- values ---------------------------------------------------------------- */

enum bs_rv_kind {
	BS_RV_TOP,    /* unknown */
	BS_RV_INT,    /* an integer (or a bool, or an integral float) */
	BS_RV_PTR,    /* into a memory object: obj, field, byte offset i (+ uoff) */
	BS_RV_LOCAL,  /* the address of a local variable: frame, slot */
};

struct bs_frame;

struct bs_rv {
	uint8_t k;
	uint8_t uni;               /* BS_RV_TOP: the same in every thread of the block */
	uint8_t shd;               /* BS_RV_TOP: computed from values read from __shared__ memory */
	uint8_t prm;               /* computed from a value the run picked for the whole block (a
	                            * kernel's integer parameter, blockIdx, gridDim): true for this
	                            * run, not for every launch (the barrier facts) */
	uint32_t vid;              /* BS_RV_TOP: identity of a block-uniform value, 0 if none */
	uint8_t ld;                /* BS_RV_TOP: the value itself was loaded from memory (an offset
	                            * stored there: rv.uoff) */
	int64_t i;
	const struct ir_var *obj;  /* BS_RV_PTR: the object: a __shared__ variable (its representative,
	                            * memspace), or a parameter of the function run whose memory the
	                            * file does not declare (bs_param_value) */
	uint32_t uoff;             /* BS_RV_PTR: identity of an unknown but fixed offset added to i (an
	                            * index loaded from memory, the same in every thread): 0 if none */
	const char *field;         /* BS_RV_PTR: member path, interned; NULL for the object itself */
	struct bs_frame *frame;    /* BS_RV_LOCAL */
	int slot;                  /* BS_RV_LOCAL */
	uint32_t fgen;             /* BS_RV_LOCAL: the frame's generation (bs_frame.gen) when the address
	                            * was taken: the frame's call may have returned since */
};

static inline struct bs_rv bs_rv_top(bool uni)
{
	struct bs_rv v = { .k = BS_RV_TOP, .uni = uni };
	return v;
}

static inline struct bs_rv bs_rv_int(int64_t i)
{
	struct bs_rv v = { .k = BS_RV_INT, .i = i };
	return v;
}

bool bs_rv_equal(const struct bs_rv *a, const struct bs_rv *b);

/* What the run needs of a type spelling, computed once per spelling (the
 * IR keeps spellings, not layouts). Template parameters in array extents
 * count as blockDim.x of the block shape being run. */
struct bs_tinfo {
	const char *t;
	int64_t tparam;
	int bits;             /* an integral type's width; 0: not integral */
	bool is_unsigned, is_float;
	int64_t size;         /* bytes; 0 when unknown */
	int64_t extent;       /* an array's outermost extent; -1 if unknown or not an array */
	int64_t pointee;      /* what p + 1 steps over: a pointer's pointee, an array's element */
	/* of the spelling alone, kept here so that the run, which asks at
	 * every access, does not scan the string each time */
	bool is_array;        /* an array, not a pointer (a `[` before any `*`) */
	bool unsized;         /* an array of unknown size (`[]`: extern __shared__) */
	bool const_pointee;   /* a pointer to const (`const` before the first `*`) */
	bool atomic_ref;      /* a cuda::atomic_ref, which names the object it is made from */
};

/* What the simulation computes once for the whole unit, whatever the
 * block shape: facts of type spellings and of statements, and interned
 * member paths. Its entries stay where they are until bs_caches_free,
 * so a caller may keep a pointer to one. */
/* the size of the direct-mapped memos in front of the unit's hash tables
 * of types, statements and sites (bs_memo_slot) */
#define BS_MEMO_BITS 8
#define BS_MEMO (1 << BS_MEMO_BITS)
/* the same for the member paths' and callees' memos, which see more
 * distinct keys in a loop than a type or statement memo does */
#define BS_MEMO2_BITS 10
#define BS_MEMO2 (1 << BS_MEMO2_BITS)
struct bs_caches {
	struct arena *a;               /* the entries of types and stmts */
	struct arena *pa;              /* the interned member paths */
	struct cl_htab *types;         /* a spelling (by address) -> its struct bs_tinfo */
	struct cl_htab *stmts;         /* a statement -> its struct bs_stmtfacts */
	struct cl_htab *paths;         /* a member path -> its interned copy */
	struct bs_tinfo *memo[BS_MEMO]; /* the types' last answers, by spelling address (bs_type) */
	struct bs_stmtfacts *smemo[BS_MEMO]; /* the same for the statements' (blocksim_stmt.c) */
	/* bs_path's last answers, by the addresses of its two strings, and
	 * bs_callee's, by call: both are asked at every member access or
	 * call a thread evaluates, and both answers are the same every time
	 * (the member path's formatting and hashing, the callee's name
	 * search, were a fifth of a run's instructions) */
	struct bs_pathmemo { const char *base, *member, *path; } *pmemo;
	struct bs_calleememo { const struct ir_expr *e; const struct ir_func *t; uint8_t kind; int8_t pure; } *cmemo;
	/* memspace's answers for an access that the log does not place
	 * (bs_other_memory), by expression: the same every time, and a walk
	 * to the access's object and its union each time it was asked */
	struct bs_spacememo { const struct ir_expr *e; uint8_t space; bool never_shared; } *spmemo;
};
void bs_caches_init(struct bs_caches *k);
void bs_caches_free(struct bs_caches *k);

struct bs_ctx;
struct bs_slot_order;
static inline const struct bs_tinfo *bs_type(struct bs_ctx *c, const char *type);

/* The value after conversion to an integer type (wraps). */
struct bs_rv bs_rv_fit(struct bs_rv v, const struct bs_tinfo *t);
/* a OP b on integers, in type T; BS_RV_TOP when undefined. */
struct bs_rv bs_rv_binary(enum ir_op op, struct bs_rv a, struct bs_rv b, const struct bs_tinfo *t);
struct bs_rv bs_rv_unary(enum ir_op op, struct bs_rv a, const struct bs_tinfo *t);

/* ---- path literals ---------------------------------------------------------- */

/* A condition the run could not decide, taken one way: the accesses under
 * it happen only in the threads (uniform: the blocks) where it has that
 * value. A persistent list, newest first. BS_LIT_THREAD: the other way
 * returned from the kernel itself, so the threads that took it have
 * exited; exited threads count as arrived at every later barrier (as on
 * the hardware), so a barrier under it is still passed by every thread
 * that runs (an early `if (ty >= rows) return;`). */
enum bs_lit_scope { BS_LIT_BRANCH, BS_LIT_ITERATION, BS_LIT_LOOP, BS_LIT_FUNCTION, BS_LIT_THREAD };

struct bs_lit {
	const struct bs_lit *next;
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
#define BS_LIT_UNI 1
#define BS_LIT_SHD 2
#define BS_LIT_WARP 4

/* The loop iterations a point of the run is in, innermost first: where an
 * access comes in the program's own order, next to another thread's. */
struct bs_iter {
	const struct bs_iter *next;
	const void *at;           /* the loop statement, or the call expression */
	struct ir_loc loc;        /* where that is written */
	int it;                   /* the iteration; 0 for a call */
};

/* ---- the log ------------------------------------------------------------------ */

/* BS_RK_ASYNC: the write of an asynchronous copy (bs_async_writes), in
 * the interval it was issued in, or with BS_RK_INFLIGHT in a later one
 * of its span. */
enum bs_kind { BS_RK_READ = 1, BS_RK_WRITE = 2, BS_RK_ATOMIC = 4, BS_RK_ASYNC = 8, BS_RK_INFLIGHT = 16 };

#define BS_MAX_THREADS 1024  /* threads of a block the sites' and pairs' thread sets hold */

struct bs_site {
	const struct ir_expr *e;   /* the lvalue, or the atomic call */
	const struct ir_func *fn;  /* where it is written */
	uint8_t kinds;             /* RK_* seen */
	uint64_t exec[BS_MAX_THREADS / 64]; /* threads that ran it, in the current block shape */
	uint64_t shapes;           /* the block shapes of the current function it ran in */
};

struct bs_entry {
	const struct ir_var *obj;
	const char *field;
	uint32_t uoff;             /* off is relative to this unknown offset (rv.uoff) */
	int64_t off;
	int size;
	int site;
	int thread, phase, seq, wepoch;
	uint8_t kind;              /* BS_RK_READ / BS_RK_WRITE, | BS_RK_ATOMIC */
	uint32_t vid;              /* a write: identity of the value written, 0 unknown */
	const struct bs_lit *lits;
	const struct bs_iter *iters;
};

/* A store to a polled flag (publish), the end of a poll loop (acquire),
 * a memory fence, or an atomic or a flag's read the log does not place
 * (a protocol: a lock, a counter; blocksim_mem.c). */
enum bs_sync_kind { BS_PUBLISH, BS_ACQUIRE, BS_FENCE, BS_PROTOCOL };

struct bs_sync {
	const struct ir_var *obj;
	const char *field;
	int thread, phase, seq;
	uint8_t kind;
};

struct bs_pairrec;
struct bs_exitpass;
struct bs_exitcover;
struct bs_exitrec;

/* What the run asks of a statement, cached (bs_caches): whether a block
 * barrier is in it, and for a loop the variables it assigns (marks by
 * variable id of its function). */
struct bs_stmtfacts { const struct ir_stmt *s; uint8_t *marks; int n; int8_t barrier; };

/* A statement with a block barrier in it, run by one thread: the barriers
 * it passed there. Threads that pass different numbers at the same
 * statement have their intervals out of step from there on. */
struct bs_barevent { const struct ir_stmt *s; uint32_t ctx; int phase_in, delta, thread; bool varying; };

/* ---- barrier facts (blocksim_barriers.c) --------------------------------------------- */

/* A block barrier one thread passed, leaving interval PHASE_IN. */
struct bs_pass { const struct ir_expr *e; int phase_in, thread; };

/* Memory other than the log's __shared__ bytes, touched in an interval. */
#define BS_RM_GREAD 1     /* global memory read */
#define BS_RM_GWRITE 2    /* global memory written */
#define BS_RM_UNKNOWN 4   /* memory the run cannot place, or a protocol it does not follow */

struct bs_barsite;

/* What one interval touched besides the log's __shared__ bytes: RM_*
 * bits, and the global memory of each `__restrict__` kernel parameter
 * (by index into bs_ctx.pobjs) read and written. By the rule of
 * restrict, memory reached through such a parameter that is written at
 * all is reached through no other pointer, so those accesses conflict
 * only with accesses through the same parameter. */
struct bs_imem { uint8_t bits; uint16_t rd, wr; };

/* The memory a parameter of the function run reaches, when the file
 * does not declare it (blocksim_mem.c): an object of its own. */
struct bs_pobj {
	const struct ir_var *v;
	uint8_t mem;                   /* enum blocksim_memory */
	/* a pointer loaded from another such object (`details.warpscan`):
	 * where it was loaded from; parent NULL for a parameter's own */
	const struct ir_var *parent; const char *field; int64_t off;
	bool indexed;                  /* BLOCKSIM_MEM_THROUGH: some access of it is at an offset that differs
	                                * between threads (the current block shape) */
	bool restricted;               /* a parameter's own global memory, through a `__restrict__` pointer
	                                * (bs_restrict_param) */
};
#define BS_MAX_POBJS 16

/* The block being run (blocksim.c picks its shapes): its size, the grid
 * around it, which block of the grid it is, and its threads, numbered
 * x fastest; thread t is lane t % 32 of warp t / 32. */
struct bs_block {
	int bdim[3], gdim[3], bidx[3];
	int nthreads;
	/* the launches of the kernel being run, when its shapes are theirs
	 * (analysis/launch.h): blockDim is then no picked value, and a race
	 * in one launch's shape is a race */
	const struct kernel_launch *launch;
	int shape;                     /* index of the block shape, for the function being run (the
	                                * runs of its worlds share it: a race in one is the shape's) */
};

/* Worlds: a block-uniform branch the run cannot decide (`if (amLast)`
 * after the last block's ticket, `if (num_remaining > TILE_ITEMS)`)
 * whose two ways pass different numbers of barriers cannot be run both
 * ways in one thread and joined. Every thread of the block takes the
 * same way, so the block is run once per way instead: in run W, the
 * k-th such branch met (by statement and call and iteration context)
 * takes its then-way when bit k of W is clear. The first thread to meet
 * one runs both ways, finds them out of step, undoes them and picks;
 * the others follow its pick. At most BS_WORLD_BITS branches are picked
 * per run: a run that meets more stops there, as before worlds
 * (blocksim_worlds.c; the trial is blocksim_stmt.c's exec_undecided). */
#define BS_WORLD_BITS 3
struct bs_worlds {
	uint32_t w;                    /* this run's world */
	int n;                         /* branches picked in this run */
	int most;                      /* the most any run of this shape picked */
	struct bs_world_key { const struct ir_stmt *s; uint32_t ctx; bool way; } key[BS_WORLD_BITS];
};

/* The kinds of event in the log, and what each carries (struct bs_event). */
enum bs_event_kind {
	BS_EV_ACCESS,    /* u.acc: an access of memory the log places; a warp
	                  * sync is the warp epoch it carries (bs_entry.wepoch) */
	BS_EV_SYNC,      /* u.sync: a flag published or polled, a fence, a protocol */
	BS_EV_BARRIERS,  /* u.bars: the block barriers one thread passed in a
	                  * statement with some */
	BS_EV_PASS,      /* u.pass: one block barrier passed, in a kernel whose
	                  * barriers are judged */
	BS_EV_ASYNC_COPY,   /* u.copy: an asynchronous copy issued */
	BS_EV_ASYNC_COMMIT, /* u.commit: a group of copies committed */
	BS_EV_ASYNC_WAIT,   /* u.wait: a wait for copies */
	BS_EV_KINDS
};

/* ---- asynchronous copies (blocksim_call.c logs them, blocksim_async.c reads them) ---- */

/* Which interface issued a copy. */
enum bs_async_api {
	BS_AS_PIPELINE,  /* __pipeline_memcpy_async (its groups: __pipeline_commit) */
	BS_AS_CP_ASYNC,  /* cp.async in inline PTX (cp.async.commit_group) */
	BS_AS_CUDA,      /* cuda::memcpy_async, with a cuda::pipeline or cuda::barrier */
	BS_AS_CG,        /* cooperative_groups::memcpy_async */
};

/* An asynchronous copy one thread issued (in the log's arena). DST is its
 * destination as a write of its bytes, placed as an access's would be
 * (obj NULL when the run cannot place it, size 0 when the byte count is
 * unknown), with the site of the call and the issuing thread's interval,
 * sequence, literals and iterations. A collective copy (a group's) is
 * issued by each thread of the group, with the whole group's
 * destination: which of its bytes each thread copies is not said. */
struct bs_acopy {
	struct bs_entry dst;
	const struct ir_var *src;     /* the source's object, NULL if unknown */
	int64_t src_off;
	uint8_t api;                  /* enum bs_async_api */
	bool collective;
	int group;                    /* the commits its thread made before it: the group the next
	                               * commit closes */
};

/* A commit (__pipeline_commit, cp.async.commit_group, a pipeline's
 * producer_commit): the copies of its thread since the last one are one
 * group, number GROUP. */
struct bs_acommit { int thread, phase, seq, group; };

/* A wait by one thread: for all its copies (cp.async.wait_all,
 * cg::wait, a barrier's wait), for all but the KEEP newest groups
 * (cp.async.wait_group N, __pipeline_wait_prior(N)), or one that may
 * complete any of them, the run does not know which (a pipeline's
 * consumer_wait, cg::wait_prior<N>, a call the run does not follow). */
enum bs_wait_how { BS_WAIT_ALL, BS_WAIT_GROUPS, BS_WAIT_MAYBE };
struct bs_await { int thread, phase, seq; uint8_t how; int keep; int commits; /* made before it */ };

/* One thing one thread did, tagged with its kind. */
struct bs_event {
	uint8_t kind;                  /* enum bs_event_kind */
	union {
		struct bs_entry acc;
		struct bs_sync sync;
		struct bs_barevent bars;
		struct bs_pass pass;
		const struct bs_acopy *copy;
		struct bs_acommit commit;
		struct bs_await wait;
	} u;
};

/* The event log of one block shape's run (blocksim_log.c): what its
 * threads did, one stream of tagged events in program order (thread
 * after thread, each in the order it ran), for the queries over it
 * (races, barrier facts, exits). Events are appended (bs_log_append),
 * dropped from some point on (bs_log_truncate: a run undone), and the
 * whole log emptied after each shape (bs_log_clear, in bs_detect); an
 * event is named by its index in the stream. The index by kind (of[k]:
 * the indices of the events of kind K, in stream order) is kept as they
 * are appended, so a query reads its kinds without walking the others. */
struct bs_log {
	struct bs_event *ev; int n, cap;
	int *of[BS_EV_KINDS]; int nof[BS_EV_KINDS], capof[BS_EV_KINDS];
	struct arena *a;               /* the accesses' literals and iteration paths */
};
struct bs_log *bs_log_new(void);
void bs_log_free(struct bs_log *l);
/* A new event of kind K at the end of the log, zeroed, for the caller to
 * fill in (its u member of that kind). */
struct bs_event *bs_log_append(struct bs_log *l, enum bs_event_kind k);
/* Drops the events from index FROM on. */
void bs_log_truncate(struct bs_log *l, int from);
/* Empties the log, and frees what its accesses pointed into. */
void bs_log_clear(struct bs_log *l);
/* The indices of the events of kind K, sorted by CMP (a stable sort: in
 * stream order where CMP ties); *n of them, to free. */
int *bs_log_sorted(const struct bs_log *l, enum bs_event_kind k, int (*cmp)(const struct bs_event *, const struct bs_event *),
                   int *n);
/* The access that is event I (of kind BS_EV_ACCESS). */
static inline const struct bs_entry *bs_acc(const struct bs_log *l, int64_t i)
{
	return &l->ev[i].u.acc;
}

/* blocksim_async.c: the span of each asynchronous copy in the log, from
 * its issue to the first wait of its thread that may complete it. */
struct bs_span {
	int copy;                     /* the event index of the copy */
	int end;                      /* ... of that wait; -1: none, in flight to the run's end */
	int end_phase;                /* the interval of that wait (-1 with none) */
	bool exact;                   /* the wait surely completes it (not BS_WAIT_MAYBE) */
};
/* The spans of the copies of log L, in stream order; *n of them, to free. */
struct bs_span *bs_async_spans(const struct bs_log *l, int *n);
/* For the races query: the writes of the copies whose bytes it places,
 * one per interval of each one's span (BS_RK_ASYNC, BS_RK_INFLIGHT past
 * the first), those KEEP accepts, kept in c->races.copies (entry
 * log->n + i is copies[i]); SLOTS (*NS of them, as bs_word_slots gives
 * them) with their words added, sorted again in the order O. */
int64_t (*bs_async_slots(struct bs_ctx *c, int64_t (*slots)[2], int *ns, bool (*keep)(const struct bs_entry *, void *),
                         void *arg, const struct bs_slot_order *o))[2];

/* What one block shape's run found besides its log, for the barrier
 * facts and the exits; reset for the next shape where it is read. */
struct bs_shape_facts {
	bool unfit;                    /* a thread of this block shape indexed past a __shared__ array */
	bool outside;                  /* the same, for the races (bs_detect) */
	int kept[3], nkept;            /* the threads that did not: their extent in each dimension, and
	                                * how many there are */
	bool xlost, xunplaced;         /* exits: a thread was lost, a __shared__ access had an unknown
	                                * address */
	struct bs_imem *pmem; int npmem; /* per interval */
};

/* What the queries gather over every function and block shape, each
 * for its own facts. The races (blocksim_races.c): the pairs of sites
 * that race, over every shape and kernel. */
struct bs_race_state {
	struct bs_pairrec *pairs; int npairs, cappairs;
	/* the current shape's copies' writes (bs_async_slots) */
	struct bs_entry *copies; int ncopies;
	struct cl_htab *index;         /* {at, other, kind} -> index + 1 */
};

/* The barrier facts (blocksim_barriers.c). */
struct bs_judge_state {
	bool judging;                  /* a kernel with barriers to judge runs */
	bool inexact;                  /* a thread lost, or a path not run: judge nothing */
	int shapes_judged;
	const struct ir_func *judged;
	struct bs_barsite *sites; int nsites, capsites;
	int first_site;                /* the first of the current kernel's */
};

/* The early exits (blocksim_exit.c): the current block shape's passes
 * and what the exits' arms wrote; the verdicts so far. */
struct bs_exit_state {
	struct bs_exitpass *pass; int npass, cappass;
	struct bs_exitcover *cover; int ncover, capcover;
	struct bs_exitrec *recs; int nrecs, caprecs;
};

/* Everything one unit's simulation keeps: the unit caches, the block
 * being run and its log, and what the queries gather over every function
 * (races, barrier facts, exits, stops). */
struct bs_ctx {
	const struct ir_unit *u;
	const struct memorder *mo;
	const struct memspace *ms;
	const struct ir_var *dynamic;  /* the first extern __shared__ array: all of them are one */
	/* device functions with bodies, by name: what a dependent call
	 * `f<T>(x)` in a template runs */
	const struct ir_func **named; int nnamed;
	struct bs_caches cache;
	/* sites, with an index by expression (index + 1), and a direct-mapped
	 * memo in front of it (bs_site_of, asked at every access) */
	struct bs_site *sites; int nsites, capsites;
	/* the frames of calls that have returned, for the next calls to
	 * reuse (bs_frame_new): a run makes millions of calls */
	struct bs_frame **frames; int nframes, capframes;
	uint32_t frame_gen;            /* the last generation given a frame */
	struct cl_htab *site_index;
	struct { const struct ir_expr *e; int site; } site_memo[BS_MEMO];
	/* the run of the current block shape */
	struct bs_block block;
	struct bs_log *log;
	struct bs_shape_facts per_shape;
	struct bs_worlds worlds;
	struct bs_pobj pobjs[BS_MAX_POBJS]; int npobjs;  /* the function being run's */
	bool root_tid;                 /* the function being run uses threadIdx (it or a callee) */
	struct bs_race_state races;
	struct bs_judge_state judge;
	/* where the current function's run first lost a thread, and the
	 * functions whose runs did (blocksim_stops) */
	struct blocksim_stop stop;
	struct blocksim_stop *stops; int nstops, capstops;
	struct bs_exit_state exit;
	/* a look at each block shape's log before the queries read it (bs_trace) */
	void (*observe)(const struct bs_log *l, const struct bs_block *b, void *arg);
	void *observe_arg;
};

/* What the run needs of TYPE (struct bs_tinfo), asked at nearly every
 * node a thread evaluates: a few spellings, millions of times. A
 * direct-mapped memo by the spelling's address answers here, inline; a
 * miss goes to the unit's table (bs_type_fill). The spellings are
 * interned in one arena, close together, so the address is mixed
 * (Fibonacci hashing): its low bits alone put many in one slot. */
const struct bs_tinfo *bs_type_fill(struct bs_ctx *c, const char *type);

/* The slot of address P in a memo of BS_MEMO entries. */
static inline unsigned bs_memo_slot(const void *p)
{
	return (unsigned)(((uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15u) >> (64 - BS_MEMO_BITS));
}

/* The slot of the pair of addresses P, Q in a memo of BS_MEMO2 entries. */
static inline unsigned bs_memo2_slot(const void *p, const void *q)
{
	uint64_t k = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15u ^ (uint64_t)(uintptr_t)q;
	return (unsigned)((k * 0x9e3779b97f4a7c15u) >> (64 - BS_MEMO2_BITS));
}

static inline const struct bs_tinfo *bs_type(struct bs_ctx *c, const char *type)
{
	const struct bs_tinfo *ti = type ? c->cache.memo[bs_memo_slot(type)] : NULL;
	if (ti && ti->t == type && ti->tparam == c->block.bdim[0])
		return ti;
	return bs_type_fill(c, type);
}

/* The device function a call E runs (blocksim_call.c): its target, the
 * conversion a SharedMemory<T>() stands for, or the one device function
 * of its name for a dependent call; NULL for a call the run does not
 * follow into. */
const struct ir_func *bs_callee(const struct bs_ctx *c, const struct ir_expr *e);
/* Frees the frames the run kept for reuse (blocksim_call.c). */
void bs_frames_free(struct bs_ctx *c);

/* Runs the simulation of unit U (its blocksim pass) again, and calls FN
 * with each block shape's log after the shape's threads ran, before the
 * queries read it: what a test reads of the event stream. */
void bs_trace(const struct ir_unit *u, void (*fn)(const struct bs_log *l, const struct bs_block *b, void *arg), void *arg);

/* blocksim_mem.c: memory the file does not declare. The value parameter P
 * of the function run (a kernel: KERNEL) starts with: an object of its
 * own for a pointer or reference (*is_ref: the slot holds a reference's
 * address). */
struct bs_rv bs_param_value(struct bs_ctx *c, bool kernel, const struct ir_var *p, bool *is_ref);
/* The memory a pointer loaded through E from LOC (an object of those
 * above) points to: an object of its own, or BS_RV_TOP. */
struct bs_rv bs_loaded_pointer(struct bs_ctx *c, struct bs_rv loc, const struct ir_expr *e);
/* Which memory OBJ is (enum blocksim_memory), and whether the log compares
 * its accesses at all (a THROUGH object only when it is indexed by
 * thread). */
int bs_obj_memory(const struct bs_ctx *c, const struct ir_var *obj);
bool bs_obj_compared(const struct bs_ctx *c, const struct ir_var *obj);
/* The index in c->pobjs of OBJ when it is the global memory of a
 * kernel's `__restrict__` pointer parameter (its own, not one loaded
 * from memory), else -1. */
int bs_restrict_param(const struct bs_ctx *c, const struct ir_var *obj);
/* Whether OBJ is the memory of a pointer loaded from memory
 * (bs_loaded_pointer). */
bool bs_obj_loaded(const struct bs_ctx *c, const struct ir_var *obj);
/* Marks the THROUGH objects the current log indexes by thread. */
void bs_mark_indexed(struct bs_ctx *c);

int bs_site_of(struct bs_ctx *c, const struct ir_expr *e, const struct ir_func *fn);
/* The function a call without a callee names, when one is plainly meant:
 * the only template of that name, or the only function. */
const struct ir_func *bs_named(const struct bs_ctx *c, const char *name);
const char *bs_path(struct bs_ctx *c, const char *base, const char *member);
/* Appends access E to the log, and marks its site run by its thread. */
void bs_log(struct bs_ctx *c, const struct bs_entry *e);
/* How a query orders its slots {event index, word}: by GROUP, the fields
 * that put the accesses of one word side by side (BS_GROUP_KEY words,
 * most significant first, each an unsigned word that orders as its field
 * does: bs_key_int for a signed one, a pointer's address as it is, unused
 * words 0), then within a group by INNER (a qsort_r comparator of two
 * slots, its third argument the context), then in the order given. */
#define BS_GROUP_KEY 5
struct bs_slot_order {
	void (*group)(const struct bs_ctx *c, const int64_t slot[2], uint64_t key[BS_GROUP_KEY]);
	int (*inner)(const void *pa, const void *pb, void *c);
};

static inline uint64_t bs_key_int(int64_t v)
{
	return (uint64_t)v ^ ((uint64_t)1 << 63);
}

/* Sorts the N SLOTS in the order O (bs_slot_order). */
void bs_sort_slots(const struct bs_ctx *c, int64_t (*slots)[2], int n, const struct bs_slot_order *o);
/* One slot {event index, word} per 4-byte word each logged access covers,
 * of the accesses KEEP accepts (NULL: all), in the order O; *n of them,
 * to free. */
int64_t (*bs_word_slots(struct bs_ctx *c, bool (*keep)(const struct bs_entry *, void *), void *arg,
                        const struct bs_slot_order *o, int *n))[2];
/* Slots by object, field, word, interval, then thread: every access of
 * one word of one object side by side (blocksim_barriers.c). */
extern const struct bs_slot_order bs_by_word;
/* Drops the events from index FROM on (a thread's run, or an exit's arm
 * run aside), and the marks of their accesses' sites. */
void bs_unlog(struct bs_ctx *c, int from);
/* Marks again the sites of what was logged from FROM on: the start of
 * the running thread's run, after a bs_unlog of a later part of it
 * (threads run one after another, so that is the thread's own). */
void bs_remark(struct bs_ctx *c, int from);

/* Runs thread LIN of the current block shape over function ROOT. */
void bs_run_thread(struct bs_ctx *c, const struct ir_func *root, bool kernel, int lin);
/* Finds the pairs that race in the current log, then clears it. */
void bs_detect(struct bs_ctx *c);
/* After every block shape of one function: the pairs that raced in each
 * shape where both their accesses ran are confirmed. */
void bs_settle_function(struct bs_ctx *c);
void bs_pairs_free(struct bs_ctx *c);
/* Whether two accesses' literals cannot hold together in one block. */
bool bs_contradicts(const struct bs_lit *a, const struct bs_lit *b);

/* blocksim_barriers.c: the barriers of kernel F to judge, before its shapes
 * run; each shape's passes and other memory, judged before bs_detect
 * clears the log; the verdicts, after the last shape. */
void bs_barriers_begin(struct bs_ctx *c, const struct ir_func *f, bool kernel);
void bs_pass_barrier(struct bs_ctx *c, const struct ir_expr *e, int phase_in, int thread);
void bs_touch(struct bs_ctx *c, int phase, int bits);
/* The global memory of `__restrict__` parameter POBJ (bs_restrict_param)
 * read or written in interval PHASE. */
void bs_touch_param(struct bs_ctx *c, int phase, int pobj, bool write);
void bs_barriers_shape(struct bs_ctx *c);
void bs_barriers_end(struct bs_ctx *c);
/* The barriers that order nothing or only lanes of one warp. */
int bs_barrier_facts(struct bs_ctx *c, struct blocksim_barrier_fact **out);
void bs_barriers_free(struct bs_ctx *c);
/* Whether code the run skipped may touch memory or pass a barrier: the
 * arm of a condition decided by a picked value (rv.prm). */
bool bs_skipped_matters(const struct ir_stmt *s, const struct ir_expr *e);
/* Source order: file, line, column. */
int bs_cmp_loc(const struct ir_loc *a, const struct ir_loc *b);
/* blocksim_exit.c: the current block shape's exits judged, before bs_detect
 * clears the log; the verdicts, after the last function. */
void bs_exits_shape(struct bs_ctx *c);
int bs_exit_facts(struct bs_ctx *c, struct blocksim_exit_fact **out);
void bs_exits_free(struct bs_ctx *c);
/* Words of __shared__ memory written by the accesses the log holds from
 * event FROM on: the arm of exit RET, run aside. */
void bs_exit_cover(struct bs_ctx *c, const struct ir_stmt *ret, int from);
/* blocksim_races.c: the races of the confirmed pairs, one per write and
 * per access reported, in source order; *out to free. */
int bs_races_found(struct bs_ctx *c, struct blocksim_race **out);

#endif
