/* memspace.c - memory objects by union-find over variables. */
#include "analysis/memspace.h"
#include "analysis/intrinsics.h"
#include "util/htab.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct node {
	const struct ir_var *v;
	int parent;
	enum ir_space space;   /* SPACE_GENERIC until a member says otherwise */
	int mixed;             /* members declared in different spaces */
	int not_shared;        /* a kernel's pointer parameter: never __shared__ memory */
	int device, mapped, unknown; /* origin evidence */
	/* a member is a local variable (its address taken), and whether a
	 * member may hold an address from outside the unions: a kernel's
	 * pointer parameter, a pointer in a global variable */
	int has_local, open;
};

struct memspace {
	const struct ir_unit *u;
	struct node *n;
	int count, cap;
	/* per function id: the object every return of the function designates
	 * (`return s;`, `return (T *)__smem;`), or NULL */
	const struct ir_var **returns;
	/* conversion operators, by their class's name (a USR's segment) */
	struct conv { const char *cls; size_t len; const struct ir_func *fn; } *convs;
	int nconvs, capconvs;
	/* node of each variable (index + 1), so that a unit of thousands of
	 * pointers is not a quadratic search */
	struct cl_htab *index;
	/* per root: the ids of the __shared__ variables in its object,
	 * shared_ids[shared_first[r] ..] (shared_n[r] of them), and whether
	 * any member has evidence of other memory (device, mapped, unknown) */
	int *shared_first, *shared_n, *shared_ids;
	unsigned char *not_only_shared;
};

static int is_atomic_ref_var(const struct ir_var *v)
{
	return v->type && strstr(v->type, "atomic_ref");
}

/* The node of V, or -1. */
static int lookup(const struct memspace *m, const struct ir_var *v)
{
	return CL_HTAB_INDEX(cl_htab_get(m->index, CL_HTAB_PTRKEY(v)));
}

static int find_node(struct memspace *m, const struct ir_var *v, int create)
{
	int k = lookup(m, v);
	if (k >= 0 || !create)
		return k;
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
		n->open = v->is_pointer || v->is_reference;
	} else if (!v->is_pointer && !v->is_reference && !is_atomic_ref_var(v)) {
		n->space = SPACE_LOCAL;
		n->has_local = 1;
	}
	CL_HTAB_SET_INDEX(cl_htab_put(m->index, CL_HTAB_PTRKEY(v)), m->count);
	return m->count++;
}

/* With path halving: chains stay short however the unions went. */
static int root(const struct memspace *m, int i)
{
	struct node *n = m->n;
	while (n[i].parent != i) {
		n[i].parent = n[n[i].parent].parent;
		i = n[i].parent;
	}
	return i;
}

static void unite(struct memspace *m, const struct ir_var *a, const struct ir_var *b)
{
	if (!a || !b || a == b)
		return;
	int x = root(m, find_node(m, a, 1)), y = root(m, find_node(m, b, 1));
	if (x == y)
		return;
	/* the representative is the variable that is the memory (a __shared__
	 * array), not a pointer to it, when there is one */
	if (m->n[y].v->kind == VAR_GLOBAL && m->n[x].v->kind != VAR_GLOBAL) {
		int t = x;
		x = y;
		y = t;
	}
	struct node *nx = &m->n[x], *ny = &m->n[y];
	ny->parent = x;
	/* members declared in different spaces (a __shared__ tile and a
	 * __device__ array passed to one helper's parameter): the union lives
	 * in neither, and stays unknown whatever joins it later */
	bool known_x = nx->space != SPACE_GENERIC && nx->space != SPACE_LOCAL;
	bool known_y = ny->space != SPACE_GENERIC && ny->space != SPACE_LOCAL;
	nx->mixed |= ny->mixed || (known_x && known_y && nx->space != ny->space);
	if (nx->mixed)
		nx->space = SPACE_GENERIC;
	else if (!known_x)
		nx->space = ny->space == SPACE_LOCAL ? nx->space : ny->space;
	nx->not_shared |= ny->not_shared;
	nx->device |= ny->device;
	nx->mapped |= ny->mapped;
	nx->unknown |= ny->unknown;
	nx->has_local |= ny->has_local;
	nx->open |= ny->open;
}

