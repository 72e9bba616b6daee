/* blocksim_races.c - the pairs of logged accesses that race (blocksim.h),
 * the query CL3001 reads.
 *
 * The log of one block shape is sorted by interval, object, member and
 * 4-byte word; two entries of one word race unless something orders them
 * or makes them harmless. A pair of sites races when some two entries of
 * theirs do, with no unknown guard in the way. When one side ran under a
 * data-dependent condition its partner did not share (a thread-varying
 * literal), which of its threads pass is unknown: the pair counts only if
 * at least half of the threads that could run it would race, so that the
 * finding does not hinge on which threads the data lets through. */
#include "analysis/blocksim_internal.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define BS_GROUP_CHECKS 40000   /* pairs compared in one word of one interval */

struct bs_pairrec {
	int at, other;             /* sites */
	uint8_t kind;              /* enum blocksim_race_kind */
	bool confirmed;            /* reported: raced in every shape of a function that ran both */
	bool here;                 /* raced in the current block shape */
	uint64_t found;            /* the shapes of the current function it raced in */
	bool cross_warp;           /* a witness with its two threads in two warps */
	bool wide;                 /* raced in a block shape where the threads that ran its two
	                            * accesses were in more than one warp */
	bool by_iteration;         /* BLOCKSIM_RACE_WAR: a witness whose read is in a later iteration of a loop */
	struct ir_loc loop;        /* ... of this loop */
	struct ir_loc launch;      /* confirmed in a launch's shape: that launch */
	bool at_writes;
	bool async;                /* one side is an asynchronous copy */
	bool in_flight;            /* ... in an interval after its issue's */
	uint64_t partners[2][BS_MAX_THREADS / 64]; /* weak witnesses, by side: threads with a partner */
	bool weak[2];
	uint8_t mem;               /* enum blocksim_memory, of the first witness */
	const struct ir_var *via;
};

/* Entry I of the query: an access of the log, or past the log's end a
 * copy's write (bs_async_writes). */
static const struct bs_entry *ent(const struct bs_ctx *c, int64_t i)
{
	return i < c->log->n ? bs_acc(c->log, i) : &c->races.copies[i - c->log->n];
}

/* ---- pair records ------------------------------------------------------------------ */

static struct bs_pairrec *record(struct bs_ctx *c, int at, int other, enum blocksim_race_kind kind)
{
	const int key[3] = { at, other, (int)kind };
	void **slot = cl_htab_put(c->races.index, key, sizeof key);
	if (*slot)
		return &c->races.pairs[CL_HTAB_INDEX(*slot)];
	CL_VEC_GROW(c->races.pairs, c->races.npairs, c->races.cappairs);
	struct bs_pairrec *p = &c->races.pairs[c->races.npairs];
	memset(p, 0, sizeof *p);
	p->at = at;
	p->other = other;
	p->kind = (uint8_t)kind;
	CL_HTAB_SET_INDEX(slot, c->races.npairs);
	c->races.npairs++;
	return p;
}

/* ---- what orders two entries ---------------------------------------------------------- */

bool bs_contradicts(const struct bs_lit *a, const struct bs_lit *b)
{
	for (; a; a = a->next)
		if (a->uni)
			for (const struct bs_lit *y = b; y; y = y->next)
				if (y->uni && y->cond == a->cond && y->phase == a->phase && y->pol != a->pol)
					return true;
	return false;
}

/* A thread-varying literal of A that B does not run under too; one
 * decided by __shared__ data counts as never shared: a guard on the
 * contended data itself (a flag, a monotonic update, a cell's own
 * value) is a protocol the run cannot follow. */
static bool unshared(const struct bs_lit *a, const struct bs_lit *b, bool same_warp)
{
	for (; a; a = a->next) {
		if (a->uni)
			continue;
		/* a warp-uniform guard (`warp_id == 0`) picks whole warps: two
		 * threads under it are known to pass it together only in one warp */
		if (a->shd || (a->warp && !same_warp))
			return true;
		bool found = false;
		for (const struct bs_lit *y = b; y && !found; y = y->next)
			found = y->cond == a->cond && y->pol == a->pol && y->phase == a->phase;
		if (!found)
			return true;
	}
	return false;
}

