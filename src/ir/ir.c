/* ir.c - walks and small queries over the IR. */
#include "ir/ir.h"

#include <stdio.h>

int ir_walk_expr(struct ir_expr *e, ir_expr_fn fn, void *arg)
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

struct stmt_exprs { ir_expr_fn fn; void *arg; };

static int exprs_of(struct ir_stmt *s, void *p)
{
	struct stmt_exprs *se = p;
	switch (s->kind) {
	case SK_EXPR:
	case SK_RETURN:
		return ir_walk_expr(s->u.expr, se->fn, se->arg);
	case SK_DECL:
		return ir_walk_expr(s->u.decl.init, se->fn, se->arg);
	case SK_IF:
		return ir_walk_expr(s->u.if_.cond, se->fn, se->arg);
	case SK_LOOP:
		return ir_walk_expr(s->u.loop.cond, se->fn, se->arg) || ir_walk_expr(s->u.loop.inc, se->fn, se->arg);
	case SK_SWITCH:
		return ir_walk_expr(s->u.sw.cond, se->fn, se->arg);
	case SK_CASE:
		return ir_walk_expr(s->u.case_.value, se->fn, se->arg);
	case SK_ASM:
		for (int i = 0; i < s->u.asm_.nouts; i++)
			if (ir_walk_expr(s->u.asm_.outs[i], se->fn, se->arg))
				return 1;
		for (int i = 0; i < s->u.asm_.nins; i++)
			if (ir_walk_expr(s->u.asm_.ins[i], se->fn, se->arg))
				return 1;
		return 0;
	default:
		return 0;
	}
}

int ir_walk_stmt_exprs(struct ir_stmt *s, ir_expr_fn fn, void *arg)
{
	struct stmt_exprs se = { fn, arg };
	return ir_walk_stmts(s, exprs_of, &se);
}

int ir_walk_stmts(struct ir_stmt *s, ir_stmt_fn fn, void *arg)
{
	if (!s)
		return 0;
	if (fn(s, arg))
		return 1;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (ir_walk_stmts(s->u.block.v[i], fn, arg))
				return 1;
		return 0;
	case SK_IF:
		return ir_walk_stmts(s->u.if_.init, fn, arg) || ir_walk_stmts(s->u.if_.then, fn, arg) ||
		       ir_walk_stmts(s->u.if_.els, fn, arg);
	case SK_LOOP:
		return ir_walk_stmts(s->u.loop.init, fn, arg) || ir_walk_stmts(s->u.loop.body, fn, arg);
	case SK_SWITCH:
		return ir_walk_stmts(s->u.sw.init, fn, arg) || ir_walk_stmts(s->u.sw.body, fn, arg);
	case SK_CASE:
		return ir_walk_stmts(s->u.case_.body, fn, arg);
	case SK_LABEL:
		return ir_walk_stmts(s->u.label.body, fn, arg);
	default:
		return 0;
	}
}

