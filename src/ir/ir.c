/* ir.c - walks and small queries over the IR. */
#include "ir/ir.h"

#include <stdio.h>
#include <string.h>

int ir_walk_expr(const struct ir_expr *e, ir_expr_fn fn, void *arg)
{
	if (!e)
		return 0;
	if (fn(e, arg))
		return 1;
	for (int i = 0; i < e->nkids; i++)
		if (ir_walk_expr(e->kids[i], fn, arg))
			return 1;
	return 0;
}

int ir_stmt_parts(const struct ir_stmt *s, ir_part_fn fn, void *arg)
{
#define STMT(c) if ((c) && fn(s, IR_PART_STMT, (c), NULL, arg)) return 1
#define EXPR(role, e) if ((e) && fn(s, (role), NULL, (e), arg)) return 1
	if (!s)
		return 0;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			STMT(s->u.block.v[i]);
		return 0;
	case SK_EXPR:
	case SK_RETURN:
		EXPR(IR_PART_VALUE, s->u.expr);
		return 0;
	case SK_DECL:
		EXPR(IR_PART_VALUE, s->u.decl.init);
		return 0;
	case SK_IF:
		STMT(s->u.if_.init);
		EXPR(IR_PART_COND, s->u.if_.cond);
		STMT(s->u.if_.then);
		STMT(s->u.if_.els);
		return 0;
	case SK_LOOP:
		STMT(s->u.loop.init);
		EXPR(IR_PART_COND, s->u.loop.cond);
		STMT(s->u.loop.body);
		EXPR(IR_PART_INC, s->u.loop.inc);
		return 0;
	case SK_SWITCH:
		STMT(s->u.sw.init);
		EXPR(IR_PART_COND, s->u.sw.cond);
		STMT(s->u.sw.body);
		return 0;
	case SK_CASE:
		EXPR(IR_PART_VALUE, s->u.case_.value);
		STMT(s->u.case_.body);
		return 0;
	case SK_LABEL:
		STMT(s->u.label.body);
		return 0;
	case SK_ASM:
		for (int i = 0; i < s->u.asm_.nouts; i++)
			EXPR(IR_PART_ASM_OUT, s->u.asm_.outs[i]);
		for (int i = 0; i < s->u.asm_.nins; i++)
			EXPR(IR_PART_ASM_IN, s->u.asm_.ins[i]);
		return 0;
	default:
		return 0;
	}
#undef STMT
#undef EXPR
}

struct walk { ir_stmt_fn sfn; ir_expr_fn efn; void *arg; };

static int walk_part(const struct ir_stmt *owner, enum ir_part role, const struct ir_stmt *c,
                     const struct ir_expr *e, void *p)
{
	(void)owner;
	(void)role;
	struct walk *w = p;
	return c ? ir_walk_stmts(c, w->sfn, w->arg) : 0;
}

int ir_walk_stmts(const struct ir_stmt *s, ir_stmt_fn fn, void *arg)
{
	if (!s)
		return 0;
	if (fn(s, arg))
		return 1;
	struct walk w = { fn, NULL, arg };
	return ir_stmt_parts(s, walk_part, &w);
}

static int own_expr(const struct ir_stmt *owner, enum ir_part role, const struct ir_stmt *c,
                    const struct ir_expr *e, void *p)
{
	(void)owner;
	(void)role;
	struct walk *w = p;
	return !c && ir_walk_expr(e, w->efn, w->arg);
}

static int exprs_of(const struct ir_stmt *s, void *p)
{
	return ir_stmt_parts(s, own_expr, p);
}

int ir_walk_stmt_exprs(const struct ir_stmt *s, ir_expr_fn fn, void *arg)
{
	struct walk w = { NULL, fn, arg };
	return ir_walk_stmts(s, exprs_of, &w);
}

/* The writable walks are the read-only ones with the callback's node
 * given back its writability: every IR node is allocated writable, in the
 * unit's arena, so the casts below restore what the const walk only hid.
 * They are the tree's only casts of const away. */