/* The log's sync events by thread (then sequence): those of thread T are
 * sync_at(s, s->first[t]) up to sync_at(s, s->first[t + 1]). */
struct syncs { const struct bs_log *l; int *ix, *first; int n; };

static const struct bs_sync *sync_at(const struct syncs *s, int i)
{
	return &s->l->ev[s->ix[i]].u.sync;
}

/* Whether B's thread polled flag F (obj, field) before B, in B's interval. */
static bool acquired(const struct syncs *sy, const struct bs_entry *b, const struct bs_sync *f)
{
	for (int j = sy->first[b->thread]; j < sy->first[b->thread + 1]; j++) {
		const struct bs_sync *q = sync_at(sy, j);
		if (q->kind == BS_ACQUIRE && q->phase == b->phase && q->seq < b->seq &&
		    mo_same_object(f->obj, f->field, q->obj, q->field))
			return true;
	}
	return false;
}

/* Whether A is handed off to B through a flag: A's thread publishes a
 * flag after A, or fences after A and a lane of its warp publishes (the
 * producer warp's writes, a fence, one lane's flag), and B's thread has
 * polled that flag before B, in their interval. */
static bool handed_off(const struct bs_ctx *c, const struct syncs *sy, const struct bs_entry *a, const struct bs_entry *b)
{
	bool fenced = false;
	for (int i = sy->first[a->thread]; i < sy->first[a->thread + 1]; i++) {
		const struct bs_sync *p = sync_at(sy, i);
		if (p->phase != a->phase || p->seq < a->seq)
			continue;
		if (p->kind == BS_FENCE)
			fenced = true;
		if (p->kind == BS_PUBLISH && acquired(sy, b, p))
			return true;
	}
	if (!fenced)
		return false;
	int lo = a->thread / 32 * 32;
	for (int t = lo; t < lo + 32 && t < c->block.nthreads; t++)
		for (int i = sy->first[t]; t != a->thread && i < sy->first[t + 1]; i++) {
			const struct bs_sync *p = sync_at(sy, i);
			if (p->kind == BS_PUBLISH && p->phase == a->phase && acquired(sy, b, p))
				return true;
		}
	return false;
}

struct group {
	struct bs_ctx *c;
	const int *slot;           /* entry indices of one word, sorted by thread */
	int n;
	const struct syncs *syncs;  /* the sync events, by thread */
	int cut;                   /* the first interval out of step (out_of_step) */
	const uint32_t *step;
};

/* Whether READER's thread itself wrote value VID to these bytes before
 * the read: whichever write it sees, it reads that value. */
static bool reads_own_value(const struct group *g, const struct bs_entry *reader, uint32_t vid)
{
	for (int i = 0; i < g->n; i++) {
		const struct bs_entry *x = ent(g->c, g->slot[i]);
		if (x->thread == reader->thread && (x->kind & BS_RK_WRITE) && !(x->kind & BS_RK_ATOMIC) && x->seq < reader->seq &&
		    x->vid == vid && x->off == reader->off)
			return true;
	}
	return false;
}


/* Which of two accesses comes first in the program's own order: in an
 * earlier iteration of a loop both are in, or else the one whose
 * statement (or loop) is written first. */