/* The representative of v's object. */
static const struct ir_var *rep(const struct memspace *m, const struct ir_var *v)
{
	int i = v ? lookup(m, v) : -1;
	return i < 0 ? v : m->n[root(m, i)].v;
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

/* ---- objects returned by calls ------------------------------------------- */

static const struct ir_var *call_object(const struct memspace *m, const struct ir_expr *call);

/* ir_base_var, where the base may also be a call that returns an object
 * (an accessor, SharedMemory<T>()). */
static const struct ir_var *base_object(const struct memspace *m, const struct ir_expr *e)
{
	const struct ir_expr *s = ir_strip(e);
	for (int depth = 0; s && depth < 64; depth++) {
		if (s->kind == EK_CALL)
			return call_object(m, s);
		if ((s->kind == EK_INDEX || s->kind == EK_MEMBER) && s->nkids)
			s = ir_strip(s->kids[0]);
		else if (s->kind == EK_UNARY && (s->op == OP_DEREF || s->op == OP_ADDR))
			s = ir_strip(s->kids[0]);
		else if (s->kind == EK_BINARY && (s->op == OP_ADD || s->op == OP_SUB))
			s = ir_strip(s->kids[0]->is_pointer || !s->kids[1]->is_pointer ? s->kids[0] : s->kids[1]);
		else
			break;
	}
	return ir_base_var(s);
}

/* The conversion operators of the unit, by the name of their class: a
 * dependent call `SharedMemory<T>()` converts to T * through the method
 * whose USR reads "...@SharedMemory@F@operator ..." (or
 * "@SharedMemory>#d@F@operator ..." for a specialisation). */
static void find_conversions(struct memspace *m)
{
	for (int i = 0; i < m->u->nfuncs; i++) {
		const char *usr = m->u->funcs[i]->usr, *f = usr ? strstr(usr, "@F@operator ") : NULL;
		if (!f)
			continue;
		const char *b = f;
		while (b > usr && b[-1] != '@')
			b--;
		size_t n = (size_t)(f - b);
		const char *gt = memchr(b, '>', n);
		if (gt)
			n = (size_t)(gt - b);
		if (!n)
			continue;
		CL_VEC_GROW(m->convs, m->nconvs, m->capconvs);
		m->convs[m->nconvs].cls = b;
		m->convs[m->nconvs].len = n;
		m->convs[m->nconvs++].fn = m->u->funcs[i];
	}
}

static const struct ir_func *conversion_of(const struct memspace *m, const char *cls)
{
	size_t n = strlen(cls);
	for (int i = 0; i < m->nconvs; i++)
		if (m->convs[i].len == n && !memcmp(m->convs[i].cls, cls, n) && m->returns[m->convs[i].fn->id])
			return m->convs[i].fn;
	return NULL;
}

static const struct ir_var *call_object(const struct memspace *m, const struct ir_expr *call)
{
	const struct ir_func *t = call->u.call->target;
	if (!t && !call->u.call->is_method && call->u.call->name)
		t = conversion_of(m, call->u.call->name);
	if (!t || !m->returns || t->id < 0 || t->id >= m->u->nfuncs || !m->returns[t->id])
		return NULL;
	return m->returns[t->id];
}

struct ret_scan { const struct memspace *m; const struct ir_var *obj; bool mixed; };

static int each_return(const struct ir_stmt *st, void *arg)
{
	struct ret_scan *r = arg;
	if (st->kind != SK_RETURN)
		return 0;
	const struct ir_var *v = st->u.expr ? rep(r->m, base_object(r->m, st->u.expr)) : NULL;
	if (!v || (r->obj && r->obj != v))
		r->mixed = true;
	r->obj = v;
	return r->mixed;
}

/* Which functions return (a pointer into, a reference to) one object. */
static void find_returns(struct memspace *m)
{
	for (int i = 0; i < m->u->nfuncs; i++) {
		const struct ir_func *f = m->u->funcs[i];
		struct ret_scan r = { m, NULL, false };
		if (f->body && !f->is_global)
			ir_walk_stmts(f->body, each_return, &r);
		m->returns[i] = r.mixed ? NULL : r.obj;
	}
}

struct scan { struct memspace *m; const struct ir_func *f; };

static int scan_expr(const struct ir_expr *e, void *arg)
{
	struct scan *s = arg;
	struct memspace *m = s->m;
	if (e->kind == EK_ASSIGN && e->op == OP_NONE) {
		struct ir_var *l = ir_base_var(e->kids[0]);
		const struct ir_expr *lhs = ir_strip(e->kids[0]);
		/* p = q points p elsewhere; r = x through a reference writes
		 * what r is bound to and binds it to nothing new */
		if (l && lhs->kind == EK_VAR && l->is_pointer && l->kind == VAR_LOCAL)
			unite(m, l, base_object(m, e->kids[1]));
	}
	if (e->kind != EK_CALL)
		return 0;
	const struct ir_call *c = e->u.call;
	int first = c->is_method;
	/* a launch, a device call, or a host helper passing pointers on; a
	 * dependent call in a template passes them to each of its candidates */
	for (int j = 0; j < ir_call_ncallees(c); j++) {
		const struct ir_func *t = ir_call_callee(c, j);
		for (int i = 0; i < t->nparams && first + i < e->nkids; i++) {
			struct ir_var *p = t->params[i];
			if (!p->is_pointer && !p->is_reference)
				continue;
			const struct ir_var *a = base_object(m, e->kids[first + i]);
			if (a)
				unite(m, p, a);
			else
				mark(m, p, ORIGIN_UNKNOWN);
		}
	}
	if (ir_call_ncallees(c))
		return 0;
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
	if (s && s->kind == EK_CALL && s->nkids >= 1 && !s->u.call->is_method &&
	    (strstr(s->u.call->name, "atomic_ref") || (s->type && strstr(s->type, "atomic_ref"))))
		return s->kids[0];
	/* a functional cast `cuda::atomic_ref<T, scope>(x)`: libclang lists the
	 * type's template arguments first and the referenced object last */
	if (s && s->kind == EK_OTHER && s->nkids >= 1 && s->type && strstr(s->type, "atomic_ref"))
		return through_atomic_ref(s->kids[s->nkids - 1]);
	return e;
}


static int scan_decl(const struct ir_stmt *st, void *arg)
{
	struct scan *s = arg;
	if (st->kind == SK_DECL && st->u.decl.init) {
		struct ir_var *v = st->u.decl.var;
		if ((v->is_pointer || v->is_reference || is_atomic_ref_var(v)) && v->kind == VAR_LOCAL)
			unite(s->m, v, base_object(s->m, through_atomic_ref(st->u.decl.init)));
	}
	return 0;
}

static bool is_shared_object(const struct ir_var *v)
{
	return v->kind == VAR_GLOBAL && v->space == SPACE_SHARED && !v->is_pointer && v->id >= 0;
}

/* The __shared__ variables of each object, as one array cut by roots. */
static void collect_shared(struct memspace *m)
{
	m->shared_first = xcalloc((size_t)m->count + 1, sizeof *m->shared_first);
	m->shared_n = xcalloc((size_t)m->count + 1, sizeof *m->shared_n);
	m->shared_ids = xcalloc((size_t)m->count + 1, sizeof *m->shared_ids);
	m->not_only_shared = xcalloc((size_t)m->count + 1, 1);
	for (int i = 0; i < m->count; i++) {
		const struct node *n = &m->n[i];
		if (is_shared_object(n->v))
			m->shared_n[root(m, i)]++;
		/* a member's own evidence: marks made after its union (the
		 * pointers of a kernel no one launches) stay on the member */
		if (n->device || n->mapped || n->unknown)
			m->not_only_shared[root(m, i)] = 1;
	}
	int at = 0;
	for (int r = 0; r < m->count; r++) {
		m->shared_first[r] = at;
		at += m->shared_n[r];
		m->shared_n[r] = 0;
	}
	for (int i = 0; i < m->count; i++)
		if (is_shared_object(m->n[i].v)) {
			int r = root(m, i);
			m->shared_ids[m->shared_first[r] + m->shared_n[r]++] = m->n[i].v->id;
		}
}

struct memspace *memspace_new(const struct ir_unit *u)
{
	struct memspace *m = xcalloc(1, sizeof *m);
	m->index = cl_htab_new();
	m->u = u;
	m->returns = xcalloc((size_t)u->nfuncs + 1, sizeof *m->returns);
	find_conversions(m);
	/* every extern __shared__ array starts at the block's dynamic shared
	 * memory: they are one object */
	const struct ir_var *dynamic = NULL;
	for (int i = 0; i < u->nglobals; i++) {
		const struct ir_var *g = u->globals[i];
		if (g->space == SPACE_SHARED && g->is_array && g->type && strstr(g->type, "[]")) {
			if (dynamic)
				unite(m, dynamic, g);
			dynamic = g;
		}
	}
	/* twice: the second round sees what the first found the functions
	 * return (an accessor returning a pointer it was itself given) */
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < u->nfuncs; i++) {
			struct scan s = { m, u->funcs[i] };
			ir_walk_stmts(u->funcs[i]->body, scan_decl, &s);
			ir_walk_stmt_exprs(u->funcs[i]->body, scan_expr, &s);
		}
		find_returns(m);
	}
	/* a kernel launched from nowhere in this file gets its pointers from
	 * code cudalint cannot see */
	unsigned char *launched = xcalloc((size_t)u->nfuncs + 1, 1);
	for (int j = 0; j < u->nlaunches; j++) {
		const struct ir_func *t = u->launches[j]->u.call->target;
		if (t && t->id >= 0 && t->id < u->nfuncs)
			launched[t->id] = 1;
	}
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		if (!f->is_global)
			continue;
		/* a block's shared memory does not exist before the launch */
		for (int p = 0; p < f->nparams; p++)
			if (f->params[p]->is_pointer) {
				int k = root(m, find_node(m, f->params[p], 1)); /* may move m->n */
				m->n[k].not_shared = 1;
				m->n[k].open = 1;
			}
		if (!launched[f->id])
			for (int p = 0; p < f->nparams; p++)
				if (f->params[p]->is_pointer)
					mark(m, f->params[p], ORIGIN_UNKNOWN);
	}
	free(launched);
	collect_shared(m);
	return m;
}

