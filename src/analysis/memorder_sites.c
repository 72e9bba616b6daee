/* memorder_sites.c - the sites of the unit's sync objects: every write
 * in device code (a publication: a store, an exchange, a counter
 * bumped) and every observation (a poll's load, an atomic whose result
 * decides a branch), with the blocks that run them (memorder_pins.c),
 * the value a write writes when constant, the values a poll leaves on,
 * and the stores each write releases. */
#include "analysis/memorder_internal.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- values written, values waited for -------------------------------- */

static bool name_has(const struct ir_expr *call, const char *s)
{
	return call->kind == EK_CALL && call->u.call->name && strstr(call->u.call->name, s);
}

/* The right-hand side of the assignment that stores to lvalue lv. */
struct rhs_find { const struct ir_expr *lv; const struct ir_expr *rhs; };

static int find_rhs(const struct ir_expr *e, void *arg)
{
	struct rhs_find *rf = arg;
	if (e->kind == EK_ASSIGN && e->op == OP_NONE && e->kids[0] == rf->lv) {
		rf->rhs = e->kids[1];
		return 1;
	}
	return 0;
}

static void write_value(struct mo_site *s, const struct mo_access *a)
{
	int64_t v;
	const struct ir_expr *val = NULL;
	if (a->kind == ACC_STORE) {
		struct rhs_find rf = { a->e, NULL };
		ir_walk_stmt_exprs(a->stmt, find_rhs, &rf);
		val = rf.rhs;
	} else if (name_has(a->e, "CAS") || name_has(a->e, "compare_exchange")) {
		val = a->e->nkids > 2 ? a->e->kids[2] : NULL; /* (p, compare, value), (expected, desired) */
	} else if (name_has(a->e, "Exch") || name_has(a->e, "exchange") || a->in == IN_ATOMIC_STORE) {
		val = a->e->nkids > 1 ? a->e->kids[1] : NULL; /* (p, value), the object and the value */
	} else {
		s->accumulates = a->in == IN_ATOMIC_RMW;
	}
	if (val && ir_const_value(val, &v)) {
		s->has_value = 1;
		s->value = v;
	}
}

/* The values on which a poll leaves because of its load: want is the
 * truth of the expression that makes the loop leave (false for a loop
 * condition, true for the condition of a break). */
static enum mo_exit exit_pred(const struct ir_expr *e, const struct ir_expr *load, bool want, int64_t *val)
{
	const struct ir_expr *s = ir_strip(e), *l = ir_strip(load);
	if (!s)
		return EXIT_ANY;
	if (s == l) {
		*val = 0;
		return want ? EXIT_NE : EXIT_EQ; /* `while (!ready)`: leaves on non-zero */
	}
	if (s->kind == EK_UNARY && s->op == OP_LNOT)
		return exit_pred(s->kids[0], load, !want, val);
	if (s->kind == EK_BINARY && (s->op == OP_LAND || s->op == OP_LOR)) {
		/* the side that holds the load says what the load must be; the
		 * other side may let the loop leave on its own, but then the
		 * flag was not what it waited for */
		bool in0 = mo_expr_holds(s->kids[0], load);
		bool in1 = mo_expr_holds(s->kids[1], load);
		if (in0 == in1)
			return EXIT_ANY;
		return exit_pred(s->kids[in0 ? 0 : 1], load, want, val);
	}
	if (s->kind == EK_BINARY && (s->op == OP_EQ || s->op == OP_NE)) {
		for (int side = 0; side < 2; side++) {
			const struct ir_expr *x = ir_strip(s->kids[side]);
			if (x && x->kind == EK_ASSIGN && x->op == OP_NONE)
				x = ir_strip(x->kids[1]); /* (f = *flag) != last */
			if (x == l && ir_const_value(s->kids[1 - side], val))
				return (s->op == OP_EQ) == want ? EXIT_EQ : EXIT_NE;
		}
	}
	return EXIT_ANY;
}

/* ---- call contexts ---------------------------------------------------------- */

/* A device function runs in the blocks its call sites run in: when every
 * call of it (through calls, up to a kernel) is in one kernel under the
 * same pins, its sites take that kernel and those pins as well. */
struct call_ctx {
	const struct ir_func *kernel; /* NULL: several or none */
	struct mo_pins pins;
	unsigned done : 1, busy : 1;
};

struct contexts {
	const struct memorder *m;
	struct call_ctx *ctx;         /* per function */
};

static const struct call_ctx *context_of(struct contexts *cs, const struct ir_func *f)
{
	struct call_ctx *c = &cs->ctx[f->id];
	if (c->done || c->busy)
		return c; /* a recursive call: no kernel while busy */
	c->busy = 1;
	if (f->is_global) {
		c->kernel = f;
	} else {
		bool first = true, same = true;
		for (int i = 0; i < cs->m->ncalls && same; i++) {
			/* the calls of analysed device code */
			const struct mo_call *k = &cs->m->calls[i];
			if (k->callee != f || !k->caller->analysed)
				continue;
			const struct call_ctx *up = context_of(cs, k->caller);
			struct mo_pins p;
			mo_site_pins(&p, k->caller, k->stmt);
			mo_pins_and(&p, &up->pins);
			if (first) {
				c->kernel = up->kernel;
				c->pins = p;
				first = false;
			}
			same = up->kernel && up->kernel == c->kernel && mo_pins_equal(&p, &c->pins);
		}
		if (!same)
			c->kernel = NULL;
	}
	c->busy = 0;
	c->done = 1;
	return c;
}
/* ---- collecting the sites ------------------------------------------------ */

