/* blocksim_async.c - the asynchronous copies of one block shape's log
 * (blocksim_internal.h): for each copy, the span in which its
 * destination is in flight.
 *
 * A copy (cp.async, __pipeline_memcpy_async, cuda::memcpy_async,
 * cg::memcpy_async) returns at once; its bytes land at some point before
 * the wait that completes it. That wait is its own thread's: every thread
 * of a group that copies collectively waits for the group's copy itself
 * (cg::wait(block) is called by each of them). The span of a copy runs
 * from its issue to the first wait of its thread after it that may
 * complete it:
 *   - a wait for everything (cp.async.wait_all, cg::wait, a barrier's
 *     wait or arrive_and_wait) completes it;
 *   - a wait for all but the N newest groups (cp.async.wait_group N,
 *     __pipeline_wait_prior(N)) completes it when its group (the commits
 *     its thread made before it) is older than those N: the wait's
 *     commits - N > group; a copy not committed yet stays in flight;
 *   - a wait the run cannot weigh (a pipeline's consumer_wait, which
 *     completes the oldest stage; cg::wait_prior<N>; a call the run does
 *     not follow) may complete it: the span ends there too, marked
 *     inexact, so that a query never counts a copy in flight where it
 *     may not be.
 * With no such wait the copy is in flight to the end of its thread's run
 * (end -1): a missing wait, which a query does not extend a span over. */
/* qsort_r */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "analysis/blocksim_internal.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>

/* The first index in V[0..N) (ascending) greater than X. */
static int first_after(const int *v, int n, int x)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (v[mid] > x)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Whether wait W may complete copy C of its thread. */
static bool may_complete(const struct bs_await *w, const struct bs_acopy *c, bool *exact)
{
	*exact = w->how != BS_WAIT_MAYBE;
	if (w->how != BS_WAIT_GROUPS)
		return true;
	return w->keep >= 0 && c->group < w->commits - w->keep;
}

struct bs_span *bs_async_spans(const struct bs_log *l, int *n)
{
	const int *copies = l->of[BS_EV_ASYNC_COPY], *waits = l->of[BS_EV_ASYNC_WAIT];
	int nc = l->nof[BS_EV_ASYNC_COPY], nw = l->nof[BS_EV_ASYNC_WAIT];
	struct bs_span *v = xcalloc((size_t)nc + 1, sizeof *v);
	for (int k = 0; k < nc; k++) {
		const struct bs_acopy *c = l->ev[copies[k]].u.copy;
		struct bs_span *s = &v[k];
		*s = (struct bs_span){ .copy = copies[k], .end = -1, .end_phase = -1 };
		/* the stream is thread after thread, each in its own order */
		for (int j = first_after(waits, nw, copies[k]); j < nw; j++) {
			const struct bs_await *w = &l->ev[waits[j]].u.wait;
			if (w->thread != c->dst.thread)
				break;
			bool exact;
			if (may_complete(w, c, &exact)) {
				s->end = waits[j];
				s->end_phase = w->phase;
				s->exact = exact;
				break;
			}
		}
	}
	*n = nc;
	return v;
}

/* Whether the races query can place copy A's bytes: a copy of one
 * thread's own (not a group's: which of a collective copy's bytes a
 * thread moves is the library's choice, and a write per thread of the
 * whole destination would make up races between threads that copy
 * disjoint parts; so collective copies stay out, whatever they miss),
 * into a __shared__ object at a known offset, of a known byte count, within
 * the object. */
static bool placed(struct bs_ctx *c, const struct bs_acopy *a)
{
	const struct bs_entry *d = &a->dst;
	if (a->collective || !d->obj || d->uoff || d->off < 0 || d->size <= 0 || bs_obj_memory(c, d->obj) != BLOCKSIM_MEM_SHARED)
		return false;
	int64_t total = bs_type(c, d->obj->type)->size;
	return d->field || total <= 0 || d->off + d->size <= total;
}

static struct bs_entry *async_writes(struct bs_ctx *c, bool (*keep)(const struct bs_entry *, void *), void *arg, int *n)
{
	int ns;
	struct bs_span *sp = bs_async_spans(c->log, &ns);
	struct bs_entry *v = NULL;
	int nv = 0, cap = 0;
	for (int k = 0; k < ns; k++) {
		const struct bs_acopy *a = c->log->ev[sp[k].copy].u.copy;
		if (!placed(c, a))
			continue;
		/* with no wait, no interval past the issue's: a missing wait is
		 * another finding than a race */
		int last = sp[k].end >= 0 ? sp[k].end_phase : a->dst.phase;
		for (int ph = a->dst.phase; ph <= last; ph++) {
			struct bs_entry e = a->dst;
			e.phase = ph;
			e.kind = BS_RK_WRITE | BS_RK_ASYNC | (ph > a->dst.phase ? BS_RK_INFLIGHT : 0);
			if (keep && !keep(&e, arg))
				continue;
			CL_VEC_GROW(v, nv, cap);
			v[nv++] = e;
		}
	}
	free(sp);
	*n = nv;
	return v;
}

int64_t (*bs_async_slots(struct bs_ctx *c, int64_t (*slots)[2], int *ns, bool (*keep)(const struct bs_entry *, void *),
                         void *arg, const struct bs_slot_order *o))[2]
{
	c->races.copies = async_writes(c, keep, arg, &c->races.ncopies);
	if (!c->races.ncopies)
		return slots;
	int n = *ns, cap = n;
	for (int i = 0; i < c->races.ncopies; i++) {
		const struct bs_entry *e = &c->races.copies[i];
		for (int64_t w = e->off / 4; w <= (e->off + e->size - 1) / 4; w++) {
			CL_VEC_GROW(slots, n, cap);
			slots[n][0] = c->log->n + i;
			slots[n][1] = w;
			n++;
		}
	}
	bs_sort_slots(c, slots, n, o);
	*ns = n;
	return slots;
}