struct mut { ir_expr_mut_fn efn; ir_stmt_mut_fn sfn; ir_part_mut_fn pfn; void *arg; };

static int mut_expr(const struct ir_expr *e, void *p)
{
	const struct mut *m = p;
	return m->efn((struct ir_expr *)e, m->arg);
}

static int mut_stmt(const struct ir_stmt *s, void *p)
{
	const struct mut *m = p;
	return m->sfn((struct ir_stmt *)s, m->arg);
}

static int mut_part(const struct ir_stmt *s, enum ir_part role, const struct ir_stmt *c, const struct ir_expr *e,
                    void *p)
{
	const struct mut *m = p;
	return m->pfn((struct ir_stmt *)s, role, (struct ir_stmt *)c, (struct ir_expr *)e, m->arg);
}

int ir_stmt_parts_mut(struct ir_stmt *s, ir_part_mut_fn fn, void *arg)
{
	struct mut m = { .pfn = fn, .arg = arg };
	return ir_stmt_parts(s, mut_part, &m);
}

int ir_walk_expr_mut(struct ir_expr *e, ir_expr_mut_fn fn, void *arg)
{
	struct mut m = { .efn = fn, .arg = arg };
	return ir_walk_expr(e, mut_expr, &m);
}

int ir_walk_stmt_exprs_mut(struct ir_stmt *s, ir_expr_mut_fn fn, void *arg)
{
	struct mut m = { .efn = fn, .arg = arg };
	return ir_walk_stmt_exprs(s, mut_expr, &m);
}

int ir_walk_stmts_mut(struct ir_stmt *s, ir_stmt_mut_fn fn, void *arg)
{
	struct mut m = { .sfn = fn, .arg = arg };
	return ir_walk_stmts(s, mut_stmt, &m);
}

struct ir_var *ir_base_var(const struct ir_expr *e)
{
	for (e = ir_strip(e); e; e = ir_strip(e)) {
		switch (e->kind) {
		case EK_VAR:
			return e->u.var;
		case EK_INDEX:
		case EK_MEMBER:
			if (!e->nkids)
				return NULL;
			e = e->kids[0];
			break;
		case EK_UNARY:
			if (e->op != OP_DEREF && e->op != OP_ADDR)
				return NULL;
			e = e->kids[0];
			break;
		case EK_BINARY: /* pointer arithmetic: p + i */
			if (e->op != OP_ADD && e->op != OP_SUB)
				return NULL;
			e = e->kids[0]->is_pointer || !e->kids[1]->is_pointer ? e->kids[0] : e->kids[1];
			break;
		default:
			return NULL;
		}
	}
	return NULL;
}

bool ir_const_value(const struct ir_expr *e, int64_t *out)
{
	return ir_const_value_with(e, NULL, NULL, out);
}

bool ir_fold_binary(enum ir_op op, int64_t a, int64_t b, int64_t *out)
{
	switch (op) {
	case OP_ADD: *out = a + b; return true;
	case OP_SUB: *out = a - b; return true;
	case OP_MUL: *out = a * b; return true;
	case OP_DIV: if (!b) return false; *out = a / b; return true;
	case OP_REM: if (!b) return false; *out = a % b; return true;
	case OP_SHL: if (b < 0 || b > 62) return false; *out = a << b; return true;
	case OP_SHR: if (b < 0 || b > 62) return false; *out = a >> b; return true;
	case OP_AND: *out = a & b; return true;
	case OP_OR: *out = a | b; return true;
	case OP_XOR: *out = a ^ b; return true;
	default: return false;
	}
}

bool ir_const_value_with(const struct ir_expr *e, ir_var_value_fn resolve, void *arg, int64_t *out)
{
	e = ir_strip(e);
	if (!e)
		return false;
	if (e->has_value) {
		*out = e->ival;
		return true;
	}
	int64_t a, b;
	switch (e->kind) {
	case EK_VAR:
	case EK_BUILTIN:
		return resolve && resolve(e, arg, out);
	case EK_UNARY:
		if (!ir_const_value_with(e->kids[0], resolve, arg, &a))
			return false;
		switch (e->op) {
		case OP_NEG: *out = -a; return true;
		case OP_NOT: *out = ~a; return true;
		case OP_LNOT: *out = !a; return true;
		case OP_PLUS: *out = a; return true;
		default: return false;
		}
	case EK_BINARY:
		return ir_const_value_with(e->kids[0], resolve, arg, &a) &&
		       ir_const_value_with(e->kids[1], resolve, arg, &b) && ir_fold_binary(e->op, a, b, out);
	default:
		return false;
	}
}