static int program_order(const struct bs_ctx *c, const struct bs_entry *x, const struct bs_entry *y,
                         const struct bs_iter **by_iteration)
{
	const struct bs_iter *px[64], *py[64];
	int nx = 0, ny = 0;
	for (const struct bs_iter *i = x->iters; i && nx < 64; i = i->next)
		px[nx++] = i;
	for (const struct bs_iter *i = y->iters; i && ny < 64; i = i->next)
		py[ny++] = i;
	/* outermost first: the calls and iterations both are in */
	int k = 0;
	while (k < nx && k < ny && px[nx - 1 - k]->at == py[ny - 1 - k]->at) {
		int a = px[nx - 1 - k]->it, b = py[ny - 1 - k]->it;
		if (a != b) {
			if (by_iteration)
				*by_iteration = px[nx - 1 - k];
			return a < b ? -1 : 1;
		}
		k++;
	}
	/* then the first statement, loop or call where they part */
	const struct ir_loc *lx = k < nx ? &px[nx - 1 - k]->loc : &c->sites[x->site].e->loc;
	const struct ir_loc *ly = k < ny ? &py[ny - 1 - k]->loc : &c->sites[y->site].e->loc;
	int o = bs_cmp_loc(lx, ly);
	return o ? o : x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void witness(struct bs_ctx *c, const struct bs_entry *x, const struct bs_entry *y, int weak_side_entry)
{
	bool xa = x->kind & BS_RK_ATOMIC, ya = y->kind & BS_RK_ATOMIC;
	const struct bs_iter *by_iteration = NULL;
	const struct bs_entry *at, *other;
	enum blocksim_race_kind kind;
	if (xa != ya) {
		at = xa ? y : x;
		other = xa ? x : y;
		kind = BLOCKSIM_RACE_ATOMIC;
	} else if ((x->kind & BS_RK_WRITE) && (y->kind & BS_RK_WRITE)) {
		at = program_order(c, x, y, NULL) >= 0 ? x : y;
		other = at == x ? y : x;
		kind = BLOCKSIM_RACE_WAW;
	} else {
		const struct bs_entry *w = (x->kind & BS_RK_WRITE) ? x : y, *rd = w == x ? y : x;
		if (program_order(c, w, rd, &by_iteration) < 0) {
			at = rd;
			other = w;
			kind = BLOCKSIM_RACE_RAW;
		} else {
			at = w;
			other = rd;
			kind = BLOCKSIM_RACE_WAR;
		}
	}
	struct bs_pairrec *p = record(c, at->site, other->site, kind);
	p->at_writes = (at->kind & BS_RK_WRITE) != 0;
	p->async |= ((at->kind | other->kind) & BS_RK_ASYNC) != 0;
	p->in_flight |= ((at->kind | other->kind) & BS_RK_INFLIGHT) != 0;
	if (!p->via && !p->mem) {
		p->mem = (uint8_t)bs_obj_memory(c, at->obj);
		p->via = p->mem != BLOCKSIM_MEM_SHARED ? at->obj : NULL;
	}
	if (kind == BLOCKSIM_RACE_WAR && by_iteration && !p->by_iteration) {
		p->by_iteration = true;
		p->loop = by_iteration->loc;
	}
	/* in a 2-D block, which threads share a warp depends on blockDim.x */
	if (x->thread / 32 != y->thread / 32 || c->block.bdim[1] > 1)
		p->cross_warp = true;
	if (weak_side_entry < 0) {
		p->here = true;
		return;
	}
	const struct bs_entry *weak = weak_side_entry == 0 ? x : y;
	int side = weak == at ? 0 : 1;
	p->weak[side] = true;
	if (weak->thread < BS_MAX_THREADS)
		p->partners[side][weak->thread / 64] |= (uint64_t)1 << (weak->thread % 64);
}

/* A pair with an asynchronous copy's write in it (bs_async_writes): the
 * copy's bytes land at some point in its span, from its issue to the
 * wait that completes it, unordered with what other threads do in those
 * intervals. A write there races with it (two copies, or a copy and a
 * plain store: which bytes are left depends on when the copy lands). A
 * read races with it only in the interval of the issue and before the
 * issue in program order: the copy may overwrite what another thread
 * still reads (a stage refilled while others read it). A read after the
 * issue, or in a later interval, reads bytes still in flight: CL3002's
 * finding (a wait is missing, not a barrier), so not one here. An
 * atomic on the bytes a copy fills is left alone. */
static bool copy_races(const struct bs_ctx *c, const struct bs_entry *x, const struct bs_entry *y)
{
	const struct bs_entry *a = (x->kind & BS_RK_ASYNC) ? x : y, *o = a == x ? y : x;
	if (o->kind & BS_RK_ATOMIC)
		return false;
	if (o->kind & BS_RK_WRITE)
		return true;
	return !(a->kind & BS_RK_INFLIGHT) && program_order(c, o, a, NULL) < 0;
}

/* Compares the entries of one word of one interval. */
static void check_group(const struct group *g)
{
	struct bs_ctx *c = g->c;
	long checks = 0;
	for (int i = 0; i < g->n && checks < BS_GROUP_CHECKS; i++) {
		const struct bs_entry *x = ent(c, g->slot[i]);
		for (int j = i + 1; j < g->n && checks < BS_GROUP_CHECKS; j++) {
			const struct bs_entry *y = ent(c, g->slot[j]);
			if (x->thread == y->thread || !((x->kind | y->kind) & BS_RK_WRITE) ||
			    ((x->kind & BS_RK_ATOMIC) && (y->kind & BS_RK_ATOMIC)))
				continue;
			if (x->off >= y->off + y->size || y->off >= x->off + x->size)
				continue;
			checks++;
			if (x->phase >= g->cut && g->step[x->thread] != g->step[y->thread])
				continue;
			/* a __syncwarp() of their warp between them */
			if (x->thread / 32 == y->thread / 32 && x->wepoch != y->wepoch)
				continue;
			if (g->syncs->n && (handed_off(c, g->syncs, x, y) || handed_off(c, g->syncs, y, x)))
				continue;
			if (bs_contradicts(x->lits, y->lits))
				continue;
			if (((x->kind | y->kind) & BS_RK_ASYNC) && !copy_races(c, x, y))
				continue;
			bool xw = (x->kind & BS_RK_WRITE) && !(x->kind & BS_RK_ATOMIC), yw = (y->kind & BS_RK_WRITE) && !(y->kind & BS_RK_ATOMIC);
			/* the same value written by both, or read back by a thread
			 * that wrote that same value itself first */
			if (xw && yw && x->vid && x->vid == y->vid)
				continue;
			if (xw && !(y->kind & BS_RK_WRITE) && x->vid && reads_own_value(g, y, x->vid))
				continue;
			if (yw && !(x->kind & BS_RK_WRITE) && y->vid && reads_own_value(g, x, y->vid))
				continue;
			bool sw = x->thread / 32 == y->thread / 32;
			bool wx = unshared(x->lits, y->lits, sw), wy = unshared(y->lits, x->lits, sw);
			if (wx && wy)
				continue;
			witness(c, x, y, wx ? 0 : wy ? 1 : -1);
		}
	}
}


struct step_filter { int cut; const uint32_t *step; };

static bool in_step(const struct bs_entry *e, void *arg)
{
	const struct step_filter *o = arg;
	return e->phase < o->cut || o->step[e->thread];
}

/* Slots by interval, object, field, unknown offset and word, then thread
 * and the thread's order: the accesses of one word in one interval side
 * by side, each thread's in the order it made them. */
static void slot_group(const struct bs_ctx *c, const int64_t slot[2], uint64_t key[BS_GROUP_KEY])
{
	const struct bs_entry *e = ent(c, slot[0]);
	key[0] = bs_key_int(e->phase);
	key[1] = (uintptr_t)e->obj;
	key[2] = (uintptr_t)e->field;
	key[3] = e->uoff;
	key[4] = bs_key_int(slot[1]);
}

static int slot_inner(const void *pa, const void *pb, void *ctx)
{
	const struct bs_ctx *c = ctx;
	const struct bs_entry *a = ent(c, ((const int64_t *)pa)[0]), *b = ent(c, ((const int64_t *)pb)[0]);
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static const struct bs_slot_order by_slot = { slot_group, slot_inner };

/* Whether two slots are the same word of the same object in the same
 * interval. */
static bool same_word(const struct bs_ctx *c, const int64_t *pa, const int64_t *pb)
{
	const struct bs_entry *a = ent(c, pa[0]), *b = ent(c, pb[0]);
	return a->phase == b->phase && a->obj == b->obj && a->field == b->field && a->uoff == b->uoff && pa[1] == pb[1];
}

static int cmp_sync(const struct bs_event *ea, const struct bs_event *eb)
{
	const struct bs_sync *a = &ea->u.sync, *b = &eb->u.sync;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int popcount(const uint64_t *v)
{
	int n = 0;
	for (int i = 0; i < BS_MAX_THREADS / 64; i++)
		n += __builtin_popcountll(v[i]);
	return n;
}

/* Whether the threads of A and B (exec bitmaps) are all in one warp: the
 * accesses ran only in a warp-sized part of the block (`if (tid < 32)`). */
static bool one_warp(const uint64_t *a, const uint64_t *b)
{
	int lo = -1, hi = -1;
	for (int i = 0; i < BS_MAX_THREADS / 64; i++) {
		uint64_t w = a[i] | b[i];
		if (!w)
			continue;
		if (lo < 0)
			lo = i * 64 + __builtin_ctzll(w);
		hi = i * 64 + 63 - __builtin_clzll(w);
	}
	return lo < 0 || lo / 32 == hi / 32;
}

/* A guessed 2-D or 3-D shape where some threads indexed past a __shared__
 * array (and were dropped, bs_run_thread) still says something when the
 * threads left are a block of their own, narrower than the shape: a box
 * from thread (0, 0, 0) whose width the code chose (a 4x4 tile run in a
 * 16x16 shape). When only rows were dropped, the width is the guess's,
 * and the code may be written for another one: a tile numbered for 32x4
 * blocks keeps a few rows of a 16x16 shape, whose halo cells, numbered
 * as if rows were 32 wide, land on interior cells. Such a shape neither
 * shows a race nor counts as one where the accesses ran. (A 1-D block cut
 * short is always a smaller block.) */
static bool cut_to_block(const struct bs_ctx *c)
{
	return c->per_shape.nkept > 0 && c->per_shape.nkept == c->per_shape.kept[0] * c->per_shape.kept[1] * c->per_shape.kept[2] && c->per_shape.kept[0] < c->block.bdim[0];
}

/* The weak pairs of this block shape that a majority of threads would run
 * into; then a clean slate for the next shape. */
static void settle(struct bs_ctx *c)
{
	uint64_t bit = (uint64_t)1 << (c->block.shape & 63);
	if (c->per_shape.outside && !c->block.launch && c->block.bdim[1] > 1 && !cut_to_block(c))
		bit = 0;
	c->per_shape.outside = false;
	c->per_shape.kept[0] = c->per_shape.kept[1] = c->per_shape.kept[2] = c->per_shape.nkept = 0;
	for (int i = 0; i < c->races.npairs; i++) {
		struct bs_pairrec *p = &c->races.pairs[i];
		for (int side = 0; side < 2 && !p->here; side++) {
			int n = popcount(p->partners[side]);
			int total = popcount(c->sites[side ? p->other : p->at].exec);
			if (p->weak[side] && n > 0 && 2 * n >= total)
				p->here = true;
		}
		if (p->here)
			p->found |= bit;
		if (p->here && !one_warp(c->sites[p->at].exec, c->sites[p->other].exec))
			p->wide = true;
		p->here = false;
		memset(p->partners, 0, sizeof p->partners);
		p->weak[0] = p->weak[1] = false;
	}
	for (int i = 0; i < c->nsites; i++) {
		if (popcount(c->sites[i].exec))
			c->sites[i].shapes |= bit;
		memset(c->sites[i].exec, 0, sizeof c->sites[i].exec);
	}
}

/* A race that shows in one block shape and not in another where both
 * accesses run is the shape's, not the code's: `t[ty * 16 + tx]` written
 * by a 32-wide block. */
void bs_settle_function(struct bs_ctx *c)
{
	for (int i = 0; i < c->races.npairs; i++) {
		struct bs_pairrec *p = &c->races.pairs[i];
		uint64_t ran = c->sites[p->at].shapes & c->sites[p->other].shapes;
		/* the shapes of real launches: a race in any of them is one */
		if (p->found && c->block.launch && !p->confirmed) {
			int k = 0;
			while (k < c->block.launch->nshapes - 1 && !(p->found & ((uint64_t)1 << k)))
				k++;
			p->launch = c->block.launch->shape_site[k]->loc;
			p->confirmed = true;
		}
		if (p->found && !(ran & ~p->found))
			p->confirmed = true;
		p->found = 0;
	}
	for (int i = 0; i < c->nsites; i++)
		c->sites[i].shapes = 0;
}

static int cmp_event(const struct bs_event *ea, const struct bs_event *eb)
{
	const struct bs_barevent *a = &ea->u.bars, *b = &eb->u.bars;
	if (a->s != b->s)
		return (uintptr_t)a->s < (uintptr_t)b->s ? -1 : 1;
	return a->ctx < b->ctx ? -1 : a->ctx > b->ctx;
}

/* Where the threads' intervals go out of step: a statement where they
 * passed different numbers of barriers (a barrier under a
 * thread-dependent branch, a loop whose trip count differs), or a
 * thread-dependent one with a barrier that no thread of this block shape
 * passed. CL1001-CL1003 report those. From the first such interval on,
 * two threads are compared only if they passed the same barriers there,
 * at least one each time: threads that skipped a barrier race with
 * everyone because they skipped it, which is the other rules' finding.
 * Returns that interval; sets step[t] for each thread (0: never compared
 * from there on). */
static int out_of_step(struct bs_ctx *c, uint32_t *step)
{
	int cut = 1 << 30;
	for (int t = 0; t < c->block.nthreads; t++)
		step[t] = 1;
	int n;
	int *ix = bs_log_sorted(c->log, BS_EV_BARRIERS, cmp_event, &n);
	const struct bs_event *ev = c->log->ev;
	for (int a = 0; a < n;) {
		const struct bs_barevent *ea = &ev[ix[a]].u.bars;
		int b = a, lo = ea->phase_in;
		bool differ = false, none = true;
		for (; b < n && !cmp_event(&ev[ix[a]], &ev[ix[b]]); b++) {
			const struct bs_barevent *eb = &ev[ix[b]].u.bars;
			differ |= eb->delta != ea->delta;
			none &= eb->delta == 0;
			if (eb->phase_in < lo)
				lo = eb->phase_in;
		}
		if (differ || (none && ea->varying)) {
			if (lo < cut)
				cut = lo;
			for (int k = a; k < b; k++) {
				const struct bs_barevent *ek = &ev[ix[k]].u.bars;
				uint32_t *s = &step[ek->thread];
				if (*s && ek->delta)
					*s = (*s * 0x9e3779b1u) ^ (uint32_t)ek->delta ^ (uint32_t)(uintptr_t)ek->s;
				else
					*s = 0;
			}
		}
		a = b;
	}
	free(ix);
	return cut;
}

/* Whether entry E of memory the file does not declare is part of a
 * protocol the run does not follow: a volatile access (hand-written
 * communication), or one in an interval where its thread fences, runs an
 * atomic outside __shared__ memory, or touches a polled flag. The
 * __shared__ log has its own rules for those (handed_off); here nothing
 * is guessed. */
static bool in_protocol(const struct bs_ctx *c, const struct syncs *sy, const struct bs_entry *e)
{
	if (c->sites[e->site].e->is_volatile)
		return true;
	for (int i = sy->first[e->thread]; i < sy->first[e->thread + 1]; i++)
		if (sync_at(sy, i)->phase == e->phase)
			return true;
	return false;
}

void bs_detect(struct bs_ctx *c)
{
	uint32_t *step = xcalloc((size_t)c->block.nthreads + 1, sizeof *step);
	int cut = out_of_step(c, step);
	bs_mark_indexed(c);
	/* threads out of step are compared only up to where they parted */
	struct step_filter keep = { cut, step };
	int ns;
	int64_t (*slots)[2] = bs_word_slots(c, in_step, &keep, &by_slot, &ns);
	slots = bs_async_slots(c, slots, &ns, in_step, &keep, &by_slot);
	struct syncs sy = { c->log, NULL, xcalloc((size_t)c->block.nthreads + 2, sizeof *sy.first), 0 };
	sy.ix = bs_log_sorted(c->log, BS_EV_SYNC, cmp_sync, &sy.n);
	for (int i = 0, t = 0; t <= c->block.nthreads; t++) {
		while (i < sy.n && sync_at(&sy, i)->thread < t)
			i++;
		sy.first[t] = i;
	}
	sy.first[c->block.nthreads + 1] = sy.n;
	int *idx = xmalloc(((size_t)ns + 1) * sizeof *idx);
	for (int a = 0; a < ns;) {
		int b = a + 1;
		while (b < ns && same_word(c, slots[a], slots[b]))
			b++;
		if (b - a > 1 && bs_obj_compared(c, ent(c, slots[a][0])->obj)) {
			/* memory the file does not declare: never where the threads'
			 * barriers are out of step (the barrier rules' finding), nor
			 * in a protocol */
			bool undeclared = ent(c, slots[a][0])->obj->kind == VAR_PARAM;
			int n = 0;
			for (int k = a; k < b; k++)
				if (!undeclared || (ent(c, slots[k][0])->phase < cut && !in_protocol(c, &sy, ent(c, slots[k][0]))))
					idx[n++] = (int)slots[k][0];
			struct group g = { c, idx, n, &sy, cut, step };
			if (n > 1)
				check_group(&g);
		}
		a = b;
	}
	free(idx);
	free(sy.first);
	free(sy.ix);
	free(slots);
	free(step);
	free(c->races.copies);
	c->races.copies = NULL;
	c->races.ncopies = 0;
	settle(c);
	bs_log_clear(c->log);
}

static int pairs_races(struct bs_ctx *c, struct blocksim_race **out)
{
	int n = 0;
	struct blocksim_race *v = xcalloc((size_t)c->races.npairs + 1, sizeof *v);
	for (int i = 0; i < c->races.npairs; i++) {
		const struct bs_pairrec *p = &c->races.pairs[i];
		if (!p->confirmed)
			continue;
		const struct bs_site *at = &c->sites[p->at], *other = &c->sites[p->other];
		/* the write comes after the read in program order (witness), so
		 * when it is written first in the same function, not across
		 * iterations, a second call of it is what puts it after */
		bool later_call = p->kind == BLOCKSIM_RACE_WAR && !p->by_iteration && at->fn == other->fn &&
		                  bs_cmp_loc(&at->e->loc, &other->e->loc) < 0;
		v[n++] = (struct blocksim_race){ (enum blocksim_race_kind)p->kind, at->e, at->fn, other->e,
		                        p->at_writes, !p->cross_warp, p->by_iteration, p->loop, later_call,
		                        (enum blocksim_memory)p->mem, p->via, p->launch,
		                        !p->cross_warp && !p->wide, p->async, p->in_flight };
	}
	*out = v;
	return n;
}

/* ---- what to report --------------------------------------------------------------- */

/* The write of a race: the access whose other threads' partners it has. */
static const struct ir_expr *write_of(const struct blocksim_race *r)
{
	switch (r->kind) {
	case BLOCKSIM_RACE_RAW: return r->other;
	case BLOCKSIM_RACE_WAR: return r->at;
	case BLOCKSIM_RACE_WAW: return r->other;
	default: return r->at_writes ? r->at : r->other;
	}
}

static int cmp_race(const void *pa, const void *pb)
{
	const struct blocksim_race *a = pa, *b = pb;
	int c = bs_cmp_loc(&write_of(a)->loc, &write_of(b)->loc);
	if (c)
		return c;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	const struct ir_expr *pa_ = a->at == write_of(a) ? a->other : a->at, *pb_ = b->at == write_of(b) ? b->other : b->at;
	if ((c = bs_cmp_loc(&pa_->loc, &pb_->loc)))
		return c;
	return bs_cmp_loc(&a->at->loc, &b->at->loc);
}

static bool in(const struct ir_expr *const *v, int n, const struct ir_expr *e)
{
	for (int i = 0; i < n; i++)
		if (v[i] == e)
			return true;
	return false;
}

/* One finding per write and per access reported: fixing one (a barrier)
 * usually fixes its neighbours. */
static int choose_races(struct blocksim_race *races, int n)
{
	qsort(races, (size_t)n, sizeof *races, cmp_race);
	const struct ir_expr **used = xcalloc((size_t)n * 2 + 1, sizeof *used);
	int nused = 0, kept = 0;
	for (int i = 0; i < n; i++) {
		const struct ir_expr *w = write_of(&races[i]);
		if (in(used, nused, w) || in(used, nused, races[i].at))
			continue;
		used[nused++] = w;
		if (races[i].at != w)
			used[nused++] = races[i].at;
		races[kept++] = races[i];
	}
	free(used);
	return kept;
}

int bs_races_found(struct bs_ctx *c, struct blocksim_race **out)
{
	int n = pairs_races(c, out);
	return choose_races(*out, n);
}

void bs_pairs_free(struct bs_ctx *c)
{
	free(c->races.pairs);
	cl_htab_free(c->races.index);
	c->races.pairs = NULL;
	c->races.index = NULL;
	c->races.npairs = c->races.cappairs = 0;
}
