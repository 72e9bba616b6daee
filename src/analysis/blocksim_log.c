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
	void **slot = cl_htab_put(c->site_index, CL_HTAB_PTRKEY(e));
	if (*slot)
		return CL_HTAB_INDEX(*slot);
	CL_VEC_GROW(c->sites, c->nsites, c->capsites);
	struct bs_site *s = &c->sites[c->nsites];
	memset(s, 0, sizeof *s);
	s->e = e;
	s->fn = fn;
	CL_HTAB_SET_INDEX(slot, c->nsites);
	return c->nsites++;
}

const char *bs_path(struct bs_ctx *c, const char *base, const char *member)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s%s%s", base ? base : "", base ? "." : "", member);
	void **slot = cl_htab_put(c->cache.paths, buf, strlen(buf));
	if (!*slot)
		*slot = arena_strdup(c->cache.pa, buf);
	return *slot;
}

void bs_log(struct bs_ctx *c, const struct bs_entry *e)
{
	bs_log_append(c->log, BS_EV_ACCESS)->u.acc = *e;
	struct bs_site *s = &c->sites[e->site];
	s->kinds |= e->kind;
	if (e->thread < BS_MAX_THREADS)
		s->exec[e->thread / 64] |= (uint64_t)1 << (e->thread % 64);
}

void bs_unlog(struct bs_ctx *c, int from)
{
	const struct bs_log *l = c->log;
	/* the accesses and the copies mark their sites run */
	static const enum bs_event_kind marking[] = { BS_EV_ACCESS, BS_EV_ASYNC_COPY };
	for (int m = 0; m < 2; m++) {
		enum bs_event_kind kind = marking[m];
		for (int k = l->nof[kind]; k-- > 0 && l->of[kind][k] >= from;) {
			const struct bs_event *ev = &l->ev[l->of[kind][k]];
			const struct bs_entry *e = kind == BS_EV_ACCESS ? &ev->u.acc : &ev->u.copy->dst;
			if (e->thread < BS_MAX_THREADS)
				c->sites[e->site].exec[e->thread / 64] &= ~((uint64_t)1 << (e->thread % 64));
		}
	}
	bs_log_truncate(c->log, from);
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

int64_t (*bs_word_slots(struct bs_ctx *c, bool (*keep)(const struct bs_entry *, void *), void *arg,
                        int (*cmp)(const void *, const void *, void *), int *n))[2]
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
	if (ns > 1)
		qsort_r(slots, (size_t)ns, sizeof *slots, cmp, c);
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
