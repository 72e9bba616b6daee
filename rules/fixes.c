/* fixes.c - statement-level edits for the rules' fixes (fixes.h). */
#include "fixes.h"

#include <stdio.h>
#include <string.h>

struct find_stmt { const struct ir_expr *e; const struct ir_stmt *hit; };

static int is_stmt_of(const struct ir_stmt *s, void *arg)
{
	struct find_stmt *w = arg;
	if (s->kind == SK_EXPR && s->u.expr && ir_strip(s->u.expr) == ir_strip(w->e)) {
		w->hit = s;
		return 1;
	}
	return 0;
}

bool fix_in_block(const struct ir_stmt *s)
{
	return s && s->parent && s->parent->kind == SK_BLOCK && s->range.ok && s->parent->range.ok &&
	       s->kind != SK_DECL && s->kind != SK_CASE && s->kind != SK_LABEL;
}

const struct ir_stmt *fix_expr_stmt(const struct ir_func *fn, const struct ir_expr *e)
{
	struct find_stmt w = { e, NULL };
	if (fn && fn->body)
		ir_walk_stmts(fn->body, is_stmt_of, &w);
	return fix_in_block(w.hit) ? w.hit : NULL;
}

static void drop(struct cl_finding *f)
{
	memset(&f->fix, 0, sizeof f->fix);
}

void fix_insert_before(struct cl_ctx *cx, struct cl_finding *f, const struct ir_stmt *s, const char *text)
{
	char buf[512];
	if (!fix_in_block(s)) {
		drop(f);
		return;
	}
	if (s->lines.indent) {
		snprintf(buf, sizeof buf, "%s%s\n", s->lines.indent, text);
		cl_fix_edit(cx, f, s->lines.lb, s->lines.lb, buf);
	} else {
		snprintf(buf, sizeof buf, "%s ", text);
		cl_fix_edit(cx, f, s->range.b, s->range.b, buf);
	}
}

void fix_insert_after(struct cl_ctx *cx, struct cl_finding *f, const struct ir_stmt *s, const char *text)
{
	char buf[512];
	if (!fix_in_block(s)) {
		drop(f);
		return;
	}
	if (s->lines.le.col == 1 && s->lines.le.off > s->range.e.off) {
		snprintf(buf, sizeof buf, "%s%s\n", s->lines.indent ? s->lines.indent : "", text);
		cl_fix_edit(cx, f, s->lines.le, s->lines.le, buf);
	} else {
		snprintf(buf, sizeof buf, " %s", text);
		cl_fix_edit(cx, f, s->lines.le, s->lines.le, buf);
	}
}

void fix_remove(struct cl_ctx *cx, struct cl_finding *f, const struct ir_stmt *s)
{
	if (!fix_in_block(s)) {
		drop(f);
		return;
	}
	if (s->lines.indent && s->lines.le.col == 1 && s->lines.le.off > s->range.e.off)
		cl_fix_edit(cx, f, s->lines.lb, s->lines.le, ""); /* the whole line */
	else if (s->lines.le.col != 1)
		cl_fix_edit(cx, f, s->range.b, s->lines.le, ""); /* the statement and its `;` */
	else
		drop(f); /* code before it on its line, a comment after: leave it */
}

void fix_include(struct cl_ctx *cx, struct cl_finding *f, const struct ir_unit *u, const char *header)
{
	if (!strcmp(header, "cuda/atomic") && u->includes_cuda_atomic)
		return;
	if (!u->has_include_at) {
		drop(f);
		return;
	}
	char buf[128];
	snprintf(buf, sizeof buf, "#include <%s>\n", header);
	cl_fix_edit(cx, f, u->include_at, u->include_at, buf);
}
