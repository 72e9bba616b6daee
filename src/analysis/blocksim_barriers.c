/* blocksim_barriers.c - what each block barrier of a kernel orders, from the
 * block's runs (blocksim.h: barrier facts).
 *
 * While a kernel runs, every thread logs the barriers it passes (which
 * call, leaving which interval) next to its __shared__ accesses (the
 * log of blocksim_log.c), and each interval notes the other memory touched:
 * global memory read or written, or memory the run cannot place. After a
 * block shape, a barrier leaving interval k is needed when an access of
 * interval k and one of another thread after it, up to the next barrier
 * that stays, touch the same bytes, one writes, not both atomic; or when
 * global memory is written on one side and accessed on the other; or
 * when anything unknown is on either side. The barriers are judged from
 * the last to the first, each taking the ones after it as decided: a
 * barrier that goes merges its two intervals, so the one before it is
 * judged against both (two barriers in a row: the second goes, the first
 * stays). A barrier whose pairs are all lanes of one warp would do as a
 * __syncwarp(), which still orders those lanes for the barriers before
 * it. A barrier written once runs many times (a loop, several shapes): it
 * gets the strongest of its verdicts, which keeps every judgement made
 * from it sound. A kernel judged at all was run to its end by every
 * thread of every shape, in step; otherwise nothing of it is reported. */
#include "analysis/blocksim_internal.h"
#include "analysis/intrinsics.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define RB_CHECKS 4000000 /* pairs compared in one block shape */

enum { NEED_NONE, NEED_DROP, NEED_WARP, NEED_KEEP };

struct bs_barsite {
	const struct ir_expr *e;
	const struct ir_func *fn;
	uint8_t need;
	const struct ir_expr *before, *after; /* NEED_WARP: a pair it orders */
	bool before_writes;
};

/* ---- the barriers to judge ------------------------------------------------------- */

/* `__syncthreads();` or `block.sync();` as a statement of its own: the
 * value-returning forms (__syncthreads_count) and named barriers stay. */
static bool plain_barrier(const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e || e->kind != EK_CALL || intrinsic_of(e) != IN_SYNCTHREADS || !e->u.call->name)
		return false;
	return !strcmp(e->u.call->name, "__syncthreads") || !strcmp(e->u.call->name, "sync");
}

/* The plain barriers of a body outside every branch: a barrier under a
 * condition is CL1001's business, and one in a called function is
 * shared by its callers. */
static void collect(struct bs_ctx *c, const struct ir_func *f, const struct ir_stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			collect(c, f, s->u.block.v[i]);
		break;
	case SK_LOOP:
		collect(c, f, s->u.loop.body);
		break;
	case SK_LABEL:
		collect(c, f, s->u.label.body);
		break;
	case SK_EXPR:
		if (plain_barrier(s->u.expr)) {
			CL_VEC_GROW(c->judge.sites, c->judge.nsites, c->judge.capsites);
			c->judge.sites[c->judge.nsites++] = (struct bs_barsite){ .e = ir_strip(s->u.expr), .fn = f };
		}
		break;
	default:
		break;
	}
}

void bs_barriers_begin(struct bs_ctx *c, const struct ir_func *f, bool kernel)
{
	c->judge.judging = false;
	c->judge.inexact = false;
	c->judge.judged = f;
	c->judge.first_site = c->judge.nsites;
	c->per_shape.unfit = false;
	c->judge.shapes_judged = 0;
	if (kernel)
		collect(c, f, f->body);
	c->judge.judging = c->judge.nsites > c->judge.first_site;
}

void bs_pass_barrier(struct bs_ctx *c, const struct ir_expr *e, int phase_in, int thread)
{
	if (!c->judge.judging)
		return;
	bs_log_append(c->log, BS_EV_PASS)->u.pass = (struct bs_pass){ e, phase_in, thread };
}

static void grow_pmem(struct bs_ctx *c, int phase)
{
	if (phase < c->per_shape.npmem)
		return;
	int n = phase + 16;
	c->per_shape.pmem = xrealloc(c->per_shape.pmem, (size_t)n * sizeof *c->per_shape.pmem);
	memset(c->per_shape.pmem + c->per_shape.npmem, 0, (size_t)(n - c->per_shape.npmem) * sizeof *c->per_shape.pmem);
	c->per_shape.npmem = n;
}

void bs_touch(struct bs_ctx *c, int phase, int bits)
{
	if (!c->judge.judging || phase < 0)
		return;
	grow_pmem(c, phase);
	c->per_shape.pmem[phase].bits |= (uint8_t)bits;
}