const struct ir_expr *ir_strip(const struct ir_expr *e)
{
	while (e && e->kind == EK_OTHER && e->nkids == 1)
		e = e->kids[0];
	return e;
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
	e = ir_strip(e);
	if (!e)
		return false;
	if (e->has_value) {
		*out = e->ival;
		return true;
	}
	int64_t a, b;
	switch (e->kind) {
	case EK_UNARY:
		if (!ir_const_value(e->kids[0], &a))
			return false;
		switch (e->op) {
		case OP_NEG: *out = -a; return true;
		case OP_NOT: *out = ~a; return true;
		case OP_LNOT: *out = !a; return true;
		case OP_PLUS: *out = a; return true;
		default: return false;
		}
	case EK_BINARY:
		if (!ir_const_value(e->kids[0], &a) || !ir_const_value(e->kids[1], &b))
			return false;
		switch (e->op) {
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
	default:
		return false;
	}
}

/* ---- dump --------------------------------------------------------------- */

static const char *const ek_names[] = { "const", "var", "builtin", "unary", "binary", "assign",
	                                "cond", "index", "member", "call", "other" };
static const char *const sk_names[] = { "block", "expr", "decl", "if", "loop", "switch", "case",
	                                "return", "break", "continue", "goto", "label", "asm", "nop" };

static void dump_expr(const struct ir_expr *e, FILE *f, int depth)
{
	if (!e)
		return;
	fprintf(f, "%*s%s", depth * 2, "", ek_names[e->kind]);
	if (e->op)
		fprintf(f, " op=%d", e->op);
	switch (e->kind) {
	case EK_VAR: fprintf(f, " %s", e->u.var->name); break;
	case EK_BUILTIN: fprintf(f, " %d.%c", e->u.bi.which, e->u.bi.dim ? e->u.bi.dim : '?'); break;
	case EK_CALL:
		fprintf(f, " %s qual=%s%s%s", e->u.call.name, e->u.call.qual ? e->u.call.qual : "-",
		        e->u.call.target ? " (defined)" : "", e->u.call.is_launch ? " launch" : "");
		if (e->u.call.recv_type)
			fprintf(f, " recv=%s", e->u.call.recv_type);
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
	fprintf(f, " @%u:%u lvl=%d\n", e->loc.line, e->loc.col, e->level);
	for (int i = 0; i < e->nkids; i++)
		dump_expr(e->kids[i], f, depth + 1);
}

static void dump_stmt(const struct ir_stmt *s, FILE *f, int depth)
{
	if (!s)
		return;
	fprintf(f, "%*s%s @%u:%u", depth * 2, "", sk_names[s->kind], s->loc.line, s->loc.col);
	switch (s->kind) {
	case SK_DECL: fprintf(f, " %s space=%d\n", s->u.decl.var->name, s->u.decl.var->space); dump_expr(s->u.decl.init, f, depth + 1); return;
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
		fprintf(f, " form=%d\n", s->u.loop.form);
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

static int mark_expr(struct ir_expr *e, void *arg)
{
	if (e->kind == EK_ASSIGN)
		mark_lvalue(e->kids[0], arg);
	else if (e->kind == EK_UNARY && (e->op == OP_PREINC || e->op == OP_PREDEC || e->op == OP_POSTINC ||
	                                 e->op == OP_POSTDEC))
		mark_lvalue(e->kids[0], arg);
	return 0;
}

static int mark_stmt(struct ir_stmt *s, void *arg)
{
	const struct marking *m = arg;
	if (s->kind == SK_DECL && s->u.decl.var->id >= 0 && s->u.decl.var->kind != VAR_GLOBAL)
		m->marks[s->u.decl.var->id] = 1;
	if (s->kind == SK_ASM)
		for (int i = 0; i < s->u.asm_.nouts; i++)
			mark_lvalue(s->u.asm_.outs[i], m);
	return 0;
}

static void mark(struct ir_stmt *s, struct ir_expr *e, struct marking *m)
{
	if (s) {
		ir_walk_stmts(s, mark_stmt, m);
		ir_walk_stmt_exprs(s, mark_expr, m);
	}
	if (e)
		ir_walk_expr(e, mark_expr, m);
}

void ir_mark_assigned(struct ir_stmt *s, struct ir_expr *e, uint8_t *marks)
{
	struct marking m = { marks, true };
	mark(s, e, &m);
}

void ir_mark_assigned_values(struct ir_stmt *s, struct ir_expr *e, uint8_t *marks)
{
	struct marking m = { marks, false };
	mark(s, e, &m);
}

static void link(struct ir_stmt *child, struct ir_stmt *parent)
{
	if (child) {
		child->parent = parent;
		ir_link_parents(child);
	}
}

void ir_link_parents(struct ir_stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case SK_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			link(s->u.block.v[i], s);
		break;
	case SK_IF:
		link(s->u.if_.init, s);
		link(s->u.if_.then, s);
		link(s->u.if_.els, s);
		break;
	case SK_LOOP:
		link(s->u.loop.init, s);
		link(s->u.loop.body, s);
		break;
	case SK_SWITCH:
		link(s->u.sw.init, s);
		link(s->u.sw.body, s);
		break;
	case SK_CASE:
		link(s->u.case_.body, s);
		break;
	case SK_LABEL:
		link(s->u.label.body, s);
		break;
	default:
		break;
	}
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
