/* memorder_objects.c - memory objects and the sets of them the analysis
 * keeps (sync, polled, written, read objects; see memorder.h): the one
 * place that says when two accesses touch the same object. */
#include "analysis/memorder_internal.h"
#include "util/xalloc.h"

#include <string.h>

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

const struct ir_func *mo_func_of(const struct memorder *m, const struct ir_stmt *s)
{
	while (s && s->parent)
		s = s->parent;
	for (int i = 0; s && m->u && i < m->u->nfuncs; i++)
		if (m->u->funcs[i]->body == s)
			return m->u->funcs[i];
	return NULL;
}

static int is_node(const struct ir_expr *e, void *arg)
{
	const struct ir_expr *const *x = arg;
	return e == *x;
}

bool mo_expr_holds(const struct ir_expr *tree, const struct ir_expr *x)
{
	return ir_walk_expr(tree, is_node, &x) != 0;
}

bool mo_stmt_holds(const struct ir_stmt *s, const struct ir_expr *x)
{
	return ir_walk_stmt_exprs(s, is_node, &x) != 0;
}
