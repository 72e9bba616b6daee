/* CL2006 underwide-scope: a fence or atomic whose scope leaves out threads
 * on the other side of the hand-off it makes. In the PTX memory model an
 * operation of block scope synchronises, and is atomic, only with threads
 * of its own block: a block-scope fence before a flag another block
 * polls orders nothing for that block, and two block-scope atomics of
 * different blocks on one location race (the "scoped race" of ScoRD).
 * Likewise device scope leaves out the CPU.
 *
 * Reported only where cudalint sees the other side:
 *   fences   the release and acquire scans of CL2003/CL2004
 *            (memorder_scan_sites.c) went past a fence of too narrow
 *            a scope before reaching the unordered data access; the hand-off's
 *            extent (memorder.h) says it crosses blocks, or the
 *            publication is a device-scope atomic on an object the same
 *            function also writes with block-scope atomics (the program
 *            tells its scopes apart, and chose device scope here);
 *   atomics  a block-scope atomic on global memory that another block
 *            reaches: the same address in a branch that runs in other
 *            blocks, a grid-wide address in a kernel every launch of
 *            which has several blocks, a sync object whose hand-offs
 *            cross blocks, or an object the function also updates with
 *            device scope, except where an if picks the scope (one arm
 *            block, the other device: the program's own partition);
 *   host     a device-scope fence between stores and a volatile or
 *            atomic write to host-mapped memory (memspace.h).
 * Anything else, a grid cudalint cannot see included, stays quiet. */
#include "analysis/launch.h"
#include "checks.h"
#include "ordering.h"
#include "analysis/scope_index.h"

#include <stdio.h>
#include <string.h>

#define MAX_DONE 64

struct scope_ctx {
	struct cl_ctx *cx;
	const struct memorder *m;
	const struct ir_unit *u;
	const struct ir_func *fn;
	const struct ir_expr *done[MAX_DONE]; /* the fences and atomics reported */
	int ndone;
};

/* One finding per fence or atomic, whichever hand-offs it fails. */
static bool first_report(struct scope_ctx *sc, const struct ir_expr *e)
{
	for (int i = 0; i < sc->ndone; i++)
		if (sc->done[i] == e)
			return false;
	if (sc->ndone < MAX_DONE)
		sc->done[sc->ndone++] = e;
	return true;
}

static const struct ir_expr *target(const struct mo_access *a)
{
	return a->kind == ACC_ATOMIC && a->e->nkids ? a->e->kids[0] : a->e;
}

static bool is_write(const struct mo_access *a)
{
	return a->kind == ACC_STORE ||
	       (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD && !mo_rmw_reads_only(a->e));
}

/* ---- fences ------------------------------------------------------------------ */

/* A device-scope atomic write of an object fn also writes with a
 * block-scope atomic: *other is set to that one. */
struct mixed { const struct mo_access *a; const struct mo_access *other; struct mo_access found; };

static int block_scoped_write(const struct mo_access *a, void *arg)
{
	struct mixed *mx = arg;
	if (a->kind == ACC_ATOMIC && a->scope == SCOPE_BLOCK && is_write(a) &&
	    mo_same_object(a->obj, a->field, mx->a->obj, mx->a->field)) {
		mx->found = *a;
		mx->other = &mx->found;
		return 1;
	}
	return 0;
}

static const struct mo_access *scopes_told_apart(const struct scope_ctx *sc, const struct mo_access *a, struct mixed *mx)
{
	*mx = (struct mixed){ .a = a };
	if (a->kind != ACC_ATOMIC || a->scope != SCOPE_DEVICE || !is_write(a) || a->space == SPACE_SHARED)
		return NULL;
	mo_stmt_accesses(sc->m, sc->fn->body, block_scoped_write, mx);
	return mx->other;
}

