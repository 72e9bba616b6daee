/* blocksim_log.c - the event log of one block shape's run (blocksim.h):
 * the sites of the accesses, interned member paths, the accesses each
 * thread logged, and the log read word by word, for the queries over it
 * (blocksim_races.c, blocksim_barriers.c, blocksim_exit.c). */
/* qsort_r */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "analysis/blocksim_internal.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bs_log *bs_log_new(void)
{
	struct bs_log *l = xcalloc(1, sizeof *l);
	l->a = arena_new();
	return l;
}

void bs_log_free(struct bs_log *l)
{
	if (!l)
		return;
	free(l->ev);
	for (int k = 0; k < BS_EV_KINDS; k++)
		free(l->of[k]);
	arena_free(l->a);
	free(l);
}

struct bs_event *bs_log_append(struct bs_log *l, enum bs_event_kind k)
{
	CL_VEC_GROW(l->ev, l->n, l->cap);
	CL_VEC_PUSH(l->of[k], l->nof[k], l->capof[k], l->n);
	struct bs_event *ev = &l->ev[l->n++];
	memset(ev, 0, sizeof *ev);
	ev->kind = (uint8_t)k;
	return ev;
}

void bs_log_truncate(struct bs_log *l, int from)
{
	if (from >= l->n)
		return;
	for (int k = 0; k < BS_EV_KINDS; k++)
		while (l->nof[k] && l->of[k][l->nof[k] - 1] >= from)
			l->nof[k]--;
	l->n = from;
}

void bs_log_clear(struct bs_log *l)
{
	l->n = 0;
	for (int k = 0; k < BS_EV_KINDS; k++)
		l->nof[k] = 0;
	/* the accesses are gone, and with them every use of their literals */
	arena_free(l->a);
	l->a = arena_new();
}

/* ---- sites and member paths ----------------------------------------------------- */

int bs_site_of(struct bs_ctx *c, const struct ir_expr *e, const struct ir_func *fn)
{
	unsigned m = bs_memo_slot(e);
	if (c->site_memo[m].e == e)
		return c->site_memo[m].site;
	void **slot = cl_htab_put(c->site_index, CL_HTAB_PTRKEY(e));
	c->site_memo[m].e = e;
	if (*slot)
		return c->site_memo[m].site = CL_HTAB_INDEX(*slot);
	CL_VEC_GROW(c->sites, c->nsites, c->capsites);
	struct bs_site *s = &c->sites[c->nsites];
	memset(s, 0, sizeof *s);
	s->e = e;
	s->fn = fn;
	CL_HTAB_SET_INDEX(slot, c->nsites);
	c->site_memo[m].site = c->nsites;
	return c->nsites++;
}

const char *bs_path(struct bs_ctx *c, const char *base, const char *member)
{
	struct bs_pathmemo *m = &c->cache.pmemo[bs_memo2_slot(member, base)];
	if (m->member == member && m->base == base)
		return m->path;
	m->member = member;
	m->base = base;
	char buf[256];
	snprintf(buf, sizeof buf, "%s%s%s", base ? base : "", base ? "." : "", member);
	void **slot = cl_htab_put(c->cache.paths, buf, strlen(buf));
	if (!*slot)
		*slot = arena_strdup(c->cache.pa, buf);
	return m->path = *slot;
}

void bs_log(struct bs_ctx *c, const struct bs_entry *e)
{
	bs_log_append(c->log, BS_EV_ACCESS)->u.acc = *e;
	struct bs_site *s = &c->sites[e->site];
	s->kinds |= e->kind;
	if (e->thread < BS_MAX_THREADS)
		s->exec[e->thread / 64] |= (uint64_t)1 << (e->thread % 64);
}

/* The accesses and the copies mark their sites run: sets (SET) or clears
 * the marks of the ones logged from FROM on. */
static void mark_sites(struct bs_ctx *c, int from, bool set)
{
	const struct bs_log *l = c->log;
	static const enum bs_event_kind marking[] = { BS_EV_ACCESS, BS_EV_ASYNC_COPY };
	for (int m = 0; m < 2; m++) {
		enum bs_event_kind kind = marking[m];
		for (int k = l->nof[kind]; k-- > 0 && l->of[kind][k] >= from;) {
			const struct bs_event *ev = &l->ev[l->of[kind][k]];
			const struct bs_entry *e = kind == BS_EV_ACCESS ? &ev->u.acc : &ev->u.copy->dst;
			if (e->thread >= BS_MAX_THREADS)
				continue;
			uint64_t bit = (uint64_t)1 << (e->thread % 64);
			if (set)
				c->sites[e->site].exec[e->thread / 64] |= bit;
			else
				c->sites[e->site].exec[e->thread / 64] &= ~bit;
		}
	}
}

void bs_unlog(struct bs_ctx *c, int from)
{
	mark_sites(c, from, false);
	bs_log_truncate(c->log, from);
}

void bs_remark(struct bs_ctx *c, int from)
{
	mark_sites(c, from, true);
}

int bs_cmp_loc(const struct ir_loc *a, const struct ir_loc *b)
{
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->col < b->col ? -1 : a->col > b->col;
}

/* The slots are sorted by their groups first: the hash table gives each
 * distinct group key a number, only those keys are sorted, and the slots
 * are laid out group by group in the order given. A query's groups are
 * small (the accesses of one word in one interval), and the log is in
 * thread order, so a group is mostly in its inner order already: it is
 * sorted only where it is not. The order is that of a stable sort by
 * (group, inner): what qsort_r's merge sort gave with one comparator of
 * both, at a tenth of the comparisons. */
