/* uni_state.c - abstract states, their joins, and the control stack of
 * enclosing conditions (see uniformity.h). */
#include "analysis/callgraph.h"
#include "analysis/intrinsics.h"
#include "analysis/uni_internal.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- states ------------------------------------------------------------- */

void uni_st_init(struct interp *I, struct ustate *s)
{
	memset(s, 0, sizeof *s);
	s->var = xcalloc((size_t)I->nvars + 1, 1);
	s->lin = xcalloc((size_t)I->nvars + 1, 1);
}

void uni_st_free(struct ustate *s)
{
	free(s->var);
	free(s->lin);
	free(s->dirty);
	s->var = s->lin = NULL;
	s->dirty = NULL;
	s->ndirty = s->capdirty = 0;
}

static void dirty_reserve(struct ustate *s, int n)
{
	if (n <= s->capdirty)
		return;
	s->capdirty = n > 2 * s->capdirty ? n : 2 * s->capdirty;
	s->dirty = xrealloc(s->dirty, (size_t)s->capdirty * sizeof *s->dirty);
}

/* Where ID is in the sorted set, or where it goes. */
static int dirty_pos(const struct ustate *s, int id)
{
	int lo = 0, hi = s->ndirty;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (s->dirty[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool uni_dirty_has(const struct ustate *s, int id)
{
	int i = dirty_pos(s, id);
	return i < s->ndirty && s->dirty[i] == id;
}

void uni_dirty_add(struct ustate *s, int id)
{
	int i = dirty_pos(s, id);
	if (i < s->ndirty && s->dirty[i] == id)
		return;
	dirty_reserve(s, s->ndirty + 1);
	memmove(s->dirty + i + 1, s->dirty + i, (size_t)(s->ndirty - i) * sizeof *s->dirty);
	s->dirty[i] = id;
	s->ndirty++;
}

/* D := D union S; whether D grew. */
static bool dirty_join(struct ustate *d, const struct ustate *s)
{
	int extra = 0;
	for (int i = 0; i < s->ndirty; i++)
		extra += !uni_dirty_has(d, s->dirty[i]);
	if (!extra)
		return false;
	dirty_reserve(d, d->ndirty + extra);
	/* merge from the back, in place */
	int i = d->ndirty - 1, j = s->ndirty - 1, k = d->ndirty + extra - 1;
	while (j >= 0) {
		if (i >= 0 && d->dirty[i] == s->dirty[j])
			d->dirty[k--] = d->dirty[i--], j--;
		else if (i >= 0 && d->dirty[i] > s->dirty[j])
			d->dirty[k--] = d->dirty[i--];
		else
			d->dirty[k--] = s->dirty[j--];
	}
	d->ndirty += extra;
	return true;
}

void uni_st_copy(struct interp *I, struct ustate *d, const struct ustate *s)
{
	uint8_t *v = d->var, *l = d->lin;
	int *g = d->dirty, cap = d->capdirty;
	*d = *s;
	d->var = v;
	d->lin = l;
	d->dirty = g;
	d->capdirty = cap;
	memcpy(d->var, s->var, (size_t)I->nvars);
	memcpy(d->lin, s->lin, (size_t)I->nvars);
	dirty_reserve(d, s->ndirty);
	if (s->ndirty)
		memcpy(d->dirty, s->dirty, (size_t)s->ndirty * sizeof *d->dirty);
}

void uni_st_dead(struct interp *I, struct ustate *s)
{
	(void)I;
	s->dead = true;
	s->exit = s->lexit = 0;
	s->exit_cause = s->lexit_cause = NULL;
}

bool uni_raise8(uint8_t *d, uint8_t v)
{
	if (v > *d) {
		*d = v;
		return true;
	}
	return false;
}

/* The same for a fact in the IR, which has its enum type. */
bool uni_raise(enum uni_level *d, uint8_t v)
{
	if (v > *d) {
		*d = (enum uni_level)v;
		return true;
	}
	return false;
}

/* Joins src into dst; returns whether dst changed. A dead path brings
 * only its exit facets: the threads that left are gone from what follows. */
bool uni_st_join(struct interp *I, struct ustate *d, const struct ustate *s)
{
	bool ch = false;
	if (s->exit > d->exit || (s->exit_cause && !d->exit_cause)) {
		ch |= uni_raise8(&d->exit, s->exit);
		if (s->exit >= d->exit && s->exit_cause)
			d->exit_cause = s->exit_cause;
	}
	if (s->lexit > d->lexit || (s->lexit_cause && !d->lexit_cause)) {
		ch |= uni_raise8(&d->lexit, s->lexit);
		if (s->lexit >= d->lexit && s->lexit_cause)
			d->lexit_cause = s->lexit_cause;
	}
	if (s->dead)
		return ch;
	if (d->dead) {
		uint8_t e = d->exit, le = d->lexit;
		const struct ir_cause *ec = d->exit_cause, *lc = d->lexit_cause;
		uni_st_copy(I, d, s);
		d->exit = e > s->exit ? e : s->exit;
		d->exit_cause = e > s->exit ? ec : s->exit_cause;
		d->lexit = le > s->lexit ? le : s->lexit;
		d->lexit_cause = le > s->lexit ? lc : s->lexit_cause;
		return true;
	}
	for (int i = 0; i < I->nvars; i++) {
		ch |= uni_raise8(&d->var[i], s->var[i]);
		if (d->lin[i] & ~s->lin[i]) { /* a fact holds where it holds on both sides */
			d->lin[i] &= s->lin[i];
			ch = true;
		}
	}
	ch |= dirty_join(d, s);
	if (s->gdirty && !d->gdirty) {
		d->gdirty = true;
		ch = true;
	}
	if (d->barrier && !s->barrier) {
		d->barrier = false;
		ch = true;
	}
	return ch;
}

/* ---- control stack and causes --------------------------------------------- */

struct ir_cause *uni_new_cause(struct interp *I, enum cause_kind k, uint8_t level, const struct ir_expr *cond,
                                  const struct ir_stmt *stmt)
{
	struct ir_cause *c = arena_alloc(I->U->u->arena, sizeof *c);
	c->kind = k;
	c->level = level;
	c->cond = cond;
	c->stmt = stmt;
	return c;
}

void uni_push_ctrl(struct interp *I, const struct ir_cause *c)
{
	if (I->nctrl < MAX_CTRL)
		I->ctrl[I->nctrl] = c;
	I->nctrl++;
}

void uni_pop_ctrl(struct interp *I)
{
	I->nctrl--;
}

uint8_t uni_ctrl_level_from(struct interp *I, int from)
{
	uint8_t l = U_GRID;
	for (int i = from; i < I->nctrl && i < MAX_CTRL; i++)
		if (I->ctrl[i]->level > l)
			l = I->ctrl[i]->level;
	return l;
}

const struct ir_cause *uni_innermost_above(struct interp *I, int from, uint8_t level)
{
	for (int i = (I->nctrl < MAX_CTRL ? I->nctrl : MAX_CTRL) - 1; i >= from; i--)
		if (I->ctrl[i]->level > level)
			return I->ctrl[i];
	return NULL;
}

void uni_annotate_ctx(struct interp *I, struct ustate *s, struct ir_expr *e)
{
	if (!I->annotate)
		return;
	if (!e->ctx)
		e->ctx = arena_alloc(I->U->u->arena, sizeof *e->ctx);
	struct ir_ctx *c = e->ctx;
	uni_raise(&c->ctrl, uni_ctrl_level_from(I, 0));
	const struct ir_cause *g = uni_innermost_above(I, 0, U_GRID);
	const struct ir_cause *b = uni_innermost_above(I, 0, U_BLOCK), *w = uni_innermost_above(I, 0, U_WARP);
	if (g)
		c->grid_cause = g;
	if (b)
		c->block_cause = b;
	if (w)
		c->warp_cause = w;
	uint8_t ex = s->exit >= s->lexit ? s->exit : s->lexit;
	const struct ir_cause *ec = s->exit >= s->lexit ? s->exit_cause : s->lexit_cause;
	if (ex > c->exit || (ex == c->exit && ec && !c->exit_cause)) {
		c->exit = ex;
		c->exit_cause = ec;
	}
	c->after_barrier = s->barrier;
}

/* Raises every variable assigned in the given statements/expression to at
 * least level: those are the values that differ once the threads that
 * took different paths meet again. */
void uni_taint_assigned(struct interp *I, struct ustate *s, uint8_t level, struct ir_stmt *a, struct ir_stmt *b,
                           struct ir_expr *e)
{
	if (level <= U_GRID || s->dead)
		return;
	uint8_t *marks = xcalloc((size_t)I->nvars + 1, 1);
	ir_mark_assigned_values(a, NULL, marks);
	ir_mark_assigned_values(b, e, marks);
	for (int i = 0; i < I->nvars; i++)
		if (marks[i] && !uni_binds_shared(I, I->fn->vars[i])) { /* a binding no store changes */
			uni_raise8(&s->var[i], level);
			if (level > U_BLOCK)
				s->lin[i] = 0;
		}
	free(marks);
}
