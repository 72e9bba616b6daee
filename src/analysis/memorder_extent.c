/* memorder_extent.c - which threads a hand-off through a sync object
 * connects (memorder.h, enum mo_extent).
 *
 * The sites (memorder_sites.c): every write of a sync object in device code (a publication:
 * a store, an exchange, a counter bumped) and every observation (a poll's
 * load, an atomic whose result decides a branch). For each site, the
 * blocks that run it, from the conditions on blockIdx that guard it (its
 * "pins"); for a write, the value it writes when constant; for a poll,
 * the values that let it leave. A publication and an observation are
 * paired only when the observation can leave on the value written
 * (`atomicExch(&flag, 1)` is not what `while (atomicAdd(&flag, 0) != 2)`
 * waits for), and the pair crosses blocks when its two sides provably run
 * in different sets of blocks.
 *
 * The invariant the rules rely on: CROSS is said only with a proof, and
 * BLOCK only for __shared__ memory or an object whose atomics all have
 * block scope; everything else is UNKNOWN. */
#include "analysis/memorder_internal.h"

/* ---- the extents ------------------------------------------------------------- */

/* Whether observation obs can leave on what write w writes. */
static bool can_observe(const struct mo_site *obs, const struct mo_site *w)
{
	if (obs->exit == EXIT_ANY || !w->has_value)
		return true;
	return obs->exit == EXIT_EQ ? w->value == obs->exit_value : w->value != obs->exit_value;
}

static const struct mo_site *site_of(const struct memorder *m, const struct ir_expr *e, bool write)
{
	for (int i = 0; i < m->nsites; i++)
		if (m->sites[i].e == e && (write ? m->sites[i].write : m->sites[i].read))
			return &m->sites[i];
	return NULL;
}

static bool same_object(const struct mo_site *a, const struct mo_site *b)
{
	return mo_same_object(a->obj, a->field, b->obj, b->field);
}

/* The extent of site s, taken as a write or as an observation, against
 * the sites of the other role that it can pair with; *all_isolated:
 * every write paired is isolated. */
static enum mo_extent extent(const struct memorder *m, const struct mo_site *s, bool as_write, bool *all_isolated,
                             bool *unpaired)
{
	bool seen = false, cross = false, partners = false;
	*all_isolated = true;
	for (int i = 0; i < m->nsites; i++) {
		const struct mo_site *o = &m->sites[i];
		if (!same_object(s, o) || !(as_write ? o->read : o->write))
			continue;
		const struct mo_site *w = as_write ? s : o, *r = as_write ? o : s;
		/* the same atomic run by other threads: only a counter hands
		 * from one thread's execution to another's; a lock taken
		 * observes the same compare-and-swap of another thread, which
		 * it cannot leave on (it enters on 0, the other wrote 1) */
		if (o == s && !s->accumulates && !(s->read && s->exit != EXIT_ANY && s->has_value))
			continue;
		partners = true;
		if (!can_observe(r, w))
			continue;
		seen = true;
		*all_isolated &= w->isolated;
		/* two kernels are two grids; a device function whose kernel
		 * cudalint cannot name could be in either */
		bool kernels = o->kernel && s->kernel;
		if (kernels ? o->kernel != s->kernel || mo_pins_differ(&o->pins, &s->pins)
		            : o->fn != s->fn || mo_pins_differ(&o->pins, &s->pins))
			cross = true;
	}
	if (!seen)
		*all_isolated = false;
	*unpaired = partners && !seen;
	if (s->space == SPACE_SHARED)
		return EXTENT_BLOCK;
	if (cross)
		return EXTENT_CROSS;
	if (mo_in_keys(m->block_scoped, m->nblock_scoped, s->obj, s->field))
		return EXTENT_BLOCK;
	/* a counter bumped in every block, or a side whose partner is
	 * outside the device code cudalint sees */
	if ((s->accumulates && mo_pins_unpinned(&s->pins)) || !seen)
		return EXTENT_CROSS;
	return EXTENT_UNKNOWN;
}

static enum mo_extent extent_of(const struct memorder *m, const struct ir_expr *e, bool write, bool *ordered,
                                bool *unpaired)
{
	const struct mo_site *s = site_of(m, e, write);
	bool iso = false, none = false;
	enum mo_extent x = EXTENT_CROSS;
	if (s)
		x = extent(m, s, write, &iso, &none);
	if (ordered)
		*ordered = s && x != EXTENT_CROSS && (write ? s->isolated : iso);
	if (unpaired)
		*unpaired = none;
	return x;
}

enum mo_extent mo_write_extent(const struct memorder *m, const struct ir_expr *e)
{
	return extent_of(m, e, true, NULL, NULL);
}

enum mo_extent mo_read_extent(const struct memorder *m, const struct ir_expr *e)
{
	return extent_of(m, e, false, NULL, NULL);
}

bool mo_write_barrier_ordered(const struct memorder *m, const struct ir_expr *e)
{
	bool ordered;
	extent_of(m, e, true, &ordered, NULL);
	return ordered;
}

bool mo_read_barrier_ordered(const struct memorder *m, const struct ir_expr *e)
{
	bool ordered;
	extent_of(m, e, false, &ordered, NULL);
	return ordered;
}

bool mo_write_unobserved(const struct memorder *m, const struct ir_expr *e)
{
	bool none;
	extent_of(m, e, true, NULL, &none);
	return none;
}

bool mo_released_elsewhere(const struct memorder *m, const struct ir_var *obj, const char *field,
                                 const struct ir_expr *e, const struct ir_var *flag, const char *flag_field)
{
	for (int i = 0; i < m->nreleased; i++) {
		const struct mo_released *r = &m->released[i];
		if (r->e != e && mo_same_object(r->obj, r->field, obj, field) &&
		    mo_same_object(r->flag, r->flag_field, flag, flag_field))
			return true;
	}
	return false;
}
