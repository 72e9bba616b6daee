/* memspace.c - memory objects by union-find over variables. */
#include "analysis/memspace.h"
#include "analysis/intrinsics.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

struct node {
	const struct ir_var *v;
	int parent;
	enum ir_space space;   /* SPACE_GENERIC until a member says otherwise */
	int device, mapped, unknown; /* origin evidence */
};

struct memspace {
	struct node *n;
	int count, cap;
};

static int is_atomic_ref_var(const struct ir_var *v)
{
	return v->type && strstr(v->type, "atomic_ref");
}

static int find_node(struct memspace *m, const struct ir_var *v, int create)
{
	for (int i = 0; i < m->count; i++)
		if (m->n[i].v == v)
			return i;
	if (!create)
		return -1;
	CL_VEC_GROW(m->n, m->count, m->cap);
	struct node *n = &m->n[m->count];
	memset(n, 0, sizeof *n);
	n->v = v;
	n->parent = m->count;
	n->space = SPACE_GENERIC;
	if (v->kind == VAR_GLOBAL) {
		n->space = v->space == SPACE_MANAGED ? SPACE_GLOBAL : v->space;
		if (v->space == SPACE_GLOBAL || v->space == SPACE_CONSTANT)
			n->device = 1;
		else if (v->space == SPACE_MANAGED)
			n->mapped = 1;
	} else if (!v->is_pointer && !v->is_reference && !is_atomic_ref_var(v)) {
		n->space = SPACE_LOCAL;
	}
	return m->count++;
}

static int root(const struct memspace *m, int i)
{
	while (m->n[i].parent != i)
		i = m->n[i].parent;
	return i;
}

static void unite(struct memspace *m, const struct ir_var *a, const struct ir_var *b)
{
	if (!a || !b || a == b)
		return;
	int x = root(m, find_node(m, a, 1)), y = root(m, find_node(m, b, 1));
	if (x == y)
		return;
	struct node *nx = &m->n[x], *ny = &m->n[y];
	ny->parent = x;
	if (nx->space == SPACE_GENERIC || nx->space == SPACE_LOCAL)
		nx->space = ny->space == SPACE_LOCAL ? nx->space : ny->space;
	nx->device |= ny->device;
	nx->mapped |= ny->mapped;
	nx->unknown |= ny->unknown;
}

static void mark(struct memspace *m, const struct ir_var *v, enum mem_origin o)
{
	if (!v)
		return;
	int i = find_node(m, v, 1); /* may move m->n */
	struct node *n = &m->n[i];
	if (o == ORIGIN_DEVICE)
		n->device = 1;
	else if (o == ORIGIN_MAPPED)
		n->mapped = 1;
	else
		n->unknown = 1;
}

struct scan { struct memspace *m; const struct ir_func *f; };

static int scan_expr(struct ir_expr *e, void *arg)
{
	struct scan *s = arg;
	struct memspace *m = s->m;
	if (e->kind == EK_ASSIGN && e->op == OP_NONE) {
		struct ir_var *l = ir_base_var(e->kids[0]);
		const struct ir_expr *lhs = ir_strip(e->kids[0]);
		if (l && lhs->kind == EK_VAR && (l->is_pointer || l->is_reference) && l->kind == VAR_LOCAL)
			unite(m, l, ir_base_var(e->kids[1]));
	}
	if (e->kind != EK_CALL)
		return 0;
	const struct ir_call *c = &e->u.call;
	int first = c->is_method;
	if (c->target) { /* a launch, a device call, or a host helper passing pointers on */
		const struct ir_func *t = c->target;
		for (int i = 0; i < t->nparams && first + i < e->nkids; i++) {
			struct ir_var *p = t->params[i];
			if (!p->is_pointer && !p->is_reference)
				continue;
			struct ir_var *a = ir_base_var(e->kids[first + i]);
			if (a)
				unite(m, p, a);
			else
				mark(m, p, ORIGIN_UNKNOWN);
		}
		return 0;
	}
	if (c->intrinsic == IN_HOST_ALLOC_DEVICE || c->intrinsic == IN_HOST_ALLOC_MAPPED) {
		/* cudaMalloc(&p, n), cudaHostGetDevicePointer(&d, h, 0), cudaHostRegister(h, ...) */
		enum mem_origin o = c->intrinsic == IN_HOST_ALLOC_DEVICE ? ORIGIN_DEVICE : ORIGIN_MAPPED;
		if (e->nkids)
			mark(m, ir_base_var(e->kids[0]), o);
		if (!strcmp(c->name, "cudaHostGetDevicePointer") && e->nkids > 1)
			unite(m, ir_base_var(e->kids[0]), ir_base_var(e->kids[1]));
	}
	return 0;
}

