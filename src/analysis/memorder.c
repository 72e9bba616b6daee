/* memorder.c - memory objects, descriptions, and the facts cached per unit
 * (see memorder.h). */
#include "analysis/memorder_internal.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- objects ---------------------------------------------------------------- */

bool mo_in_set(const struct ir_var *const *v, int n, const struct ir_var *x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

void mo_add_obj(const struct ir_var ***v, int *n, const struct ir_var *x)
{
	if (!x || mo_in_set(*v, *n, x))
		return;
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = x;
}

bool mo_same_object(const struct ir_var *a, const char *fa, const struct ir_var *b, const char *fb)
{
	return a && a == b && (!fa || !fb || !strcmp(fa, fb));
}

bool mo_in_keys(const struct mo_objkey *v, int n, const struct ir_var *obj, const char *field)
{
	for (int i = 0; i < n; i++)
		if (mo_same_object(v[i].obj, v[i].field, obj, field))
			return true;
	return false;
}

void mo_add_key(struct mo_objkey **v, int *n, const struct ir_var *obj, const char *field)
{
	if (!obj)
		return;
	for (int i = 0; i < *n; i++)
		if ((*v)[i].obj == obj && ((*v)[i].field == field || ((*v)[i].field && field && !strcmp((*v)[i].field, field))))
			return;
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = (struct mo_objkey){ obj, field };
}

bool mo_is_sync(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && mo_in_keys(m->sync, m->nsync, obj, field);
}

bool mo_is_polled(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && mo_in_keys(m->polled, m->npolled, obj, field);
}

bool mo_is_waited(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && mo_in_keys(m->waited, m->nwaited, obj, field);
}

static int note_waited(const struct mo_access *a, void *arg)
{
	struct memorder *m = arg;
	if (a->kind == ACC_LOAD && a->space != SPACE_LOCAL)
		mo_add_key(&m->waited, &m->nwaited, a->obj, a->field);
	return 0;
}

bool mo_is_written(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && mo_in_keys(m->written, m->nwritten, obj, field);
}

const char *mo_field(const struct ir_expr *lv)
{
	const char *field = NULL;
	for (const struct ir_expr *e = ir_strip(lv); e; e = ir_strip(e)) {
		if (e->kind == EK_MEMBER) {
			field = e->u.name;
			if (!e->nkids)
				return field;
			e = e->kids[0];
		} else if (e->kind == EK_INDEX || (e->kind == EK_UNARY && (e->op == OP_DEREF || e->op == OP_ADDR))) {
			e = e->kids[0];
		} else {
			return field;
		}
	}
	return field;
}

bool mo_is_read(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && mo_in_keys(m->read, m->nread, obj, field);
}

bool mo_is_rewritten(const struct memorder *m, const struct ir_var *obj, const char *field)
{
	return obj && mo_in_keys(m->rewritten, m->nrewritten, obj, field);
}

/* An atomic whose value the statement throws away (`atomicAdd(&n, 1);`)
 * reads nothing anyone uses. */
static bool result_used(const struct mo_access *a)
{
	const struct ir_stmt *st = a->stmt;
	return !(st && st->kind == SK_EXPR && ir_strip(st->u.expr) == a->e);
}

static int note_written(const struct mo_access *a, void *arg)
{
	struct memorder *m = arg;
	if (a->via)
		return 0; /* a helper's access, which its own walk notes */
	if (a->kind == ACC_STORE || (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD)) {
		if (mo_is_written(m, a->obj, a->field))
			mo_add_key(&m->rewritten, &m->nrewritten, a->obj, a->field);
		mo_add_key(&m->written, &m->nwritten, a->obj, a->field);
		if (a->obj)
			CL_VEC_PUSH(m->stores, m->nstores, m->cstores,
			            ((struct mo_store){ a->obj, a->field, a->e, a->stmt, a->kind == ACC_ATOMIC }));
	}
	if (a->kind == ACC_LOAD || (a->kind == ACC_ATOMIC && (a->in == IN_ATOMIC_LOAD || result_used(a))))
		mo_add_key(&m->read, &m->nread, a->obj, a->field);
	return 0;
}

/* ---- calls ------------------------------------------------------------------------ */

struct call_walk { struct memorder *m; const struct ir_func *caller; int cap; };

static int note_call(const struct mo_access *a, void *arg)
{
	struct call_walk *cw = arg;
	if ((a->kind == ACC_CALL || a->kind == ACC_INLINED) && !a->via && a->e->u.call.target)
		CL_VEC_PUSH(cw->m->calls, cw->m->ncalls, cw->cap,
		            ((struct mo_call){ cw->caller, a->e->u.call.target, a->stmt, a->e }));
	return 0;
}

/* The object each method is called on, when all its calls agree: the
 * method's accesses of `this` are then accesses of it, in the method's
 * own walk as in its callers'. */
static void find_receivers(struct memorder *m, const struct ir_unit *u)
{
	m->this_recv = xcalloc((size_t)u->nfuncs + 1, sizeof *m->this_recv);
	uint8_t *clash = xcalloc((size_t)u->nfuncs + 1, 1);
	for (int i = 0; i < m->ncalls; i++) {
		const struct ir_expr *c = m->calls[i].call;
		int id = m->calls[i].callee->id;
		const struct ir_expr *r = c->u.call.is_method && c->nkids ? c->kids[0] : NULL;
		const struct ir_expr *had = m->this_recv[id];
		if (!r || !ir_base_var(r))
			clash[id] = 1;
		else if (!had)
			m->this_recv[id] = r;
		else if (memspace_object(m->ms, had) != memspace_object(m->ms, r) ||
		         !mo_same_object(memspace_object(m->ms, r), mo_field(had), memspace_object(m->ms, r),
		                               mo_field(r)))
			clash[id] = 1;
	}
	for (int i = 0; i < u->nfuncs; i++)
		if (clash[i])
			m->this_recv[i] = NULL;
	free(clash);
}

static int note_host_call(struct ir_expr *e, void *arg)
{
	uint8_t *called = arg;
	if (e->kind == EK_CALL && e->u.call.target)
		called[e->u.call.target->id] = 1;
	return 0;
}

/* The __host__ __device__ functions that host code calls and no device
 * code of the unit does (a ring buffer's init run before the launch):
 * what they store, the host stores. One nobody calls stays device code,
 * which another unit's kernels may call. malloc'd, by function id. */
static uint8_t *host_only(const struct memorder *m, const struct ir_unit *u)
{
	uint8_t *from_host = xcalloc((size_t)u->nfuncs + 1, 1);
	for (int i = 0; i < u->nfuncs; i++)
		if (!u->funcs[i]->is_device && !u->funcs[i]->is_global && u->funcs[i]->body)
			ir_walk_stmt_exprs(u->funcs[i]->body, note_host_call, from_host);
	for (int i = 0; i < m->ncalls; i++)
		from_host[m->calls[i].callee->id] = 0;
	for (int i = 0; i < u->nfuncs; i++)
		from_host[i] &= u->funcs[i]->is_host && !u->funcs[i]->is_global;
	return from_host;
}

const struct ir_func *mo_func_of(const struct memorder *m, const struct ir_stmt *s)
{
	while (s && s->parent)
		s = s->parent;
	for (int i = 0; s && m->u && i < m->u->nfuncs; i++)
		if (m->u->funcs[i]->body == s)
			return m->u->funcs[i];
	return NULL;
}

/* ---- descriptions ---------------------------------------------------------------- */

/* C's binding strength of a binary operator, higher binds tighter. */
static int precedence(enum ir_op op)
{
	switch (op) {
	case OP_MUL: case OP_DIV: case OP_REM: return 10;
	case OP_ADD: case OP_SUB: return 9;
	case OP_SHL: case OP_SHR: return 8;
	case OP_LT: case OP_GT: case OP_LE: case OP_GE: return 7;
	case OP_EQ: case OP_NE: return 6;
	case OP_AND: return 5;
	case OP_XOR: return 4;
	case OP_OR: return 3;
	case OP_LAND: return 2;
	case OP_LOR: return 1;
	default: return 0;
	}
}

static void describe(const struct ir_expr *e, char *buf, size_t len, int depth)
{
	size_t n = strlen(buf);
	if (n + 8 >= len || depth > 6) {
		return;
	}
	e = ir_strip(e);
	if (!e) {
		snprintf(buf + n, len - n, "...");
		return;
	}
	switch (e->kind) {
	case EK_VAR:
		snprintf(buf + n, len - n, "%s", e->u.var->name);
		break;
	case EK_CONST:
		if (e->has_value)
			snprintf(buf + n, len - n, "%lld", (long long)e->ival);
		else
			snprintf(buf + n, len - n, "...");
		break;
	case EK_BUILTIN:
		snprintf(buf + n, len - n, "%s.%c",
		         (const char *[]){ "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize" }[e->u.bi.which],
		         e->u.bi.dim ? e->u.bi.dim : 'x');
		break;
	case EK_UNARY:
		if (e->op == OP_DEREF || e->op == OP_ADDR) {
			snprintf(buf + n, len - n, e->op == OP_DEREF ? "*" : "&");
			describe(e->kids[0], buf, len, depth + 1);
		} else {
			snprintf(buf + n, len - n, "...");
		}
		break;
	case EK_INDEX:
		describe(e->kids[0], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "[");
		describe(e->kids[1], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "]");
		break;
	case EK_MEMBER:
		if (e->nkids)
			describe(e->kids[0], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "%s%s", e->nkids ? (e->arrow ? "->" : ".") : "", e->u.name ? e->u.name : "?");
		break;
	case EK_BINARY:
		for (int i = 0; i < 2; i++) {
			/* (tid + 1) % 256: an operand that binds less tightly keeps its parentheses */
			const struct ir_expr *k = ir_strip(e->kids[i]);
			bool paren = k && k->kind == EK_BINARY && (precedence(k->op) < precedence(e->op) ||
			                                          (i == 1 && precedence(k->op) == precedence(e->op)));
			n = strlen(buf);
			if (i)
				snprintf(buf + n, len - n, " %s ", ir_op_name(e->op));
			n = strlen(buf);
			if (paren)
				snprintf(buf + n, len - n, "(");
			describe(e->kids[i], buf, len, depth + 1);
			n = strlen(buf);
			if (paren)
				snprintf(buf + n, len - n, ")");
		}
		break;
	case EK_CALL:
		snprintf(buf + n, len - n, "%s(...)", e->u.call.name);
		break;
	default:
		snprintf(buf + n, len - n, "...");
		break;
	}
}

const char *mo_describe(const struct ir_expr *e, char *buf, unsigned len)
{
	buf[0] = 0;
	e = ir_strip(e);
	if (e && e->kind == EK_UNARY && e->op == OP_ADDR)
		e = e->kids[0];
	describe(e, buf, len, 0);
	return buf;
}

/* ---- the facts ------------------------------------------------------------------ */

void mo_free(struct memorder *m)
{
	if (!m)
		return;
	free(m->polls);
	free(m->deciding);
	free(m->sync);
	free(m->polled);
	free(m->waited);
	free(m->written);
	free(m->stores);
	free(m->read);
	free(m->rewritten);
	free(m->calls);
	free(m->this_recv);
	mo_free_sites(m);
	free(m->taint_shared);
	for (int i = 0; i < m->nfuncs; i++)
		free(m->taint_local[i]);
	free(m->taint_local);
	free(m);
}

struct memorder *mo_new(const struct ir_unit *u, const struct memspace *ms)
{
	struct memorder *m = xcalloc(1, sizeof *m);
	m->ms = ms;
	m->nfuncs = u->nfuncs;
	m->taint_local = xcalloc((size_t)u->nfuncs + 1, sizeof *m->taint_local);
	m->u = u;
	struct call_walk cw = { m, NULL, 0 };
	for (int i = 0; i < u->nfuncs; i++) {
		cw.caller = u->funcs[i];
		if (u->funcs[i]->is_device || u->funcs[i]->is_global)
			mo_stmt_accesses(m, u->funcs[i]->body, note_call, &cw);
	}
	find_receivers(m, u);
	uint8_t *hosts = host_only(m, u);
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		m->taint_local[i] = xcalloc((size_t)f->nvars + 1, 1);
		if (!f->is_device && !f->is_global)
			continue;
		if (!hosts[i])
			mo_stmt_accesses(m, f->body, note_written, m);
		if (!f->analysed)
			continue;
		mo_poll_scan_function(m, f);
		mo_find_deciding(m, f);
	}
	free(hosts);
	for (int i = 0; i < m->npolls; i++) {
		mo_add_key(&m->sync, &m->nsync, m->polls[i].obj, m->polls[i].field);
		mo_add_key(&m->polled, &m->npolled, m->polls[i].obj, m->polls[i].field);
		mo_expr_accesses(m, m->polls[i].cond, m->polls[i].loop, note_waited, m);
	}
	for (int i = 0; i < m->ndeciding; i++)
		if (m->deciding[i]->nkids)
			mo_add_key(&m->sync, &m->nsync, memspace_object(m->ms, m->deciding[i]->kids[0]),
			        mo_field(m->deciding[i]->kids[0]));
	mo_collect_sites(m, u);
	return m;
}
