/* memorder.h - facts the memory-ordering rules (CL2001-CL2005) share.
 *
 * Accesses: every memory event of a function in program order (loads,
 * stores, atomics, fences, barriers), with the memory object and space
 * from memspace.h. Polls: loops that wait for a location another thread
 * writes, read at a loop-invariant address the loop itself does not
 * write. Deciding atomics: read-modify-writes whose result decides a
 * branch (tickets, locks). Sync objects: the memory objects polls and
 * deciding atomics synchronise on; a store to one publishes. */
#ifndef CUDALINT_MEMORDER_H
#define CUDALINT_MEMORDER_H

#include "analysis/intrinsics.h"
#include "analysis/memspace.h"
#include "ir/ir.h"

enum mo_acc_kind {
	ACC_LOAD, ACC_STORE, ACC_ATOMIC, ACC_FENCE,
	ACC_BARRIER,   /* block (or grid) barrier */
	ACC_WARP_SYNC, /* __syncwarp: orders memory within a warp */
	ACC_CALL,      /* call of a function defined in the file that is not seen through */
	ACC_ASYNC_WAIT,/* waits for asynchronous copies (cg::wait, pipeline waits) */
	ACC_INLINED,   /* call of a __device__ helper whose accesses follow, as if inlined */
};

/* How deep helpers are seen through (memorder_access.c): a call of a
 * __device__ function of the file with one callee and no inline asm runs
 * its body's accesses in place of the call, to this depth; a recursive
 * call, or one deeper, stays an opaque ACC_CALL. */
#define MO_INLINE_DEPTH 4

struct mo_access {
	enum mo_acc_kind kind;
	struct ir_expr *e;          /* the lvalue (load/store) or the call */
	struct ir_stmt *stmt;       /* statement containing it */
	const struct ir_var *obj;   /* memory object, NULL if unknown */
	const char *field;          /* the object's member it touches, NULL for all of it */
	enum ir_space space;
	bool is_volatile;
	enum intrinsic in;          /* atomics, fences, barriers */
	enum mem_scope scope;       /* fences and atomics */
	enum mem_order order;       /* atomics and fences */
	/* an access of a helper seen through: the call in the walked
	 * function that reaches it (NULL for the function's own accesses).
	 * e is then the helper's expression and stmt the caller's statement
	 * holding the call. */
	struct ir_expr *via;
};

/* Where to report an access: at the call that reaches it in a helper. */
static inline struct ir_loc mo_access_loc(const struct mo_access *a)
{
	return a->via ? a->via->loc : a->e->loc;
}

enum mo_poll_kind { POLL_PLAIN, POLL_VOLATILE, POLL_ATOMIC, POLL_ASM };

struct mo_poll {
	const struct ir_func *fn;
	struct ir_stmt *loop;
	struct ir_expr *cond;        /* the exit condition */
	struct ir_expr *load;        /* the load (or atomic call, or the asm output) observed */
	struct ir_loc at;            /* where to report the observation */
	const struct ir_var *obj;
	const char *field;
	enum ir_space space;
	enum mo_poll_kind kind;
	enum mem_order order;        /* POLL_ATOMIC / POLL_ASM */
	bool body_forces_reload;     /* fence, barrier, atomic or call in the loop body */
};

/* A memory object, or one member of it (a mailbox's `full` flag and its
 * `payload` are different objects). */
struct mo_objkey {
	const struct ir_var *obj;
	const char *field;
};

struct mo_site;