struct groups { const uint64_t (*key)[BS_GROUP_KEY]; };

static int cmp_group(const void *pa, const void *pb, void *ctx)
{
	const struct groups *g = ctx;
	const uint64_t *a = g->key[*(const int *)pa], *b = g->key[*(const int *)pb];
	for (int i = 0; i < BS_GROUP_KEY; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0; /* one number per key */
}

struct placed { int64_t s[2]; int pos; }; /* s first: a comparator of slots reads it */
struct inner { int (*cmp)(const void *, const void *, void *); void *c; };

static int cmp_placed(const void *pa, const void *pb, void *ctx)
{
	const struct inner *in = ctx;
	int r = in->cmp(pa, pb, in->c);
	if (r)
		return r;
	int a = ((const struct placed *)pa)->pos, b = ((const struct placed *)pb)->pos;
	return a < b ? -1 : a > b;
}

/* Puts the N slots of one group, in the order given, in O's inner order. */
static void order_group(const struct bs_ctx *c, int64_t (*slots)[2], int n, const struct bs_slot_order *o)
{
	int k = 1;
	while (k < n && o->inner(slots[k - 1], slots[k], (void *)c) <= 0)
		k++;
	if (k >= n)
		return;
	struct placed *p = xmalloc((size_t)n * sizeof *p);
	for (int i = 0; i < n; i++)
		p[i] = (struct placed){ { slots[i][0], slots[i][1] }, i };
	struct inner in = { o->inner, (void *)c };
	qsort_r(p, (size_t)n, sizeof *p, cmp_placed, &in);
	for (int i = 0; i < n; i++) {
		slots[i][0] = p[i].s[0];
		slots[i][1] = p[i].s[1];
	}
	free(p);
}

void bs_sort_slots(const struct bs_ctx *c, int64_t (*slots)[2], int n, const struct bs_slot_order *o)
{
	if (n < 2)
		return;
	struct cl_htab *number = cl_htab_new();
	uint64_t (*key)[BS_GROUP_KEY] = xmalloc((size_t)n * sizeof *key);
	int *gid = xmalloc((size_t)n * sizeof *gid), ng = 0;
	for (int i = 0; i < n; i++) {
		o->group(c, slots[i], key[ng]);
		void **slot = cl_htab_put(number, key[ng], sizeof key[ng]);
		if (!*slot)
			CL_HTAB_SET_INDEX(slot, ng++);
		gid[i] = CL_HTAB_INDEX(*slot);
	}
	cl_htab_free(number);
	int *order = xmalloc((size_t)ng * sizeof *order), *count = xcalloc((size_t)ng, sizeof *count);
	for (int g = 0; g < ng; g++)
		order[g] = g;
	struct groups gs = { (const uint64_t (*)[BS_GROUP_KEY])key };
	qsort_r(order, (size_t)ng, sizeof *order, cmp_group, &gs);
	for (int i = 0; i < n; i++)
		count[gid[i]]++;
	int *at = xmalloc((size_t)ng * sizeof *at);
	for (int r = 0, off = 0; r < ng; r++) {
		at[order[r]] = off;
		off += count[order[r]];
	}
	int64_t (*out)[2] = xmalloc((size_t)n * sizeof *out);
	for (int i = 0; i < n; i++) {
		int64_t *d = out[at[gid[i]]++];
		d[0] = slots[i][0];
		d[1] = slots[i][1];
	}
	/* at[g] is now the end of group g */
	for (int g = 0; g < ng; g++)
		if (count[g] > 1)
			order_group(c, out + at[g] - count[g], count[g], o);
	memcpy(slots, out, (size_t)n * sizeof *out);
	free(out);
	free(at);
	free(count);
	free(order);
	free(gid);
	free(key);
}

int64_t (*bs_word_slots(struct bs_ctx *c, bool (*keep)(const struct bs_entry *, void *), void *arg,
                        const struct bs_slot_order *o, int *n))[2]
{
	int64_t (*slots)[2] = NULL;
	int ns = 0, caps = 0;
	for (int k = 0; k < c->log->nof[BS_EV_ACCESS]; k++) {
		int i = c->log->of[BS_EV_ACCESS][k];
		const struct bs_entry *e = bs_acc(c->log, i);
		if (keep && !keep(e, arg))
			continue;
		for (int64_t w = e->off / 4; w <= (e->off + e->size - 1) / 4; w++) {
			CL_VEC_GROW(slots, ns, caps);
			slots[ns][0] = i;
			slots[ns][1] = w;
			ns++;
		}
	}
	bs_sort_slots(c, slots, ns, o);
	*n = ns;
	return slots;
}

struct by_event { const struct bs_log *l; int (*cmp)(const struct bs_event *, const struct bs_event *); };

static int cmp_by_event(const void *pa, const void *pb, void *ctx)
{
	const struct by_event *b = ctx;
	return b->cmp(&b->l->ev[*(const int *)pa], &b->l->ev[*(const int *)pb]);
}

int *bs_log_sorted(const struct bs_log *l, enum bs_event_kind k, int (*cmp)(const struct bs_event *, const struct bs_event *),
                   int *n)
{
	*n = l->nof[k];
	int *v = xmalloc(((size_t)*n + 1) * sizeof *v);
	if (*n)
		memcpy(v, l->of[k], (size_t)*n * sizeof *v);
	struct by_event b = { l, cmp };
	if (*n > 1)
		qsort_r(v, (size_t)*n, sizeof *v, cmp_by_event, &b);
	return v;
}
