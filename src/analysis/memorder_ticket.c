/* memorder_ticket.c - read-modify-write atomics whose results decide
 * branches: tickets and locks (see memorder.h). */
#include "analysis/memorder_internal.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- deciding atomics ----------------------------------------------------------- */

/* Variables whose value derives from one RMW's result (the seed):
 * locals of the function, and __shared__ variables such as amLast. */
struct taint {
	const struct ir_func *fn;
	const struct ir_expr *seed;
	uint8_t *local;
	const struct ir_var **shared; int nshared;
	bool changed;
};

static int is_rmw_call(const struct ir_expr *e)
{
	return e->kind == EK_CALL && e->u.call->intrinsic == IN_ATOMIC_RMW;
}

static bool var_tainted(const uint8_t *local, int nvars, const struct ir_var *const *shared, int nshared,
                        const struct ir_var *v)
{
	if (v->kind == VAR_GLOBAL)
		return mo_in_set(shared, nshared, v);
	return local && v->id >= 0 && v->id < nvars && local[v->id];
}

static int expr_tainted(const struct ir_expr *e, void *arg)
{
	struct taint *t = arg;
	if (e == t->seed)
		return 1;
	return e->kind == EK_VAR && var_tainted(t->local, t->fn->nvars, t->shared, t->nshared, e->u.var);
}

static bool tainted(struct taint *t, struct ir_expr *e)
{
	return e && ir_walk_expr(e, expr_tainted, t);
}

static void taint_var(struct taint *t, const struct ir_var *v)
{
	if (!v)
		return;
	if (v->kind == VAR_GLOBAL) {
		if (v->space == SPACE_SHARED && !mo_in_set(t->shared, t->nshared, v)) {
			mo_add_obj(&t->shared, &t->nshared, v);
			t->changed = true;
		}
	} else if (v->id >= 0 && v->id < t->fn->nvars && !t->local[v->id]) {
		t->local[v->id] = 1;
		t->changed = true;
	}
}

static int taint_assign(const struct ir_expr *e, void *arg)
{
	struct taint *t = arg;
	if (e->kind == EK_ASSIGN && ir_strip(e->kids[0])->kind == EK_VAR && tainted(t, e->kids[1]))
		taint_var(t, ir_base_var(e->kids[0]));
	return 0;
}

static int taint_decl(const struct ir_stmt *s, void *arg)
{
	struct taint *t = arg;
	if (s->kind == SK_DECL && tainted(t, s->u.decl.init))
		taint_var(t, s->u.decl.var);
	return 0;
}

static struct ir_expr *stmt_cond(const struct ir_stmt *s)
{
	switch (s->kind) {
	case SK_IF: return s->u.if_.cond;
	case SK_LOOP: return s->u.loop.cond;
	case SK_SWITCH: return s->u.sw.cond;
	default: return NULL;
	}
}

/* A condition the seed decides. A read (atomicAdd(p, 0)) that decides
 * only when a loop counting to a bound stops searching hands nothing
 * over: the loop ends by itself either way. */
static int probe_cond(const struct ir_stmt *s, void *arg)
{
	struct taint *t = arg;
	struct ir_expr *c = stmt_cond(s);
	if (!c || !tainted(t, c))
		return 0;
	return !(mo_rmw_reads_only(t->seed) && mo_counting_exit(s, t->fn->nvars));
}

static int collect_rmw(struct ir_expr *e, void *arg)
{
	if (is_rmw_call(e))
		ptrvec_push(arg, e);
	return 0;
}

/* ---- tickets that hand out work ------------------------------------------------- */

/* A counter every thread or block takes a number from — the next tile of
 * a persistent kernel (`tile = atomicAdd(&next, 1)`), a free slot of a
 * queue (`q[atomicAdd(&len, 1)] = v`) — hands over nothing when the only
 * thing its number decides is whether it is still below a bound: the
 * first taker passes that test before any other thread did anything, so
 * passing it says nothing about what other threads wrote. Such a ticket
 * is used as an index and as a loop bound. A number tested against the
 * last taker's (`t == gridDim.x - 1`, or `t >= n - 1` guarding code) is
 * a hand-off: it is seen only after every other thread took its own. */

/* Whether e is the ticket's value by arithmetic alone: the atomic, a
 * variable carrying it, or +, -, *, /, %, shifts and bit operations of
 * those with anything. A load at such an index (`out[t]`) is not. */
static bool carries(struct taint *c, const struct ir_expr *e)
{
	e = ir_strip(e);
	if (!e)
		return false;
	if (e == c->seed)
		return true;
	switch (e->kind) {
	case EK_VAR:
		return var_tainted(c->local, c->fn->nvars, c->shared, c->nshared, e->u.var);
	case EK_BINARY:
		switch (e->op) {
		case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM:
		case OP_SHL: case OP_SHR: case OP_AND: case OP_OR: case OP_XOR:
			return carries(c, e->kids[0]) || carries(c, e->kids[1]);
		default:
			return false;
		}
	case EK_UNARY:
		return (e->op == OP_NEG || e->op == OP_PLUS) && carries(c, e->kids[0]);
	default:
		return false;
	}
}