struct memorder {
	const struct memspace *ms; /* the unit's (ir_unit.memspace) */
	struct mo_poll *polls; int npolls;
	struct ir_expr **deciding; int ndeciding; /* deciding RMW atomic calls */
	struct mo_objkey *sync; int nsync;           /* sync objects: polled, or tickets */
	struct mo_objkey *polled; int npolled;       /* objects some loop polls */
	struct mo_objkey *waited; int nwaited;       /* objects a poll's exit condition reads
	                                           * (`head - tail >= size`: head, tail, size) */
	struct mo_objkey *written; int nwritten;     /* objects device code stores to */
	/* the stores and atomic writes of device code, each in the function
	 * that makes it (memorder_level.c tells a pointer from its target) */
	struct mo_store {
		const struct ir_var *obj; const char *field;
		const struct ir_expr *e; const struct ir_stmt *stmt; /* the lvalue, or the atomic call */
		bool atomic;
	} *stores;
	int nstores, cstores;
	struct mo_objkey *read; int nread;           /* objects device code reads (a load, or an
	                                           * atomic whose result is used) */
	struct mo_objkey *rewritten; int nrewritten; /* objects stored to at two places or more */
	/* the publications and observations of sync objects, with the
	 * blocks they run in (memorder_sites.c) */
	struct mo_site *sites; int nsites;
	struct mo_objkey *block_scoped; int nblock_scoped; /* sync objects whose every atomic has block scope */
	/* stores some write of a sync object follows in its function: the
	 * data a producer hands over, or a critical section releases */
	struct mo_released {
		const struct ir_var *obj; const char *field; const struct ir_expr *e; /* the store */
		const struct ir_var *flag; const char *flag_field;                    /* the write after it */
	} *released;
	int nreleased;
	/* the calls of the file's functions in device code, each from the
	 * function that makes it (not through a helper seen through) */
	struct mo_call {
		const struct ir_func *caller, *callee;
		struct ir_stmt *stmt;       /* the caller's statement holding the call */
		const struct ir_expr *call;
	} *calls;
	int ncalls;
	/* per function, a method: the object every call of it is made on
	 * (`l` of `l.lock()`), which its members of `this` belong to; NULL
	 * when the calls disagree or there is none */
	const struct ir_expr **this_recv;
	const struct ir_unit *u;
	/* variables derived from deciding atomics' results */
	uint8_t **taint_local; int nfuncs;
	const struct ir_var **taint_shared; int ntaint_shared;
};

/* The facts for u, over its memory objects MS. Needs the uniformity
 * analysis to have run (it marks analysed functions). */
struct memorder *mo_new(const struct ir_unit *u, const struct memspace *ms);
void mo_free(struct memorder *m);

bool mo_is_sync(const struct memorder *m, const struct ir_var *obj, const char *field);
bool mo_is_polled(const struct memorder *m, const struct ir_var *obj, const char *field);
/* Whether a poll's exit condition reads the object: a counter the loop
 * waits on beside the flag (a ring buffer's tail in `head - tail >= size`),
 * re-read each time round, not data the flag hands over. */
bool mo_is_waited(const struct memorder *m, const struct ir_var *obj, const char *field);
bool mo_is_written(const struct memorder *m, const struct ir_var *obj, const char *field);
/* Whether load a reads memory device code writes. A pointer read itself
 * (`ring_base`, `r->items`) shares its object and member with the memory
 * it points at (`ring_base[i]`, `r->items[i]`); only a store to the
 * pointer (`ring_base = p`) writes it: one the host set before the launch
 * hands nothing over, whatever is written where it points
 * (memorder_level.c). */
bool mo_load_written(const struct memorder *m, const struct mo_access *a);
bool mo_is_read(const struct memorder *m, const struct ir_var *obj, const char *field);
bool mo_is_rewritten(const struct memorder *m, const struct ir_var *obj, const char *field);
/* Whether a store to the object other than e is followed, in its
 * function, by a write of the sync object flag (it is data the thread
 * that sets the flag hands over, or releases with a lock). */
bool mo_released_elsewhere(const struct memorder *m, const struct ir_var *obj, const char *field,
                                 const struct ir_expr *e, const struct ir_var *flag, const char *flag_field);
/* The function whose body holds statement s, or NULL. */
const struct ir_func *mo_func_of(const struct memorder *m, const struct ir_stmt *s);
/* atomicAdd(p, 0) and the like: a read written as a read-modify-write. */
bool mo_rmw_reads_only(const struct ir_expr *call);
/* Whether two accesses may touch the same memory. */
bool mo_same_object(const struct ir_var *a, const char *fa, const struct ir_var *b, const char *fb);
/* Whether expression tree TREE, or the expressions of statement tree S,
 * hold the node X itself (by identity, not by value). */
bool mo_expr_holds(const struct ir_expr *tree, const struct ir_expr *x);
bool mo_stmt_holds(const struct ir_stmt *s, const struct ir_expr *x);
/* The member of the base object an lvalue designates: `mb->payload[i]` -> payload. */
const char *mo_field(const struct ir_expr *lv);

/* Accesses of one expression tree, in evaluation order. */
typedef int (*mo_access_fn)(const struct mo_access *a, void *arg); /* nonzero: stop */
int mo_expr_accesses(const struct memorder *m, struct ir_expr *e, struct ir_stmt *st, mo_access_fn fn, void *arg);
/* Accesses of a statement tree (both arms of branches). */
int mo_stmt_accesses(const struct memorder *m, struct ir_stmt *s, mo_access_fn fn, void *arg);
/* Accesses after statement s in program order, up to the function's end:
 * later siblings, then the parents' later siblings. */
