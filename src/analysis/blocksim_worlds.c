/* blocksim_worlds.c - worlds (struct bs_worlds, blocksim_internal.h): a
 * branch on a block-uniform value the run cannot compute, whose two ways
 * pass different numbers of barriers, taken one way per run of the block;
 * and the trial of both ways that finds one, taken back. */
#include "analysis/blocksim_thread.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

bool bs_world_way(const struct bs_ctx *c, const struct ir_stmt *s, uint32_t ctx, bool *way)
{
	for (int k = 0; k < c->worlds.n; k++)
		if (c->worlds.key[k].s == s && c->worlds.key[k].ctx == ctx) {
			*way = c->worlds.key[k].way;
			return true;
		}
	return false;
}

bool bs_world_pick(struct bs_ctx *c, const struct ir_stmt *s, uint32_t ctx)
{
	struct bs_worlds *w = &c->worlds;
	bool way = !(w->w >> w->n & 1);
	w->key[w->n++] = (struct bs_world_key){ s, ctx, way };
	if (w->n > w->most)
		w->most = w->n;
	return way;
}

struct bs_rv bs_world_value(bool way)
{
	struct bs_rv v = bs_rv_int(way);
	v.prm = true;
	return v;
}

void bs_trial_begin(const struct bs_thread *r, struct bs_trial *t)
{
	const struct bs_ctx *c = r->c;
	*t = (struct bs_trial){ c->log->n, c->exit.npass, c->exit.ncover, c->per_shape.npmem, NULL, r->outside,
		                r->undecided_exit, c->worlds.n, c->worlds.most };
	t->pmem = xmalloc(((size_t)t->npmem + 1) * sizeof *t->pmem);
	if (t->npmem)
		memcpy(t->pmem, c->per_shape.pmem, (size_t)t->npmem * sizeof *t->pmem);
}

void bs_trial_undo(struct bs_thread *r, const struct bs_trial *t)
{
	struct bs_ctx *c = r->c;
	bs_unlog(c, t->log0);
	bs_remark(c, r->log0); /* what it ran before the branch stays run */
	c->exit.npass = t->npass;
	c->exit.ncover = t->ncover;
	if (t->npmem)
		memcpy(c->per_shape.pmem, t->pmem, (size_t)t->npmem * sizeof *t->pmem);
	if (c->per_shape.npmem > t->npmem)
		memset(c->per_shape.pmem + t->npmem, 0, (size_t)(c->per_shape.npmem - t->npmem) * sizeof *t->pmem);
	r->outside = t->outside;
	r->undecided_exit = t->undecided_exit;
	c->worlds.n = t->picked;
	c->worlds.most = t->most;
}