static void narrow_release(struct scope_ctx *sc, const struct mo_access *a, const struct mo_scan *s,
                           const struct mo_access *told)
{
	if (!first_report(sc, s->narrow.e))
		return;
	char fence[64], flag[96], data[96], why[256];
	intrinsic_display(s->narrow.e, fence, sizeof fence);
	mo_describe(target(a), flag, sizeof flag);
	mo_describe(s->hit.e, data, sizeof data);
	if (told) {
		char atom[64], other[64];
		intrinsic_display(a->e, atom, sizeof atom);
		intrinsic_display(told->e, other, sizeof other);
		snprintf(why, sizeof why, "`%s` has device scope where `%s` elsewhere has block scope, which says this "
		         "publication is for threads of other blocks", atom, other);
	} else {
		snprintf(why, sizeof why, "its consumers run in other blocks");
	}
	struct cl_finding *f = cl_report(sc->cx, &cl_rules[RULE_CL2006], mo_access_loc(&s->narrow),
		"`%s` has block scope: it orders the store to `%s` before the publication of `%s` only for "
		"threads of this block, but %s; a consumer there can see the flag and still read stale data "
		"(a scoped race); use `__threadfence()`, or publish with "
		"`cuda::atomic_ref<T, cuda::thread_scope_device>::store(v, cuda::memory_order_release)`",
		fence, data, flag, why);
	cl_note(f, mo_access_loc(a), "the publication");
	if (told)
		cl_note(f, told->e->loc, "a block-scope write of the same object");
	cl_note(f, s->hit.e->loc, "data stored here");
}

static void check_publication(struct scope_ctx *sc, const struct mo_access *a)
{
	struct mo_scan s;
	if (!mo_publication_scan(sc->m, sc->fn, a, -1, &s))
		return;
	if (s.found && s.narrowed) {
		narrow_release(sc, a, &s, NULL);
		return;
	}
	/* the extent was not proven to cross blocks, and the fence was taken
	 * for the programmer's choice; the write's own scope may say more */
	struct mixed mx;
	const struct mo_access *told = s.extent == EXTENT_UNKNOWN ? scopes_told_apart(sc, a, &mx) : NULL;
	if (told && mo_publication_scan(sc->m, sc->fn, a, EXTENT_CROSS, &s) && s.found && s.narrowed)
		narrow_release(sc, a, &s, told);
}

static void narrow_acquire(const struct mo_scan *s, const struct ir_expr *obs, bool ticket, const struct ir_func *fn,
                           void *arg)
{
	struct scope_ctx *sc = arg;
	if (!s->narrowed || !first_report(sc, s->narrow.e))
		return;
	char fence[64], flag[96], data[96];
	intrinsic_display(s->narrow.e, fence, sizeof fence);
	mo_describe(obs->kind == EK_CALL && obs->nkids ? obs->kids[0] : obs, flag, sizeof flag);
	mo_describe(s->hit.e, data, sizeof data);
	sc->cx->fn = fn;
	struct cl_finding *f = cl_report(sc->cx, &cl_rules[RULE_CL2006], mo_access_loc(&s->narrow),
		"`%s` has block scope: it orders the access to `%s` after the observation of `%s` only against "
		"threads of this block, but the %s written by threads of other blocks, so the access can "
		"see data older than the %s (a scoped race); use `__threadfence()`, or observe with "
		"`cuda::atomic_ref<T, cuda::thread_scope_device>::load(cuda::memory_order_acquire)`",
		fence, data, flag, ticket ? "ticket is" : "flag is", ticket ? "ticket" : "flag");
	cl_note(f, obs->loc, ticket ? "the atomic whose result decides the branch" : "the flag is observed here");
	cl_note(f, s->hit.e->loc, "the access");
	sc->cx->fn = NULL;
}

/* ---- block-scope atomics ---------------------------------------------------- */

/* What proves another block reaches the location of block-scope atomic
 * b: an access of the walk (same object) and the words for it. */
struct reach {
	struct scope_ctx *sc;
	const struct mo_access *b;
	bool grid_addr;      /* b's address is the same in every thread of the grid */
	bool block_slots;    /* b's address is the same in every thread of a block */
	struct mo_access other; /* the witness */
	int why;             /* 0 none, 1 same address in other blocks, 2 device scope */
};