static int carry_assign(const struct ir_expr *e, void *arg)
{
	struct taint *c = arg;
	if (e->kind == EK_ASSIGN && ir_strip(e->kids[0])->kind == EK_VAR && carries(c, e->kids[1]))
		taint_var(c, ir_base_var(e->kids[0]));
	return 0;
}

static int carry_decl(const struct ir_stmt *s, void *arg)
{
	struct taint *c = arg;
	if (s->kind == SK_DECL && carries(c, s->u.decl.init))
		taint_var(c, s->u.decl.var);
	return 0;
}

static bool is_compare(enum ir_op op)
{
	return op == OP_LT || op == OP_GT || op == OP_LE || op == OP_GE || op == OP_EQ || op == OP_NE;
}

/* A test of the ticket's value: a comparison, a logical operator or a
 * condition with the value as a direct operand. */
static int ticket_test(struct ir_expr *e, void *arg)
{
	struct taint *c = arg;
	if (e->kind == EK_BINARY && (is_compare(e->op) || e->op == OP_LAND || e->op == OP_LOR))
		return carries(c, e->kids[0]) || carries(c, e->kids[1]);
	if (e->kind == EK_UNARY && e->op == OP_LNOT)
		return carries(c, e->kids[0]);
	return e->kind == EK_COND && e->nkids && carries(c, e->kids[0]);
}

static int count_test(struct ir_expr *e, void *arg)
{
	int *n = ((void **)arg)[1];
	*n += ticket_test(e, ((void **)arg)[0]);
	return 0;
}

static int count_tests(struct taint *c, struct ir_expr *e, struct ir_stmt *s)
{
	int n = 0;
	void *arg[2] = { c, &n };
	if (e)
		ir_walk_expr_mut(e, count_test, arg);
	if (s)
		ir_walk_stmt_exprs_mut(s, count_test, arg);
	return n;
}

/* What a condition's truth tells about the ticket: nothing (it does not
 * test it), that it is below its bound when the condition holds
 * (`t < n`, `i < n && t < n`) or when it fails (`t >= n`, `!(t < n)`),
 * or something else (an equality, a test of two tickets). */
enum side { SIDE_NONE, SIDE_LOW_TRUE, SIDE_LOW_FALSE, SIDE_OTHER };

static enum side test_side(struct taint *c, struct ir_expr *raw)
{
	const struct ir_expr *e = ir_strip(raw);
	if (!e)
		return SIDE_NONE;
	if (carries(c, e))
		return SIDE_OTHER; /* `if (t)`: a test against 0 */
	if (e->kind == EK_UNARY && e->op == OP_LNOT) {
		enum side s = test_side(c, e->kids[0]);
		return s == SIDE_LOW_TRUE ? SIDE_LOW_FALSE : s == SIDE_LOW_FALSE ? SIDE_LOW_TRUE : s;
	}
	if (e->kind == EK_BINARY && (e->op == OP_LAND || e->op == OP_LOR)) {
		/* a && b holding says both hold; a || b failing, that both fail */
		enum side want = e->op == OP_LAND ? SIDE_LOW_TRUE : SIDE_LOW_FALSE, got = SIDE_NONE;
		for (int i = 0; i < 2; i++) {
			enum side s = test_side(c, e->kids[i]);
			if (s != SIDE_NONE && s != want)
				return SIDE_OTHER;
			if (s == want)
				got = want;
		}
		return got;
	}
	if (e->kind == EK_BINARY && is_compare(e->op)) {
		bool l = carries(c, e->kids[0]), r = carries(c, e->kids[1]);
		if (!l && !r)
			return count_tests(c, raw, NULL) ? SIDE_OTHER : SIDE_NONE;
		if ((l && r) || e->op == OP_EQ || e->op == OP_NE)
			return SIDE_OTHER;
		bool low = l ? (e->op == OP_LT || e->op == OP_LE) : (e->op == OP_GT || e->op == OP_GE);
		return low ? SIDE_LOW_TRUE : SIDE_LOW_FALSE;
	}
	return count_tests(c, raw, NULL) ? SIDE_OTHER : SIDE_NONE;
}

/* `break;`, `return;`, `continue;`, or a block of only those. */
static bool exit_only(const struct ir_stmt *s)
{
	if (!s)
		return false;
	if (s->kind == SK_BREAK || s->kind == SK_RETURN || s->kind == SK_CONTINUE)
		return true;
	if (s->kind != SK_BLOCK || !s->u.block.n)
		return false;
	for (int i = 0; i < s->u.block.n; i++)
		if (!exit_only(s->u.block.v[i]))
			return false;
	return true;
}

struct handout { struct taint *c; int tests; bool other; };

/* Each condition testing the ticket lets through only numbers below the
 * bound: a loop runs while it is below; an if's branch runs while it is
 * below (its else, if any, only leaves); `if (t >= n) break;` leaves,
 * and what follows runs while it is below. An if whose branch only
 * leaves on the low side (`if (t < n - 1) return;`) runs what follows
 * for the last takers: that is a hand-off. */