bool ir_expr_equal(const struct ir_expr *a, const struct ir_expr *b)
{
	a = ir_strip(a);
	b = ir_strip(b);
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || a->op != b->op || a->nkids != b->nkids)
		return false;
	switch (a->kind) {
	case EK_CONST:
		if (a->has_value != b->has_value || (a->has_value && a->ival != b->ival))
			return false;
		if (!a->has_value)
			return false;
		break;
	case EK_VAR:
		if (a->u.var != b->u.var)
			return false;
		break;
	case EK_BUILTIN:
		if (a->u.bi.which != b->u.bi.which || a->u.bi.dim != b->u.bi.dim)
			return false;
		break;
	case EK_MEMBER:
		if (!a->u.name || !b->u.name || strcmp(a->u.name, b->u.name))
			return false;
		break;
	case EK_CALL:
		return false; /* calls may return different values */
	default:
		break;
	}
	for (int i = 0; i < a->nkids; i++)
		if (!ir_expr_equal(a->kids[i], b->kids[i]))
			return false;
	return true;
}

void ir_unit_free(struct ir_unit *u)
{
	if (u)
		arena_free(u->arena);
}

/* ---- dump --------------------------------------------------------------- */

#define IR_NAME(name, str) str,
#define IR_NAME_FN(fn, type, list)                                         \
	const char *fn(type k)                                             \
	{                                                                  \
		static const char *const names[] = { list(IR_NAME) };      \
		return (unsigned)k < sizeof names / sizeof *names ? names[k] : "?"; \
	}
IR_NAME_FN(ir_op_name, enum ir_op, IR_OPS)
IR_NAME_FN(ir_ekind_name, enum ir_ekind, IR_EKINDS)
IR_NAME_FN(ir_builtin_name, enum ir_builtin, IR_BUILTINS)
IR_NAME_FN(ir_space_name, enum ir_space, IR_SPACES)
IR_NAME_FN(ir_skind_name, enum ir_skind, IR_SKINDS)
IR_NAME_FN(ir_loop_form_name, enum ir_loop_form, IR_LOOP_FORMS)

static void dump_expr(const struct ir_expr *e, FILE *f, int depth)
{
	if (!e)
		return;
	fprintf(f, "%*s%s", depth * 2, "", ir_ekind_name(e->kind));
	if (e->op)
		fprintf(f, " %s", ir_op_name(e->op));
	switch (e->kind) {
	case EK_VAR: fprintf(f, " %s", e->u.var->name); break;
	case EK_BUILTIN: fprintf(f, " %s.%c", ir_builtin_name(e->u.bi.which), e->u.bi.dim ? e->u.bi.dim : '?'); break;
	case EK_CALL:
		fprintf(f, " %s qual=%s%s%s", e->u.call->name, e->u.call->qual ? e->u.call->qual : "-",
		        e->u.call->target ? " (defined)" : "", e->u.call->is_launch ? " launch" : "");
		if (e->u.call->spec)
			fprintf(f, " spec=%s", e->u.call->spec);
		if (e->u.call->ncands)
			fprintf(f, " (%d candidates)", e->u.call->ncands);
		if (e->u.call->recv_type)
			fprintf(f, " recv=%s", e->u.call->recv_type);
		if (e->u.call->kernel)
			fprintf(f, " launches=%s", e->u.call->kernel->name);
		break;
	case EK_MEMBER: fprintf(f, " .%s", e->u.name ? e->u.name : "?"); break;
	case EK_CONST:
		if (e->has_value)
			fprintf(f, " %lld", (long long)e->ival);
		if (e->u.name)
			fprintf(f, " (%s)", e->u.name);
		break;
	default: break;
	}
	if (e->is_volatile)
		fprintf(f, " volatile");
	if (e->kind == EK_OTHER && e->type)
		fprintf(f, " : %s", e->type);
	static const char *const levels[] = { "grid", "block", "warp", "thread" };
	fprintf(f, " @%u:%u %s\n", e->loc.line, e->loc.col, (unsigned)e->level < 4 ? levels[e->level] : "?");
	if (e->kind == EK_CALL && e->u.call->config) {
		fprintf(f, "%*sconfig\n", depth * 2 + 2, "");
		dump_expr(e->u.call->config, f, depth + 2);
	}
	for (int i = 0; i < e->nkids; i++)
		dump_expr(e->kids[i], f, depth + 1);
}