void memspace_free(struct memspace *m)
{
	if (m) {
		free(m->returns);
		free(m->convs);
		free(m->n);
		cl_htab_free(m->index);
		free(m->shared_first);
		free(m->shared_n);
		free(m->shared_ids);
		free(m->not_only_shared);
		free(m);
	}
}

const struct ir_var *memspace_object(const struct memspace *m, const struct ir_expr *e)
{
	const struct ir_var *v = base_object(m, through_atomic_ref(e));
	if (!v)
		return NULL;
	int i = lookup(m, v);
	return i < 0 ? v : m->n[root(m, i)].v;
}

enum ir_space memspace_space(const struct memspace *m, const struct ir_expr *e)
{
	const struct ir_var *v = base_object(m, through_atomic_ref(e));
	if (!v)
		return SPACE_GENERIC;
	int i = lookup(m, v);
	/* a variable declared in a space is there, whatever pointers to it
	 * were united with */
	if (v->kind == VAR_GLOBAL && !v->is_pointer && v->space != SPACE_GENERIC)
		return v->space == SPACE_MANAGED ? SPACE_GLOBAL : v->space;
	if (i < 0) {
		if (v->kind == VAR_GLOBAL)
			return v->space == SPACE_MANAGED ? SPACE_GLOBAL : v->space;
		return v->is_pointer || v->is_reference ? SPACE_GENERIC : SPACE_LOCAL;
	}
	/* a helper's pointer parameter that takes a __shared__ tile at one
	 * call and a kernel's buffer at another unites both: the union lives
	 * in neither */
	const struct node *n = &m->n[root(m, i)];
	if (n->mixed || (n->space == SPACE_SHARED && (n->device || n->mapped || n->not_shared)))
		return SPACE_GENERIC;
	/* pointers that only ever take the addresses of locals (a helper's
	 * `Node *parent` called with `&parent` at each call) reach the
	 * thread's own stack and nothing else */
	if (n->space == SPACE_GENERIC && n->has_local && !n->open && !n->device && !n->mapped && !n->unknown)
		return SPACE_LOCAL;
	return n->space;
}