static int handout_cond(const struct ir_stmt *s, void *arg)
{
	struct handout *h = arg;
	struct ir_expr *cond = stmt_cond(s);
	enum side side = test_side(h->c, cond);
	if (side == SIDE_NONE)
		return 0;
	bool ok = false;
	if (s->kind == SK_LOOP)
		ok = side == SIDE_LOW_TRUE;
	else if (s->kind == SK_IF && side == SIDE_LOW_TRUE)
		ok = !exit_only(s->u.if_.then) && (!s->u.if_.els || exit_only(s->u.if_.els));
	else if (s->kind == SK_IF)
		ok = exit_only(s->u.if_.then) && !s->u.if_.els;
	if (!ok) {
		h->other = true;
		return 1;
	}
	h->tests += count_tests(h->c, cond, NULL);
	return 0;
}

static bool is_increment(const struct ir_expr *call)
{
	int64_t v;
	const char *n = call->u.call->name;
	int first = call->u.call->is_method;
	if (!n || (!strstr(n, "atomicAdd") && !strstr(n, "atomicInc") && !strstr(n, "fetch_add")))
		return false;
	return call->nkids > first + 1 && !(ir_const_value(call->kids[first + 1], &v) && v <= 0);
}

/* Whether the atomic seed of fn is a ticket that hands out work: an
 * increment whose value every test of it (through the variables that
 * carry it) checks against a bound from below, as above, and that no
 * other comparison or condition looks at. */
static bool hands_out_work(const struct ir_func *fn, const struct ir_expr *seed)
{
	if (!is_increment(seed))
		return false;
	struct taint c = { fn, seed, xcalloc((size_t)fn->nvars + 1, 1), NULL, 0, false };
	do {
		c.changed = false;
		ir_walk_stmt_exprs(fn->body, carry_assign, &c);
		ir_walk_stmts(fn->body, carry_decl, &c);
	} while (c.changed);
	struct handout h = { &c, 0, false };
	ir_walk_stmts(fn->body, handout_cond, &h);
	/* a test anywhere else (`amLast = t == last;`, `return t < n;`) */
	bool work = !h.other && h.tests == count_tests(&c, NULL, fn->body);
	free(c.local);
	free(c.shared);
	return work;
}

void mo_find_deciding(struct memorder *m, const struct ir_func *fn)
{
	struct ptrvec rmws = { 0 };
	ir_walk_stmt_exprs_mut(fn->body, collect_rmw, &rmws);
	for (int i = 0; i < rmws.n; i++) {
		/* a compare-and-swap update decides only whether to retry:
		 * it hands out nothing */
		if (mo_cas_kind(rmws.v[i]) == CAS_UPDATE)
			continue;
		struct taint t = { fn, rmws.v[i], xcalloc((size_t)fn->nvars + 1, 1), NULL, 0, false };
		do {
			t.changed = false;
			ir_walk_stmt_exprs(fn->body, taint_assign, &t);
			ir_walk_stmts(fn->body, taint_decl, &t);
		} while (t.changed);
		if (ir_walk_stmts(fn->body, probe_cond, &t) && !hands_out_work(fn, rmws.v[i])) {
			m->deciding = xrealloc(m->deciding, (size_t)(m->ndeciding + 1) * sizeof *m->deciding);
			m->deciding[m->ndeciding++] = rmws.v[i];
			for (int v = 0; v < fn->nvars; v++)
				m->taint_local[fn->id][v] |= t.local[v];
			for (int v = 0; v < t.nshared; v++)
				mo_add_obj(&m->taint_shared, &m->ntaint_shared, t.shared[v]);
		}
		free(t.local);
		free(t.shared);
	}
	free(rmws.v);
}

struct decided_probe { const struct memorder *m; const struct ir_func *fn; };

static int decided_expr(const struct ir_expr *e, void *arg)
{
	struct decided_probe *dp = arg;
	if (is_rmw_call(e))
		for (int i = 0; i < dp->m->ndeciding; i++)
			if (dp->m->deciding[i] == e)
				return 1;
	return e->kind == EK_VAR && var_tainted(dp->m->taint_local[dp->fn->id], dp->fn->nvars, dp->m->taint_shared,
	                                        dp->m->ntaint_shared, e->u.var);
}

bool mo_in_decided_branch(const struct memorder *m, const struct ir_func *fn, const struct ir_stmt *st)
{
	struct decided_probe dp = { m, fn };
	for (const struct ir_stmt *c = st; c && c->parent; c = c->parent) {
		struct ir_expr *cond = ir_guarding_cond(c);
		if (cond && ir_walk_expr(cond, decided_expr, &dp))
			return true;
	}
	return false;
}

bool mo_holds_ticket(const struct memorder *m, const struct ir_var *obj)
{
	return obj && mo_in_set(m->taint_shared, m->ntaint_shared, obj);
}