static void dump_stmt(const struct ir_stmt *s, FILE *f, int depth)
{
	if (!s)
		return;
	fprintf(f, "%*s%s @%u:%u", depth * 2, "", ir_skind_name(s->kind), s->loc.line, s->loc.col);
	switch (s->kind) {
	case SK_DECL:
		fprintf(f, " %s space=%s\n", s->u.decl.var->name, ir_space_name(s->u.decl.var->space));
		dump_expr(s->u.decl.init, f, depth + 1);
		return;
	case SK_BLOCK:
		fputc('\n', f);
		for (int i = 0; i < s->u.block.n; i++)
			dump_stmt(s->u.block.v[i], f, depth + 1);
		return;
	case SK_EXPR: case SK_RETURN: fputc('\n', f); dump_expr(s->u.expr, f, depth + 1); return;
	case SK_IF:
		fprintf(f, "%s\n", s->u.if_.is_constexpr ? " constexpr" : "");
		dump_expr(s->u.if_.cond, f, depth + 1);
		dump_stmt(s->u.if_.then, f, depth + 1);
		dump_stmt(s->u.if_.els, f, depth + 1);
		return;
	case SK_LOOP:
		fprintf(f, " %s\n", ir_loop_form_name(s->u.loop.form));
		dump_stmt(s->u.loop.init, f, depth + 1);
		dump_expr(s->u.loop.cond, f, depth + 1);
		dump_expr(s->u.loop.inc, f, depth + 1);
		dump_stmt(s->u.loop.body, f, depth + 1);
		return;
	case SK_SWITCH: fputc('\n', f); dump_expr(s->u.sw.cond, f, depth + 1); dump_stmt(s->u.sw.body, f, depth + 1); return;
	case SK_CASE: fputc('\n', f); dump_expr(s->u.case_.value, f, depth + 1); dump_stmt(s->u.case_.body, f, depth + 1); return;
	case SK_LABEL: fprintf(f, " %s\n", s->u.label.name); dump_stmt(s->u.label.body, f, depth + 1); return;
	case SK_GOTO: fprintf(f, " %s\n", s->u.label.name); return;
	case SK_ASM:
		fprintf(f, " \"%s\" outs=%d ins=%d%s\n", s->u.asm_.text, s->u.asm_.nouts, s->u.asm_.nins,
		        s->u.asm_.clobbers_memory ? " memory" : "");
		return;
	default: fputc('\n', f); return;
	}
}

void ir_dump(const struct ir_unit *u, void *file)
{
	FILE *f = file;
	for (int i = 0; i < u->ndeps; i++)
		fprintf(f, "dep %s\n", u->deps[i]);
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *fn = u->funcs[i];
		fprintf(f, "func %s%s%s%s%s @%u\n", fn->name, fn->is_global ? " global" : "",
		        fn->is_device ? " device" : "", fn->is_host ? " host" : "", fn->is_template ? " template" : "",
		        fn->loc.line);
		if (fn->launch_bounds)
			fprintf(f, "  launch_bounds %d\n", fn->launch_bounds);
		if (fn->cluster_dims[0])
			fprintf(f, "  cluster_dims %d %d %d\n", fn->cluster_dims[0], fn->cluster_dims[1], fn->cluster_dims[2]);
		for (int j = 0; j < fn->nparams; j++)
			fprintf(f, "  param %s : %s\n", fn->params[j]->name, fn->params[j]->type);
		dump_stmt(fn->body, f, 1);
	}
}