/* `cuda::atomic_ref<T> r(*p)` and `cuda::atomic_ref<T>(*p).load()`: the
 * object names the memory its constructor argument designates. */
static const struct ir_expr *through_atomic_ref(const struct ir_expr *e)
{
	const struct ir_expr *s = ir_strip(e);
	if (s && s->kind == EK_CALL && s->nkids >= 1 && !s->u.call.is_method &&
	    (strstr(s->u.call.name, "atomic_ref") || (s->type && strstr(s->type, "atomic_ref"))))
		return s->kids[0];
	/* a functional cast `cuda::atomic_ref<T, scope>(x)`: libclang lists the
	 * type's template arguments first and the referenced object last */
	if (s && s->kind == EK_OTHER && s->nkids >= 1 && s->type && strstr(s->type, "atomic_ref"))
		return through_atomic_ref(s->kids[s->nkids - 1]);
	return e;
}


static int scan_decl(struct ir_stmt *st, void *arg)
{
	struct scan *s = arg;
	if (st->kind == SK_DECL && st->u.decl.init) {
		struct ir_var *v = st->u.decl.var;
		if ((v->is_pointer || v->is_reference || is_atomic_ref_var(v)) && v->kind == VAR_LOCAL)
			unite(s->m, v, ir_base_var(through_atomic_ref(st->u.decl.init)));
	}
	return 0;
}

struct memspace *memspace_new(const struct ir_unit *u)
{
	struct memspace *m = xcalloc(1, sizeof *m);
	for (int i = 0; i < u->nfuncs; i++) {
		struct scan s = { m, u->funcs[i] };
		ir_walk_stmts(u->funcs[i]->body, scan_decl, &s);
		ir_walk_stmt_exprs(u->funcs[i]->body, scan_expr, &s);
	}
	/* a kernel launched from nowhere in this file gets its pointers from
	 * code cudalint cannot see */
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		if (!f->is_global)
			continue;
		int launched = 0;
		for (int j = 0; j < u->nlaunches; j++)
			if (u->launches[j]->u.call.target == f)
				launched = 1;
		if (!launched)
			for (int p = 0; p < f->nparams; p++)
				if (f->params[p]->is_pointer)
					mark(m, f->params[p], ORIGIN_UNKNOWN);
	}
	return m;
}

void memspace_free(struct memspace *m)
{
	if (m) {
		free(m->n);
		free(m);
	}
}

const struct ir_var *memspace_object(const struct memspace *m, const struct ir_expr *e)
{
	const struct ir_var *v = ir_base_var(through_atomic_ref(e));
	if (!v)
		return NULL;
	int i = find_node((struct memspace *)m, v, 0);
	return i < 0 ? v : m->n[root(m, i)].v;
}

enum ir_space memspace_space(const struct memspace *m, const struct ir_expr *e)
{
	const struct ir_var *v = ir_base_var(through_atomic_ref(e));
	if (!v)
		return SPACE_GENERIC;
	int i = find_node((struct memspace *)m, v, 0);
	if (i < 0) {
		if (v->kind == VAR_GLOBAL)
			return v->space == SPACE_MANAGED ? SPACE_GLOBAL : v->space;
		return v->is_pointer || v->is_reference ? SPACE_GENERIC : SPACE_LOCAL;
	}
	return m->n[root(m, i)].space;
}

enum mem_origin memspace_origin(const struct memspace *m, const struct ir_expr *e)
{
	const struct ir_var *v = ir_base_var(through_atomic_ref(e));
	if (!v)
		return ORIGIN_UNKNOWN;
	int i = find_node((struct memspace *)m, v, 0);
	if (i < 0)
		return v->kind == VAR_GLOBAL && (v->space == SPACE_GLOBAL || v->space == SPACE_CONSTANT) ? ORIGIN_DEVICE
		                                                                                          : ORIGIN_UNKNOWN;
	const struct node *n = &m->n[root(m, i)];
	if (n->mapped)
		return ORIGIN_MAPPED;
	if (n->device && !n->unknown)
		return ORIGIN_DEVICE;
	return ORIGIN_UNKNOWN;
}