void bs_touch_param(struct bs_ctx *c, int phase, int pobj, bool write)
{
	if (!c->judge.judging || phase < 0 || pobj < 0 || pobj >= 16)
		return;
	grow_pmem(c, phase);
	if (write)
		c->per_shape.pmem[phase].wr |= (uint16_t)(1u << pobj);
	else
		c->per_shape.pmem[phase].rd |= (uint16_t)(1u << pobj);
}

static struct bs_barsite *site_of(struct bs_ctx *c, const struct ir_expr *e)
{
	for (int i = c->judge.first_site; i < c->judge.nsites; i++)
		if (c->judge.sites[i].e == e)
			return &c->judge.sites[i];
	return NULL;
}

/* ---- one block shape --------------------------------------------------------------- */

static int cmp_pass(const struct bs_event *ea, const struct bs_event *eb)
{
	const struct bs_pass *a = &ea->u.pass, *b = &eb->u.pass;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return a->phase_in < b->phase_in ? -1 : a->phase_in > b->phase_in;
}

/* The barrier every thread passed leaving each interval, into *site
 * (P of them); false when the threads did not pass the same barriers in
 * step (they are out of step: other rules' business). */
static bool in_step(struct bs_ctx *c, const struct ir_expr ***site, int *p)
{
	*site = NULL;
	*p = 0;
	/* the passes, by thread and interval */
	int n;
	int *ix = bs_log_sorted(c->log, BS_EV_PASS, cmp_pass, &n);
#define PASS(i) (&c->log->ev[ix[i]].u.pass)
	int per = 0;
	while (per < n && PASS(per)->thread == PASS(0)->thread)
		per++;
	bool ok = n == per * c->block.nthreads && (!n || PASS(0)->thread == 0);
	for (int i = 0; ok && i < n; i++)
		ok = PASS(i)->thread == i / per && PASS(i)->phase_in == i % per && PASS(i)->e == PASS(i % per)->e;
	if (ok) {
		*site = xmalloc(((size_t)per + 1) * sizeof **site);
		for (int k = 0; k < per; k++)
			(*site)[k] = PASS(k)->e;
		*p = per;
	}
#undef PASS
	free(ix);
	return ok;
}

static void word_group(const struct bs_ctx *c, const int64_t slot[2], uint64_t key[BS_GROUP_KEY])
{
	const struct bs_entry *e = bs_acc(c->log, slot[0]);
	key[0] = (uintptr_t)e->obj;
	key[1] = (uintptr_t)e->field;
	key[2] = bs_key_int(slot[1]);
	key[3] = key[4] = 0;
}

static int word_inner(const void *pa, const void *pb, void *ctx)
{
	const struct bs_ctx *c = ctx;
	const struct bs_entry *a = bs_acc(c->log, ((const int64_t *)pa)[0]), *b = bs_acc(c->log, ((const int64_t *)pb)[0]);
	if (a->phase != b->phase)
		return a->phase < b->phase ? -1 : 1;
	return a->thread < b->thread ? -1 : a->thread > b->thread;
}

const struct bs_slot_order bs_by_word = { word_group, word_inner };

/* Whether member path A lies within B or B within A (NULL: the whole
 * object): then their offsets are not comparable. */
static bool nested_paths(const char *a, const char *b)
{
	if (!a || !b)
		return true;
	size_t na = strlen(a), nb = strlen(b);
	return (na < nb && !strncmp(a, b, na) && b[na] == '.') || (nb < na && !strncmp(a, b, nb) && a[nb] == '.');
}

/* A run of one interval's entries within one word's group. */
struct run { int start, end, gend; };

struct judge {
	struct bs_ctx *c;
	int64_t (*slots)[2];
	struct run *runs; int *first_run; /* runs by interval: first_run[k] .. first_run[k + 1] */
	uint8_t *st;
	long checks;
	const struct bs_entry *wx, *wy; /* the first pair of lanes of one warp found */
};

/* How strongly the barrier leaving interval K is needed, the later ones
 * decided: against the intervals up to R (the next that stays). */
