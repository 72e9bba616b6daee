#include "ordering.h"

static enum mem_scope needed_scope(const struct order_scan *s)
{
	return s->flag_space == SPACE_SHARED ? SCOPE_BLOCK : SCOPE_DEVICE;
}

static bool orders(const struct order_scan *s, const struct access *a)
{
	switch (a->kind) {
	case ACC_FENCE:
		return a->scope == SCOPE_NONE || a->scope >= needed_scope(s);
	case ACC_BARRIER:
		/* a barrier orders memory for the block only */
		return s->flag_space == SPACE_SHARED;
	case ACC_ATOMIC:
		if (s->dir == ORDER_AFTER)
			return a->order == ORDER_ACQUIRE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST;
		return a->order == ORDER_RELEASE || a->order == ORDER_ACQ_REL || a->order == ORDER_SEQ_CST;
	default:
		return false;
	}
}

static int visit(const struct access *a, void *arg)
{
	struct order_scan *s = arg;
	if (orders(s, a) || a->kind == ACC_CALL)
		return 1; /* ordered, or beyond what cudalint can see: stop quietly */
	if (!a->obj || memorder_same_object(a->obj, a->field, s->flag, s->flag_field) || a->space == SPACE_LOCAL)
		return 0;
	if (s->dir == ORDER_AFTER) {
		if (a->kind != ACC_LOAD || !memorder_is_written(s->m, a->obj, a->field) ||
		    memorder_is_sync(s->m, a->obj, a->field))
			return 0;
		if (s->only_decided && !memorder_in_decided_branch(s->m, s->fn, a->stmt))
			return 0;
	} else {
		bool store = a->kind == ACC_STORE || (a->kind == ACC_ATOMIC && a->in != IN_ATOMIC_LOAD);
		if (!store || memorder_is_sync(s->m, a->obj, a->field))
			return 0;
	}
	s->found = true;
	s->hit = *a;
	return 1;
}

void order_scan_run(struct order_scan *s, struct ir_stmt *st)
{
	s->found = false;
	if (s->dir == ORDER_BEFORE) {
		memorder_before(s->m, st, visit, s);
		return;
	}
	/* the branches a condition decides come first */
	int stop = 0;
	switch (st->kind) {
	case SK_IF:
		stop = memorder_stmt_accesses(s->m, st->u.if_.then, visit, s) ||
		       memorder_stmt_accesses(s->m, st->u.if_.els, visit, s);
		break;
	case SK_SWITCH:
		stop = memorder_stmt_accesses(s->m, st->u.sw.body, visit, s);
		break;
	default:
		break;
	}
	if (!stop)
		memorder_after(s->m, st, visit, s);
}

const struct memorder *order_facts(const struct ir_unit *u)
{
	return u->memorder;
}

const char *fence_for_scope(enum mem_scope s)
{
	return s == SCOPE_BLOCK ? "__threadfence_block()" : s == SCOPE_SYSTEM ? "__threadfence_system()" : "__threadfence()";
}