int mo_after(const struct memorder *m, struct ir_stmt *s, mo_access_fn fn, void *arg);
/* Accesses before statement s, nearest first. */
int mo_before(const struct memorder *m, struct ir_stmt *s, mo_access_fn fn, void *arg);

/* Whether obj is a __shared__ variable a deciding atomic's result went
 * to (`amLast`, a broadcast ticket `tile`): reading it reads the ticket,
 * not data handed over by it. */
bool mo_holds_ticket(const struct memorder *m, const struct ir_var *obj);

/* Whether st sits inside a branch or loop decided by a deciding atomic's
 * result (through variables derived from it). */
bool mo_in_decided_branch(const struct memorder *m, const struct ir_func *fn, const struct ir_stmt *st);

/* Which threads a hand-off through a sync object connects, for the scope
 * its ordering needs (memorder_extent.c):
 *   BLOCK    only threads of one block: __shared__ memory, or an object
 *            every atomic of which has block scope (atomicExch_block,
 *            thread_scope_block), so that another block could not take
 *            part without a scoped race of its own;
 *   CROSS    threads of different blocks, provably: the publication and
 *            the observation are in different functions, or run in
 *            different sets of blocks (`blockIdx.x == 0` against the
 *            else branch), or the object is a counter every block adds
 *            to (a ticket), or its writer is outside the device code of
 *            the file;
 *   UNKNOWN  neither: both sides run in every block alike, guarded by
 *            threadIdx only. A global flag so used connects threads of
 *            one block in a grid of one block and of several blocks in a
 *            bigger grid, which cudalint cannot see; the rules then
 *            accept block-scope ordering (the programmer's choice) and
 *            never call a device-scope one too wide. */
/* CROSS is 0: a scan whose caller names no extent keeps the strict rule */
enum mo_extent { EXTENT_CROSS, EXTENT_UNKNOWN, EXTENT_BLOCK };
/* The extent of the hand-offs of a publication (by the access expression
 * of its store or atomic) and of an observation (a poll's load, or a
 * deciding atomic); CROSS when the expression is not a known site and
 * the object is not __shared__ (what cudalint assumed before it told
 * blocks apart). */
enum mo_extent mo_write_extent(const struct memorder *m, const struct ir_expr *e);
enum mo_extent mo_read_extent(const struct memorder *m, const struct ir_expr *e);
/* A hand-off ordered by block barriers alone: the publication sits
 * between two __syncthreads() with no other access to its object in
 * between (so every observation of it runs after a barrier that follows
 * it), or, for an observation, every write it can observe does; never
 * for a CROSS extent. */
bool mo_write_barrier_ordered(const struct memorder *m, const struct ir_expr *e);
/* A write no observation of its object can leave on: the polls wait for
 * other values (`lock[i] = 0` where every poll waits for 1). */
bool mo_write_unobserved(const struct memorder *m, const struct ir_expr *e);
bool mo_read_barrier_ordered(const struct memorder *m, const struct ir_expr *e);

/* Of any two statements of function fn (memorder_pins.c, for accesses
 * that are no sync sites): whether the branches and early returns above
 * them provably let them run in different sets of blocks
 * (`blockIdx.x == 0` against its else branch); and whether nothing
 * above st reads blockIdx, so that it runs in every block of the grid. */
bool mo_blocks_differ(const struct ir_func *fn, struct ir_stmt *a, struct ir_stmt *b);
bool mo_every_block(const struct ir_func *fn, struct ir_stmt *st);

/* Whether access a is a barrier that orders a hand-off needing scope
 * need: a block barrier (or grid sync, or a library call that may sync
 * the block) orders memory for the block only. */
bool mo_barrier_orders(const struct mo_access *a, enum mem_scope need);
/* The block barrier statement s is (a call of __syncthreads() and the
 * like, intrinsic_is_block_barrier), IN_NONE for any other statement:
 * the barriers the extents' intervals end at, and those CL2005 finds a
 * fence next to. */
enum intrinsic mo_barrier_stmt(const struct ir_stmt *s);

/* "`*flag`", "`box->ready`": the source of an lvalue for messages. */
const char *mo_describe(const struct ir_expr *e, char *buf, unsigned len);

#endif