static int judge_one(struct judge *j, int k, int r)
{
	struct bs_ctx *c = j->c;
	struct bs_imem before = k < c->per_shape.npmem ? c->per_shape.pmem[k] : (struct bs_imem){ 0 }, after = { 0 };
	for (int m = k + 1; m <= r && m < c->per_shape.npmem; m++) {
		after.bits |= c->per_shape.pmem[m].bits;
		after.rd |= c->per_shape.pmem[m].rd;
		after.wr |= c->per_shape.pmem[m].wr;
	}
	if ((before.bits | after.bits) & BS_RM_UNKNOWN)
		return NEED_KEEP;
	/* global memory through plain pointers may be anything: a write on
	 * one side meets any access on the other; through a restrict
	 * parameter, only its own accesses (struct bs_imem) */
	if (((before.bits & BS_RM_GWRITE) && (after.bits & (BS_RM_GREAD | BS_RM_GWRITE))) ||
	    ((before.bits & BS_RM_GREAD) && (after.bits & BS_RM_GWRITE)))
		return NEED_KEEP;
	if ((before.wr & (after.rd | after.wr)) || (before.rd & after.wr))
		return NEED_KEEP;
	/* the first barrier after K that becomes a __syncwarp(): lanes of one
	 * warp on its two sides are ordered by it */
	int warp_at = r + 1;
	for (int m = k + 1; m < r && warp_at > r; m++)
		if (j->st[m] == NEED_WARP)
			warp_at = m;
	int need = NEED_DROP;
	j->wx = j->wy = NULL;
	for (int q = j->first_run[k]; q < j->first_run[k + 1]; q++) {
		const struct run *ru = &j->runs[q];
		for (int yi = ru->end; yi < ru->gend; yi++) {
			const struct bs_entry *y = bs_acc(c->log, j->slots[yi][0]);
			if (y->phase > r)
				break;
			for (int xi = ru->start; xi < ru->end; xi++) {
				const struct bs_entry *x = bs_acc(c->log, j->slots[xi][0]);
				if (++j->checks > RB_CHECKS)
					return NEED_KEEP;
				if (x->thread == y->thread || !((x->kind | y->kind) & BS_RK_WRITE) ||
				    ((x->kind & BS_RK_ATOMIC) && (y->kind & BS_RK_ATOMIC)))
					continue;
				if (x->off >= y->off + y->size || y->off >= x->off + x->size)
					continue;
				if (bs_contradicts(x->lits, y->lits))
					continue;
				if (x->thread / 32 != y->thread / 32)
					return NEED_KEEP;
				if (x->wepoch != y->wepoch || y->phase > warp_at)
					continue; /* a __syncwarp() of their warp between them */
				if (!j->wx) {
					j->wx = x;
					j->wy = y;
				}
				need = NEED_WARP;
			}
		}
	}
	return need;
}

/* Whether two member paths of one object are nested (a struct written
 * whole and a member of it): the groups by member do not see their
 * overlap. */
static bool nested_members(const struct bs_ctx *c, int64_t (*slots)[2], int ns)
{
	for (int a = 0; a < ns;) {
		int b = a;
		while (b < ns && bs_acc(c->log, slots[b][0])->obj == bs_acc(c->log, slots[a][0])->obj)
			b++;
		const char *seen[64];
		int nseen = 0;
		for (int i = a; i < b; i++) {
			const char *f = bs_acc(c->log, slots[i][0])->field;
			if (nseen && seen[nseen - 1] == f)
				continue;
			for (int s = 0; s < nseen; s++)
				if (nested_paths(seen[s], f))
					return true;
			if (nseen == 64)
				return true; /* more members than are worth comparing */
			seen[nseen++] = f;
		}
		a = b;
	}
	return false;
}

/* The entries of __shared__ objects at known offsets: what else the log
 * holds (blocksim_mem.c) each interval notes as other memory (bs_touch). */
static bool placed_shared(const struct bs_entry *e, void *arg)
{
	(void)arg;
	return e->obj->kind != VAR_PARAM && !e->uoff;
}

static void judge_shape(struct bs_ctx *c, const struct ir_expr **site, int p)
{
	int ns;
	int64_t (*slots)[2] = bs_word_slots(c, placed_shared, NULL, &bs_by_word, &ns);
	if (nested_members(c, slots, ns)) {
		c->judge.inexact = true;
		free(slots);
		return;
	}
	/* the runs of one interval within one word's group, by interval */
	struct run *runs = NULL;
	int nruns = 0, capruns = 0;
	int *count = xcalloc((size_t)p + 2, sizeof *count);
	for (int a = 0; a < ns;) {
		const struct bs_entry *ea = bs_acc(c->log, slots[a][0]);
		int g = a;
		while (g < ns && bs_acc(c->log, slots[g][0])->obj == ea->obj && bs_acc(c->log, slots[g][0])->field == ea->field &&
		       slots[g][1] == slots[a][1])
			g++;
		for (int s = a; s < g;) {
			int e = s, ph = bs_acc(c->log, slots[s][0])->phase;
			while (e < g && bs_acc(c->log, slots[e][0])->phase == ph)
				e++;
			if (e < g && ph <= p) {
				CL_VEC_GROW(runs, nruns, capruns);
				runs[nruns++] = (struct run){ s, e, g };
				count[ph]++;
			}
			s = e;
		}
		a = g;
	}
	int *first = xcalloc((size_t)p + 2, sizeof *first);
	for (int k = 0; k <= p; k++)
		first[k + 1] = first[k] + count[k];
	struct run *byk = xmalloc(((size_t)nruns + 1) * sizeof *byk);
	memset(count, 0, ((size_t)p + 2) * sizeof *count);
	for (int i = 0; i < nruns; i++) {
		int ph = bs_acc(c->log, slots[runs[i].start][0])->phase;
		byk[first[ph] + count[ph]++] = runs[i];
	}
	struct judge j = { c, slots, byk, first, xcalloc((size_t)p + 1, 1), 0, NULL, NULL };
	for (int k = p - 1; k >= 0; k--) {
		struct bs_barsite *b = site_of(c, site[k]);
		if (!b) {
			j.st[k] = NEED_KEEP;
			continue;
		}
		int r = k + 1;
		while (r < p && j.st[r] != NEED_KEEP)
			r++;
		j.st[k] = (uint8_t)judge_one(&j, k, r);
		if (j.st[k] > b->need)
			b->need = j.st[k];
		if (j.st[k] == NEED_WARP && !b->before) {
			b->before = c->sites[j.wx->site].e;
			b->after = c->sites[j.wy->site].e;
			b->before_writes = (j.wx->kind & BS_RK_WRITE) != 0;
		}
	}
	free(j.st);
	free(byk);
	free(first);
	free(count);
	free(runs);
	free(slots);
}

