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
	free(l->acc);
	free(l->syncs);
	free(l->bars);
	free(l->passes);
	arena_free(l->a);
	free(l);
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
	CL_VEC_PUSH(c->log->acc, c->log->nacc, c->log->capacc, *e);
	struct bs_site *s = &c->sites[e->site];
	s->kinds |= e->kind;
	if (e->thread < BS_MAX_THREADS)
		s->exec[e->thread / 64] |= (uint64_t)1 << (e->thread % 64);
}

void bs_unlog(struct bs_ctx *c, int from)
{
	for (int i = from; i < c->log->nacc; i++) {
		const struct bs_entry *e = &c->log->acc[i];
		if (e->thread < BS_MAX_THREADS)
			c->sites[e->site].exec[e->thread / 64] &= ~((uint64_t)1 << (e->thread % 64));
	}
	c->log->nacc = from;
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
	for (int i = 0; i < c->log->nacc; i++) {
		const struct bs_entry *e = &c->log->acc[i];
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