static const struct ir_expr *address(const struct mo_access *a)
{
	const struct ir_expr *e = target(a);
	e = ir_strip(e);
	if (e->kind == EK_UNARY && e->op == OP_ADDR)
		e = ir_strip(e->kids[0]);
	return e;
}

/* How far the location an address designates varies: the join of the
 * levels of its indices and base pointers (`head[bid]`: U_BLOCK, one
 * location per block; `done[tid]`: U_THREAD), not of the value there. */
static enum uni_level location_level(const struct ir_expr *e)
{
	e = ir_strip(e);
	switch (e->kind) {
	case EK_INDEX: {
		enum uni_level a = location_level(e->kids[0]), i = e->kids[1]->level;
		return a > i ? a : i;
	}
	case EK_MEMBER:
		return e->nkids ? location_level(e->kids[0]) : U_GRID;
	case EK_UNARY:
		return e->op == OP_DEREF ? e->kids[0]->level : U_THREAD;
	case EK_VAR:
		return U_GRID;
	default:
		return U_THREAD;
	}
}

static const struct ir_expr *index_of(const struct ir_expr *lv)
{
	return lv->kind == EK_INDEX && lv->nkids == 2 ? lv->kids[1] : NULL;
}

struct wider_in { const struct mo_access *b; bool found; };

static int wider_atomic(const struct mo_access *a, void *arg)
{
	struct wider_in *w = arg;
	if (a->kind == ACC_ATOMIC && a->scope > SCOPE_BLOCK &&
	    mo_same_object(a->obj, a->field, w->b->obj, w->b->field))
		w->found = true;
	return w->found;
}

/* An if above b whose other arm has an atomic of wider scope on the same
 * object: the program partitions the accesses by scope itself
 * (`if (only_my_block) atomicAdd_block(p, v); else atomicAdd(p, v);`). */
static bool scope_chosen_by_branch(const struct memorder *m, const struct mo_access *b)
{
	for (const struct ir_stmt *c = b->stmt; c && c->parent; c = c->parent) {
		const struct ir_stmt *p = c->parent;
		if (p->kind != SK_IF || (c != p->u.if_.then && c != p->u.if_.els))
			continue;
		struct ir_stmt *other = c == p->u.if_.then ? p->u.if_.els : p->u.if_.then;
		struct wider_in w = { b, false };
		if (other)
			mo_stmt_accesses(m, other, wider_atomic, &w);
		if (w.found)
			return true;
	}
	return false;
}

static int reaching(const struct mo_access *a, void *arg)
{
	struct reach *r = arg;
	const struct mo_access *b = r->b;
	if (a->e == b->e || a->kind != ACC_ATOMIC || !mo_same_object(a->obj, a->field, b->obj, b->field))
		return 0;
	if (r->grid_addr && ir_expr_equal(address(a), address(b)) &&
	    mo_blocks_differ(r->sc->fn, b->stmt, a->stmt)) {
		r->other = *a;
		r->why = 1;
		return 1;
	}
	/* a device-scope access at another address (`head[otherBlock]`
	 * against `head[bid]`) says most; keep looking for the stronger
	 * witness of the same address in other blocks */
	/* both locations chosen per block (slots of a per-block array), at
	 * different addresses: threads of one block reach another's slot */
	if (a->scope > SCOPE_BLOCK && !ir_stmt_inside(a->stmt, b->stmt) && r->block_slots &&
	    location_level(address(a)) <= U_BLOCK && !ir_expr_equal(address(a), address(b)) &&
	    (r->why == 0 || (ir_expr_equal(address(&r->other), address(b)) && !ir_expr_equal(address(a), address(b))))) {
		r->other = *a;
		r->why = 2;
	}
	return 0;
}