void bs_barriers_shape(struct bs_ctx *c)
{
	/* a shape with threads the code is not written for (tx >= 16 of a
	 * 16-wide tile) says nothing; another shape must */
	if (c->judge.judging && !c->judge.inexact && !c->per_shape.unfit) {
		c->judge.shapes_judged++;
		const struct ir_expr **site;
		int p;
		if (!in_step(c, &site, &p))
			c->judge.inexact = true;
		else if (p > 0)
			judge_shape(c, site, p);
		free(site);
	}
	c->per_shape.unfit = false;
	if (c->per_shape.pmem)
		memset(c->per_shape.pmem, 0, (size_t)c->per_shape.npmem * sizeof *c->per_shape.pmem);
}

void bs_barriers_end(struct bs_ctx *c)
{
	if (c->judge.judging && (c->judge.inexact || !c->judge.shapes_judged))
		for (int i = c->judge.first_site; i < c->judge.nsites; i++)
			c->judge.sites[i].need = NEED_KEEP;
	c->judge.judging = false;
	c->judge.inexact = false;
}

/* ---- the facts ---------------------------------------------------------------------- */

static int cmp_fact(const void *pa, const void *pb)
{
	const struct blocksim_barrier_fact *a = pa, *b = pb;
	return bs_cmp_loc(&a->call->loc, &b->call->loc);
}

int bs_barrier_facts(struct bs_ctx *c, struct blocksim_barrier_fact **out)
{
	int n = 0;
	struct blocksim_barrier_fact *v = xcalloc((size_t)c->judge.nsites + 1, sizeof *v);
	for (int i = 0; i < c->judge.nsites; i++) {
		const struct bs_barsite *b = &c->judge.sites[i];
		if (b->need != NEED_DROP && b->need != NEED_WARP)
			continue;
		v[n++] = (struct blocksim_barrier_fact){ b->need == NEED_DROP ? BLOCKSIM_ORDERS_NOTHING : BLOCKSIM_WARP_ONLY, b->e, b->fn,
		                                b->before, b->after, b->before_writes };
	}
	if (n > 1)
		qsort(v, (size_t)n, sizeof *v, cmp_fact);
	*out = v;
	return n;
}

void bs_barriers_free(struct bs_ctx *c)
{
	free(c->per_shape.pmem);
	free(c->judge.sites);
	c->per_shape.pmem = NULL;
	c->judge.sites = NULL;
	c->per_shape.npmem = c->judge.nsites = 0;
}

/* ---- code the run skipped ------------------------------------------------------------- */

static int expr_matters(const struct ir_expr *e, void *arg)
{
	(void)arg;
	switch (e->kind) {
	case EK_INDEX: case EK_MEMBER: case EK_CALL:
		return 1;
	case EK_VAR:
		return e->u.var->kind == VAR_GLOBAL && e->u.var->space == SPACE_SHARED;
	case EK_UNARY:
		return e->op == OP_DEREF;
	case EK_ASSIGN:
		return ir_strip(e->kids[0])->kind != EK_VAR;
	default:
		return 0;
	}
}

static int stmt_matters(const struct ir_stmt *s, void *arg)
{
	(void)arg;
	return s->kind == SK_BREAK || s->kind == SK_CONTINUE || s->kind == SK_GOTO || s->kind == SK_ASM;
}

bool bs_skipped_matters(const struct ir_stmt *s, const struct ir_expr *e)
{
	if (e)
		return ir_walk_expr(e, expr_matters, NULL) != 0;
	if (!s)
		return false;
	return ir_walk_stmts(s, stmt_matters, NULL) != 0 ||
	       ir_walk_stmt_exprs(s, expr_matters, NULL) != 0;
}