struct collect {
	struct memorder *m;
	const struct ir_func *fn;
	int cap;
	struct mo_objkey *device_scoped; int ndevice_scoped;
};

static bool is_deciding(const struct memorder *m, const struct ir_expr *e)
{
	for (int i = 0; i < m->ndeciding; i++)
		if (m->deciding[i] == e)
			return true;
	return false;
}

static const struct mo_poll *poll_of(const struct memorder *m, const struct ir_expr *e)
{
	for (int i = 0; i < m->npolls; i++)
		if (m->polls[i].load == e)
			return &m->polls[i];
	return NULL;
}

static struct mo_site *new_site(struct collect *c, const struct mo_access *a)
{
	struct memorder *m = c->m;
	CL_VEC_GROW(m->sites, m->nsites, c->cap);
	struct mo_site *s = &m->sites[m->nsites++];
	memset(s, 0, sizeof *s);
	s->fn = c->fn;
	s->stmt = a->stmt;
	s->e = a->e;
	s->obj = a->obj;
	s->field = a->field;
	s->space = a->space;
	return s;
}

static int collect_access(const struct mo_access *a, void *arg)
{
	struct collect *c = arg;
	struct memorder *m = c->m;
	if (a->via)
		return 0; /* a helper's site, with the helper's own walk */
	if ((a->kind != ACC_STORE && a->kind != ACC_ATOMIC && a->kind != ACC_LOAD) ||
	    !mo_is_sync(m, a->obj, a->field))
		return 0;
	if (a->kind == ACC_ATOMIC && a->scope != SCOPE_BLOCK)
		mo_add_key(&c->device_scoped, &c->ndevice_scoped, a->obj, a->field);
	else if (a->kind == ACC_ATOMIC)
		mo_add_key(&m->block_scoped, &m->nblock_scoped, a->obj, a->field);
	const struct mo_poll *p = poll_of(m, a->e);
	bool write = a->kind == ACC_STORE ||
	             (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD && !mo_rmw_reads_only(a->e));
	bool read = p || (a->kind == ACC_ATOMIC && is_deciding(m, a->e));
	if (!write && !read)
		return 0;
	struct mo_site *s = new_site(c, a);
	s->write = write;
	s->read = read;
	if (write)
		write_value(s, a);
	mo_site_pins(&s->pins, c->fn, p ? p->loop : a->stmt);
	if (p && p->cond)
		s->exit = exit_pred(p->cond, p->load, p->cond != p->loop->u.loop.cond, &s->exit_value);
	else if (read && !p && mo_cas_kind(a->e) == CAS_LOCK) {
		/* a lock taken (`if (atomicCAS(&l, 0, 1) == 0)`) enters on the
		 * value it compares with: the taking of the lock by another
		 * thread (its write of 1) hands nothing over, its release does */
		int first = a->e->u.call->is_method;
		if (ir_const_value(a->e->kids[first + 1], &s->exit_value))
			s->exit = EXIT_EQ;
	}
	return 0;
}

struct release_walk { struct memorder *m; const struct mo_site *w; int *cap; };

static int note_released(const struct mo_access *a, void *arg)
{
	struct release_walk *rw = arg;
	struct memorder *m = rw->m;
	/* back to the previous barrier or access of the flag (the poll or
	 * lock acquire that opened the section): what the write releases */
	if (a->kind == ACC_CALL || a->kind == ACC_BARRIER ||
	    (a->e != rw->w->e && mo_same_object(a->obj, a->field, rw->w->obj, rw->w->field)))
		return 1;
	if (a->kind != ACC_STORE || !a->obj)
		return 0;
	for (int i = 0; i < m->nreleased; i++)
		if (m->released[i].e == a->e && m->released[i].flag == rw->w->obj && m->released[i].flag_field == rw->w->field)
			return 0;
	CL_VEC_PUSH(m->released, m->nreleased, *rw->cap,
	            ((struct mo_released){ a->obj, a->field, a->e, rw->w->obj, rw->w->field }));
	return 0;
}

void mo_collect_sites(struct memorder *m, const struct ir_unit *u)
{
	struct collect c = { .m = m };
	struct contexts cs = { .m = m };
	cs.ctx = xcalloc((size_t)u->nfuncs + 1, sizeof *cs.ctx);
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		if (!f->analysed || (!f->is_device && !f->is_global))
			continue;
		c.fn = f;
		mo_stmt_accesses(m, f->body, collect_access, &c);
	}
	/* block scope only where no atomic on the object has a wider one */
	int n = 0;
	for (int i = 0; i < m->nblock_scoped; i++)
		if (!mo_in_keys(c.device_scoped, c.ndevice_scoped, m->block_scoped[i].obj, m->block_scoped[i].field))
			m->block_scoped[n++] = m->block_scoped[i];
	m->nblock_scoped = n;
	free(c.device_scoped);
	for (int i = 0; i < m->nsites; i++) {
		struct mo_site *st = &m->sites[i];
		if (st->write)
			st->isolated = mo_site_isolated(m, st);
		const struct call_ctx *cc = context_of(&cs, st->fn);
		st->kernel = cc->kernel;
		if (cc->kernel && cc->kernel != st->fn)
			mo_pins_and(&st->pins, &cc->pins);
	}
	free(cs.ctx);
	int cap = 0;
	for (int i = 0; i < m->nsites; i++)
		if (m->sites[i].write) {
			struct release_walk rw = { m, &m->sites[i], &cap };
			mo_before(m, m->sites[i].stmt, note_released, &rw);
		}
}

void mo_free_sites(struct memorder *m)
{
	free(m->released);
	free(m->sites);
	free(m->block_scoped);
}