/* Every launch of kernel fn the unit shows has more than one block. */
static bool launched_with_blocks(const struct ir_unit *u, const struct ir_func *fn)
{
	const struct kernel_launch *k = fn->is_global ? launch_of(u, fn) : NULL;
	if (!k)
		return false;
	long n = 1;
	for (int d = 0; d < 3; d++) {
		if (!k->grid[d])
			return false;
		n *= k->grid[d];
	}
	return n > 1;
}

/* Every atomic of the object has block scope (memorder.h). */
static bool all_block_scoped(const struct memorder *m, const struct mo_access *b)
{
	for (int i = 0; i < m->nblock_scoped; i++)
		if (m->block_scoped[i].obj == b->obj &&
		    (m->block_scoped[i].field == b->field ||
		     (m->block_scoped[i].field && b->field && !strcmp(m->block_scoped[i].field, b->field))))
			return true;
	return false;
}

static bool is_poll_or_decision(const struct memorder *m, const struct ir_expr *e)
{
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].load == e)
			return true;
	for (int i = 0; i < m->ndeciding; i++)
		if (m->deciding[i] == e)
			return true;
	return false;
}

static void check_block_atomic(struct scope_ctx *sc, const struct mo_access *b)
{
	const struct memorder *m = sc->m;
	if (b->scope != SCOPE_BLOCK || b->space == SPACE_SHARED || b->space == SPACE_LOCAL || !b->obj ||
	    scope_chosen_by_branch(m, b))
		return;
	const struct ir_expr *addr = address(b);
	enum uni_level lv = location_level(addr);
	struct reach r = { .sc = sc, .b = b, .grid_addr = lv == U_GRID, .block_slots = lv <= U_BLOCK };
	mo_stmt_accesses(m, sc->fn->body, reaching, &r);
	char name[64], what[96], reason[512];
	const struct ir_expr *div = NULL;
	intrinsic_display(b->e, name, sizeof name);
	mo_describe(addr, what, sizeof what);
	/* a sync object every atomic of which has block scope, with
	 * hand-offs that cross blocks (memorder_extent.c proves it) */
	bool sync_cross = mo_is_sync(m, b->obj, b->field) &&
	                  all_block_scoped(m, b) &&
	                  ((is_write(b) && mo_write_extent(m, b->e) == EXTENT_CROSS) ||
	                   (is_poll_or_decision(m, b->e) && mo_read_extent(m, b->e) == EXTENT_CROSS));
	if (r.why == 1) {
		snprintf(reason, sizeof reason, "the same location is accessed atomically in other blocks");
	} else if (r.grid_addr && mo_every_block(sc->fn, b->stmt) && launched_with_blocks(sc->u, sc->fn)) {
		snprintf(reason, sizeof reason, "every block of the grid runs it on this one location (each launch in the "
		         "file has several blocks)");
		r.why = 3;
	} else if (sync_cross) {
		snprintf(reason, sizeof reason, "the threads that hand data over through it run in different blocks");
		r.why = 4;
	} else if (index_of(addr) && scope_index_neighbours_share(sc->fn, index_of(addr), &div)) {
		char d[64];
		mo_describe(div, d, sizeof d);
		snprintf(reason, sizeof reason, "its index is the global thread index divided by `%s`: consecutive "
		         "threads share an element, and unless `%s` divides the block size, the last threads of one "
		         "block and the first of the next share one", d, d);
		r.why = 5;
	} else if (r.why == 2) {
		char other[64], at[96];
		intrinsic_display(r.other.e, other, sizeof other);
		mo_describe(address(&r.other), at, sizeof at);
		snprintf(reason, sizeof reason, "`%s` is also accessed with device scope (`%s` on `%s`), which says "
		         "threads of other blocks touch it; if one of them can reach this location while the kernel "
		         "runs", b->obj->name ? b->obj->name : "it", other, at);
	} else {
		return;
	}
	if (!first_report(sc, b->e))
		return;
	char fix[96];
	const char *suffix = strstr(name, "_block");
	if (suffix)
		snprintf(fix, sizeof fix, "`%.*s%s`", (int)(suffix - name), name, suffix + 6);
	else
		snprintf(fix, sizeof fix, "`cuda::thread_scope_device`");
	struct cl_finding *f = cl_report(sc->cx, &cl_rules[RULE_CL2006], mo_access_loc(b),
		"`%s` on `%s` has block scope, so it is atomic and ordered only against threads of its own block, "
		"but %s, %s (a scoped race: updates can be lost and values read stale); use device scope: %s",
		name, what, reason, r.why == 2 ? "the two race" : r.why == 5 ? "whose updates race" : "and those race with it", fix);
	if (r.why == 1 || r.why == 2)
		cl_note(f, r.other.e->loc, r.why == 1 ? "the same location, in other blocks" : "the device-scope access");
}