bool memspace_never_shared(const struct memspace *m, const struct ir_expr *e)
{
	const struct ir_var *v = base_object(m, through_atomic_ref(e));
	if (!v)
		return false;
	if (v->kind == VAR_GLOBAL && !v->is_pointer && v->space != SPACE_GENERIC)
		return v->space != SPACE_SHARED;
	int i = lookup(m, v);
	if (i < 0)
		return false;
	/* a kernel's pointer parameter, and what was united with it, when no
	 * member of the object is __shared__ memory */
	const struct node *n = &m->n[root(m, i)];
	return n->not_shared && !n->mixed && n->space != SPACE_SHARED && !m->shared_n[root(m, i)];
}

enum mem_origin memspace_origin(const struct memspace *m, const struct ir_expr *e)
{
	const struct ir_var *v = base_object(m, through_atomic_ref(e));
	if (!v)
		return ORIGIN_UNKNOWN;
	int i = lookup(m, v);
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

int memspace_shared_vars(const struct memspace *m, const struct ir_var *v, const int **ids)
{
	int i = m && v ? lookup(m, v) : -1;
	if (i < 0)
		return 0;
	int r = root(m, i);
	/* an object that may also be global memory (a helper called with a
	 * shared array and with a kernel's pointer) is not only shared */
	if (m->n[r].space != SPACE_SHARED || m->not_only_shared[r])
		return 0;
	*ids = m->shared_ids + m->shared_first[r];
	return m->shared_n[r];
}

const struct ir_var *memspace_var_object(const struct memspace *m, const struct ir_var *v)
{
	return rep(m, v);
}

const struct ir_var *memspace_call_object(const struct memspace *m, const struct ir_expr *call)
{
	return call && call->kind == EK_CALL ? rep(m, call_object(m, call)) : NULL;
}

const struct ir_func *memspace_conversion(const struct memspace *m, const struct ir_expr *call)
{
	const struct ir_call *c = call->u.call;
	if (call->kind != EK_CALL || c->target || c->is_method || !c->name)
		return NULL;
	return conversion_of(m, c->name);
}