/* ---- assigned variables ----------------------------------------------------- */

struct marking { uint8_t *marks; bool pointees; };

/* A store through a pointer (*p = x, p[i] = x, p->f = x) changes the
 * pointee: the pointer is marked only when M asks for pointees too. */
static void mark_lvalue(const struct ir_expr *lhs, const struct marking *m)
{
	struct ir_var *v = ir_base_var(lhs);
	if (!v || v->kind == VAR_GLOBAL || v->id < 0)
		return;
	if (!m->pointees && v->is_pointer && ir_strip(lhs)->kind != EK_VAR)
		return;
	m->marks[v->id] = 1;
}

static int mark_expr(const struct ir_expr *e, void *arg)
{
	if (e->kind == EK_ASSIGN)
		mark_lvalue(e->kids[0], arg);
	else if (e->kind == EK_UNARY && (e->op == OP_PREINC || e->op == OP_PREDEC || e->op == OP_POSTINC ||
	                                 e->op == OP_POSTDEC))
		mark_lvalue(e->kids[0], arg);
	return 0;
}

static int mark_stmt(const struct ir_stmt *s, void *arg)
{
	const struct marking *m = arg;
	if (s->kind == SK_DECL && s->u.decl.var->id >= 0 && s->u.decl.var->kind != VAR_GLOBAL)
		m->marks[s->u.decl.var->id] = 1;
	if (s->kind == SK_ASM)
		for (int i = 0; i < s->u.asm_.nouts; i++)
			mark_lvalue(s->u.asm_.outs[i], m);
	return 0;
}

static void mark(const struct ir_stmt *s, const struct ir_expr *e, struct marking *m)
{
	if (s) {
		ir_walk_stmts(s, mark_stmt, m);
		ir_walk_stmt_exprs(s, mark_expr, m);
	}
	if (e)
		ir_walk_expr(e, mark_expr, m);
}

void ir_mark_assigned(const struct ir_stmt *s, const struct ir_expr *e, uint8_t *marks)
{
	struct marking m = { marks, true };
	mark(s, e, &m);
}

void ir_mark_assigned_values(const struct ir_stmt *s, const struct ir_expr *e, uint8_t *marks)
{
	struct marking m = { marks, false };
	mark(s, e, &m);
}

static int link_child(struct ir_stmt *parent, enum ir_part role, struct ir_stmt *c, struct ir_expr *e, void *arg)
{
	(void)role;
	(void)e;
	(void)arg;
	if (c) {
		c->parent = parent;
		ir_link_parents(c);
	}
	return 0;
}

void ir_link_parents(struct ir_stmt *s)
{
	ir_stmt_parts_mut(s, link_child, NULL);
}

struct ir_expr *ir_guarding_cond(const struct ir_stmt *c)
{
	const struct ir_stmt *p = c ? c->parent : NULL;
	if (!p)
		return NULL;
	if (p->kind == SK_IF && (c == p->u.if_.then || c == p->u.if_.els))
		return p->u.if_.cond;
	if (p->kind == SK_SWITCH && c == p->u.sw.body)
		return p->u.sw.cond;
	if (p->kind == SK_LOOP && c == p->u.loop.body)
		return p->u.loop.cond;
	return NULL;
}

bool ir_early_return(const struct ir_stmt *s)
{
	if (!s || s->kind != SK_IF || s->u.if_.els)
		return false;
	const struct ir_stmt *t = s->u.if_.then;
	while (t && t->kind == SK_BLOCK && t->u.block.n)
		t = t->u.block.v[t->u.block.n - 1];
	return t && t->kind == SK_RETURN;
}

bool ir_stmt_inside(const struct ir_stmt *s, const struct ir_stmt *region)
{
	for (; s; s = s->parent)
		if (s == region)
			return true;
	return false;
}