/* ---- the host ------------------------------------------------------------------ */

/* Before a write to host-mapped memory: the nearest ordering point, and
 * whether a store precedes it. */
struct host_scan { int phase; struct mo_access fence; bool stored; };

static int before_host_write(const struct mo_access *a, void *arg)
{
	struct host_scan *h = arg;
	if (a->kind == ACC_CALL || a->kind == ACC_BARRIER)
		return 1;
	if (h->phase == 0) {
		if (a->kind == ACC_FENCE) {
			if (a->scope != SCOPE_DEVICE)
				return 1;
			h->fence = *a;
			h->phase = 1;
		} else if (a->kind == ACC_ATOMIC && a->order != ORDER_RELAXED && a->order != ORDER_UNKNOWN) {
			return 1;
		}
		return 0;
	}
	if (a->kind == ACC_FENCE)
		return 1;
	if (is_write(a) && a->space != SPACE_LOCAL && a->space != SPACE_SHARED && a->obj) {
		h->stored = true;
		return 1;
	}
	return 0;
}

static void check_host_publication(struct scope_ctx *sc, const struct mo_access *a)
{
	if (!is_write(a) || (a->kind == ACC_STORE && !a->is_volatile) ||
	    memspace_origin(sc->m->ms, target(a)) != ORIGIN_MAPPED)
		return;
	struct host_scan h = { 0 };
	mo_before(sc->m, a->stmt, before_host_write, &h);
	if (h.phase != 1 || !h.stored || !first_report(sc, h.fence.e))
		return;
	char fence[64], flag[96];
	intrinsic_display(h.fence.e, fence, sizeof fence);
	mo_describe(target(a), flag, sizeof flag);
	struct cl_finding *f = cl_report(sc->cx, &cl_rules[RULE_CL2006], mo_access_loc(&h.fence),
		"`%s` has device scope, but `%s` is host-mapped memory (cudaHostAlloc, cudaMallocHost, managed "
		"or registered): a host thread that reads it while the kernel runs is outside the fence's scope "
		"and can see the flag before the data; use `__threadfence_system()` (or "
		"`cuda::thread_scope_system`)", fence, flag);
	cl_note(f, mo_access_loc(a), "the write the host observes");
}

/* ---- the walk ----------------------------------------------------------------------- */

static int each_access(const struct mo_access *a, void *arg)
{
	struct scope_ctx *sc = arg;
	if (a->kind == ACC_ATOMIC && !a->via)
		check_block_atomic(sc, a);
	if (a->kind == ACC_STORE || a->kind == ACC_ATOMIC)
		check_publication(sc, a); /* a helper's too, as CL2003 walks them */
	if ((a->kind == ACC_STORE || a->kind == ACC_ATOMIC) && !a->via)
		check_host_publication(sc, a);
	return 0;
}

static void check_function(struct cl_ctx *cx, const struct ir_func *f, void *arg)
{
	struct scope_ctx *sc = arg;
	sc->cx = cx;
	sc->fn = f;
	mo_stmt_accesses(sc->m, f->body, each_access, sc);
}

void check_underwide_scope(struct cl_ctx *cx, const struct ir_unit *u)
{
	struct scope_ctx sc = { .cx = cx, .m = mo_facts(u), .u = u };
	cl_for_each_function(cx, u, check_function, &sc);
	mo_each_observation(sc.m, u, narrow_acquire, &sc);
}
