/* lower_stmt.c - libclang cursors to IR: statements, inline asm among them.
 *
 * libclang hides which child of a statement plays which role when
 * optional parts are missing (a `for` without a condition has one child
 * fewer), so roles are decided from source offsets against the
 * statement's own punctuation tokens. Declarations, functions and the
 * unit are lowered in lower.c, expressions in lower_expr.c. */
#include "frontend/lower_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- source offsets --------------------------------------------------- */

static unsigned offset_of(CXSourceLocation l)
{
	unsigned off;
	clang_getExpansionLocation(l, NULL, NULL, NULL, &off);
	return off;
}

static unsigned start_of(CXCursor c)
{
	return offset_of(clang_getRangeStart(clang_getCursorExtent(c)));
}

/* ---- statements ------------------------------------------------------- */

static struct ir_stmt *new_stmt(struct lower *L, enum ir_skind k, CXCursor c)
{
	struct ir_stmt *s = arena_alloc(L->a, sizeof *s);
	s->kind = k;
	s->loc = lower_cursor_loc(L, c);
	s->range = lower_range(L, c);
	lower_stmt_lines(L, s, clang_getCursorKind(c) == CXCursor_DoStmt);
	return s;
}

static struct ir_stmt *lower_block(struct lower *L, CXCursor c, CXCursor *kids, int n)
{
	struct ir_stmt *s = new_stmt(L, SK_BLOCK, c);
	struct ptrvec pv = { 0 };
	for (int i = 0; i < n; i++) {
		struct ir_stmt *k = lower_stmt(L, kids[i]);
		if (k)
			ptrvec_push(&pv, k);
	}
	s->u.block.v = (struct ir_stmt **)ptrvec_finish(&pv, L->a, &s->u.block.n);
	return s;
}

static struct ir_stmt *lower_decl_stmt(struct lower *L, CXCursor c, CXCursor *kids, int n)
{
	struct ir_stmt *blk = new_stmt(L, SK_BLOCK, c);
	struct ptrvec pv = { 0 };
	for (int i = 0; i < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(kids[i]);
		if (k != CXCursor_VarDecl)
			continue;
		struct ir_stmt *d = new_stmt(L, SK_DECL, kids[i]);
		d->u.decl.var = lower_var(L, kids[i]);
		CXCursor init = clang_Cursor_getVarDeclInitializer(kids[i]);
		if (!clang_Cursor_isNull(init))
			d->u.decl.init = lower_expr(L, init);
		ptrvec_push(&pv, d);
	}
	blk->u.block.v = (struct ir_stmt **)ptrvec_finish(&pv, L->a, &blk->u.block.n);
	if (blk->u.block.n == 1)
		return blk->u.block.v[0];
	return blk;
}

static struct ir_expr *lower_cond_expr(struct lower *L, CXCursor c);

/* Source text of a condition, tokens joined, for messages. */
static const char *source_text(struct lower *L, CXCursor c)
{
	CXToken *toks;
	unsigned n;
	clang_tokenize(L->tu, clang_getCursorExtent(c), &toks, &n);
	char buf[96];
	size_t len = 0;
	int prev_word = 0;
	for (unsigned i = 0; i < n && len < sizeof buf - 4; i++) {
		CXString sp = clang_getTokenSpelling(L->tu, toks[i]);
		const char *t = clang_getCString(sp);
		int word = clang_getTokenKind(toks[i]) != CXToken_Punctuation;
		int tight = !strcmp(t, ".") || !strcmp(t, "->") || !strcmp(t, "(") || !strcmp(t, ")") ||
		            !strcmp(t, "[") || !strcmp(t, "]") || !strcmp(t, ",") || !strcmp(t, "!") ||
		            !strcmp(t, "::") || !strcmp(t, "~");
		if (len && !tight && !(buf[len - 1] == '(' || buf[len - 1] == '[' || buf[len - 1] == '.' ||
		                       buf[len - 1] == '!' || buf[len - 1] == '~' || buf[len - 1] == ':'))
			buf[len++] = ' ';
		else if (len && prev_word && word && !tight)
			buf[len++] = ' ';
		if (!strcmp(t, ",") && len < sizeof buf - 4) {
			buf[len++] = ',';
			buf[len++] = ' ';
		} else {
			size_t tl = strlen(t);
			if (len + tl >= sizeof buf - 4)
				tl = sizeof buf - 4 - len;
			memcpy(buf + len, t, tl);
			len += tl;
		}
		prev_word = word;
		clang_disposeString(sp);
	}
	clang_disposeTokens(L->tu, toks, n);
	if (len >= sizeof buf - 4) {
		memcpy(buf + sizeof buf - 4, "...", 3);
		len = sizeof buf - 1;
	}
	buf[len] = 0;
	return len ? arena_strdup(L->a, buf) : NULL;
}

/* An expression used where a condition goes; a condition variable
 * (`if (T x = f())`) becomes its initializer. */
static struct ir_expr *lower_cond(struct lower *L, CXCursor c)
{
	struct ir_expr *e = lower_cond_expr(L, c);
	if (e && !e->text)
		e->text = source_text(L, c);
	return e;
}

static struct ir_expr *lower_cond_expr(struct lower *L, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_VarDecl) {
		CXCursor init = clang_Cursor_getVarDeclInitializer(c);
		return clang_Cursor_isNull(init) ? NULL : lower_expr(L, init);
	}
	if (k == CXCursor_DeclStmt) {
		CXCursor *kids;
		int n = lower_cursor_children(c, &kids);
		struct ir_expr *e = n ? lower_cond_expr(L, kids[n - 1]) : NULL;
		free(kids);
		return e;
	}
	return clang_isExpression(k) ? lower_expr(L, c) : NULL;
}

/* Whether token IDX of C is WANT, tokenizing C only up to the start of
 * FIRST, its first child: the whole statement's tokens (an `if` with its
 * branches) would make nested statements quadratic. */
static int first_token_is(struct lower *L, CXCursor c, CXCursor first, unsigned idx, const char *want)
{
	CXToken *toks;
	unsigned n;
	CXSourceRange r = clang_getCursorExtent(c);
	if (!clang_Cursor_isNull(first)) {
		/* clang_tokenize reads the range's spelling locations: narrowed
		 * only when both ends are spelled in one file, in order */
		CXSourceLocation end = clang_getRangeStart(clang_getCursorExtent(first));
		CXFile f0, f1;
		unsigned o0, o1;
		clang_getSpellingLocation(clang_getRangeStart(r), &f0, NULL, NULL, &o0);
		clang_getSpellingLocation(end, &f1, NULL, NULL, &o1);
		if (f0 && f1 && clang_File_isEqual(f0, f1) && o1 > o0)
			r = clang_getRange(clang_getRangeStart(r), end);
	}
	clang_tokenize(L->tu, r, &toks, &n);
	int ok = 0;
	if (n > idx) {
		CXString s = clang_getTokenSpelling(L->tu, toks[idx]);
		ok = !strcmp(clang_getCString(s), want);
		clang_disposeString(s);
	}
	clang_disposeTokens(L->tu, toks, n);
	return ok;
}

static struct ir_stmt *lower_if(struct lower *L, CXCursor c, CXCursor *kids, int n)
{
	struct ir_stmt *s = new_stmt(L, SK_IF, c);
	int i = 0;
	/* [init] [condition variable] condition then [else] */
	while (i < n && !clang_isExpression(clang_getCursorKind(kids[i])) && n - i > 2 &&
	       clang_getCursorKind(kids[i]) != CXCursor_VarDecl)
		s->u.if_.init = lower_stmt(L, kids[i++]);
	if (i < n && clang_getCursorKind(kids[i]) == CXCursor_VarDecl) {
		s->u.if_.cond = lower_cond(L, kids[i++]);
		if (i < n && clang_isExpression(clang_getCursorKind(kids[i])) && n - i > 1)
			s->u.if_.cond = lower_cond(L, kids[i++]);
	} else if (i < n) {
		s->u.if_.cond = lower_cond(L, kids[i++]);
	}
	if (i < n)
		s->u.if_.then = lower_stmt(L, kids[i++]);
	if (i < n)
		s->u.if_.els = lower_stmt(L, kids[i++]);
	s->u.if_.is_constexpr = first_token_is(L, c, n ? kids[0] : clang_getNullCursor(), 1, "constexpr");
	return s;
}

/* `for (init; cond; inc) body`: any of the first three may be missing. */
static struct ir_stmt *lower_for(struct lower *L, CXCursor c, CXCursor *kids, int n)
{
	struct ir_stmt *s = new_stmt(L, SK_LOOP, c);
	s->u.loop.form = LOOP_FOR;
	if (n == 0)
		return s;
	CXCursor body = kids[n - 1];
	/* find the two ';' at paren depth 1 between "for (" and the body */
	CXSourceRange r = clang_getRange(clang_getRangeStart(clang_getCursorExtent(c)),
	                                 clang_getRangeStart(clang_getCursorExtent(body)));
	CXToken *toks;
	unsigned nt;
	clang_tokenize(L->tu, r, &toks, &nt);
	unsigned semi[2] = { ~0u, ~0u }, close = ~0u;
	int depth = 0, ns = 0;
	for (unsigned i = 0; i < nt; i++) {
		if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
			continue;
		CXString sp = clang_getTokenSpelling(L->tu, toks[i]);
		const char *t = clang_getCString(sp);
		unsigned off = offset_of(clang_getTokenLocation(L->tu, toks[i]));
		if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
			depth++;
		else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) {
			if (--depth == 0 && close == ~0u)
				close = off;
		} else if (!strcmp(t, ";") && depth == 1 && ns < 2)
			semi[ns++] = off;
		clang_disposeString(sp);
	}
	clang_disposeTokens(L->tu, toks, nt);
	for (int i = 0; i < n - 1; i++) {
		unsigned off = start_of(kids[i]);
		if (off < semi[0])
			s->u.loop.init = lower_stmt(L, kids[i]);
		else if (off < semi[1])
			s->u.loop.cond = lower_cond(L, kids[i]);
		else if (off < close)
			s->u.loop.inc = lower_expr(L, kids[i]);
	}
	s->u.loop.body = lower_stmt(L, body);
	return s;
}

static struct ir_stmt *lower_asm(struct lower *L, CXCursor c, CXCursor *kids, int n);

static struct ir_stmt *lower_stmt_kind(struct lower *L, CXCursor c);

#define MAX_STMT_DEPTH 200 /* nested blocks; deeper ones become no-ops */

struct ir_stmt *lower_stmt(struct lower *L, CXCursor c)
{
	if (L->depth >= MAX_STMT_DEPTH) {
		L->truncated = 1;
		return new_stmt(L, SK_NOP, c);
	}
	L->depth++;
	struct ir_stmt *s = lower_stmt_kind(L, c);
	L->depth--;
	return s;
}

static struct ir_stmt *lower_stmt_kind(struct lower *L, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (clang_isExpression(k)) {
		struct ir_stmt *s = new_stmt(L, SK_EXPR, c);
		s->u.expr = lower_expr(L, c);
		return s;
	}
	CXCursor *kids;
	int n = lower_cursor_children(c, &kids);
	struct ir_stmt *s = NULL;
	switch (k) {
	case CXCursor_CompoundStmt:
		s = lower_block(L, c, kids, n);
		break;
	case CXCursor_DeclStmt:
		s = lower_decl_stmt(L, c, kids, n);
		break;
	case CXCursor_IfStmt:
		s = lower_if(L, c, kids, n);
		break;
	case CXCursor_ForStmt:
		s = lower_for(L, c, kids, n);
		break;
	case CXCursor_WhileStmt:
		s = new_stmt(L, SK_LOOP, c);
		s->u.loop.form = LOOP_WHILE;
		if (n >= 2)
			s->u.loop.cond = lower_cond(L, kids[n - 2]);
		if (n >= 1)
			s->u.loop.body = lower_stmt(L, kids[n - 1]);
		break;
	case CXCursor_DoStmt:
		s = new_stmt(L, SK_LOOP, c);
		s->u.loop.form = LOOP_DO;
		if (n >= 1)
			s->u.loop.body = lower_stmt(L, kids[0]);
		if (n >= 2)
			s->u.loop.cond = lower_cond(L, kids[1]);
		break;
	case CXCursor_CXXForRangeStmt:
		s = new_stmt(L, SK_LOOP, c);
		s->u.loop.form = LOOP_RANGE;
		for (int i = 0; i < n - 1; i++) {
			if (clang_getCursorKind(kids[i]) == CXCursor_VarDecl && !s->u.loop.init) {
				struct ir_stmt *d = new_stmt(L, SK_DECL, kids[i]);
				d->u.decl.var = lower_var(L, kids[i]);
				s->u.loop.init = d;
			} else if (clang_isExpression(clang_getCursorKind(kids[i]))) {
				/* the range: the loop variable takes its elements */
				s->u.loop.inc = lower_expr(L, kids[i]);
			}
		}
		if (n >= 1)
			s->u.loop.body = lower_stmt(L, kids[n - 1]);
		break;
	case CXCursor_SwitchStmt:
		s = new_stmt(L, SK_SWITCH, c);
		if (n >= 3 && !clang_isExpression(clang_getCursorKind(kids[0])) &&
		    clang_getCursorKind(kids[0]) != CXCursor_VarDecl)
			s->u.sw.init = lower_stmt(L, kids[0]);
		if (n >= 2)
			s->u.sw.cond = lower_cond(L, kids[n - 2]);
		if (n >= 1)
			s->u.sw.body = lower_stmt(L, kids[n - 1]);
		break;
	case CXCursor_CaseStmt:
		s = new_stmt(L, SK_CASE, c);
		if (n >= 1)
			s->u.case_.value = lower_expr(L, kids[0]);
		if (n >= 2)
			s->u.case_.body = lower_stmt(L, kids[n - 1]);
		break;
	case CXCursor_DefaultStmt:
		s = new_stmt(L, SK_CASE, c);
		if (n >= 1)
			s->u.case_.body = lower_stmt(L, kids[n - 1]);
		break;
	case CXCursor_ReturnStmt:
		s = new_stmt(L, SK_RETURN, c);
		if (n >= 1)
			s->u.expr = lower_expr(L, kids[0]);
		break;
	case CXCursor_BreakStmt:
		s = new_stmt(L, SK_BREAK, c);
		break;
	case CXCursor_ContinueStmt:
		s = new_stmt(L, SK_CONTINUE, c);
		break;
	case CXCursor_GotoStmt:
		s = new_stmt(L, SK_GOTO, c);
		if (n >= 1)
			s->u.label.name = lower_cursor_name(L, kids[0]);
		break;
	case CXCursor_LabelStmt:
		s = new_stmt(L, SK_LABEL, c);
		s->u.label.name = lower_cursor_name(L, c);
		if (n >= 1)
			s->u.label.body = lower_stmt(L, kids[n - 1]);
		break;
	case CXCursor_NullStmt:
		s = new_stmt(L, SK_NOP, c);
		break;
	case CXCursor_GCCAsmStmt:
		s = lower_asm(L, c, kids, n);
		break;
	default:
		/* attributed statements, try blocks and the like: keep what
		 * they contain, so no call goes unseen */
		s = lower_block(L, c, kids, n);
		break;
	}
	free(kids);
	return s;
}

/* ---- inline asm ------------------------------------------------------- */

/* Appends a string literal token's contents, unescaped. */
static void append_literal(struct ptrvec *buf, const char *t)
{
	const char *p = strchr(t, '"');
	if (!p)
		return;
	for (p++; *p && *p != '"'; p++) {
		char ch = *p;
		if (ch == '\\' && p[1]) {
			p++;
			ch = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
		}
		ptrvec_push(buf, (void *)(intptr_t)ch);
	}
}

/* The operands of an asm statement are its children, outputs first; the
 * counts and the template come from the tokens:
 *   asm volatile ("tmpl" : "=r"(x) : "l"(p) : "memory"); */
static struct ir_stmt *lower_asm(struct lower *L, CXCursor c, CXCursor *kids, int n)
{
	struct ir_stmt *s = new_stmt(L, SK_ASM, c);
	CXToken *toks;
	unsigned nt;
	clang_tokenize(L->tu, clang_getCursorExtent(c), &toks, &nt);
	struct ptrvec text = { 0 };
	int section = 0, depth = 0, nouts = 0;
	for (unsigned i = 0; i < nt; i++) {
		CXString sp = clang_getTokenSpelling(L->tu, toks[i]);
		const char *t = clang_getCString(sp);
		CXTokenKind tk = clang_getTokenKind(toks[i]);
		if (tk == CXToken_Keyword || tk == CXToken_Identifier) {
			if (!strcmp(t, "volatile") || !strcmp(t, "__volatile__"))
				s->u.asm_.is_volatile = 1;
		} else if (tk == CXToken_Punctuation) {
			if (!strcmp(t, "("))
				depth++;
			else if (!strcmp(t, ")"))
				depth--;
			else if (!strcmp(t, ":") && depth == 1)
				section++;
			else if (!strcmp(t, "::") && depth == 1)
				section += 2;
		} else if (tk == CXToken_Literal && depth == 1) {
			if (section == 0)
				append_literal(&text, t);
			else if (section == 1 && t[0] == '"')
				nouts++;
			else if (section == 3 && strstr(t, "\"memory\""))
				s->u.asm_.clobbers_memory = 1;
		}
		clang_disposeString(sp);
	}
	clang_disposeTokens(L->tu, toks, nt);
	char *str = arena_alloc(L->a, (size_t)text.n + 1);
	for (int i = 0; i < text.n; i++)
		str[i] = (char)(intptr_t)text.v[i];
	free(text.v);
	s->u.asm_.text = str;
	if (nouts > n)
		nouts = n;
	s->u.asm_.nouts = nouts;
	s->u.asm_.nins = n - nouts;
	s->u.asm_.outs = arena_alloc(L->a, (size_t)(nouts + 1) * sizeof(struct ir_expr *));
	s->u.asm_.ins = arena_alloc(L->a, (size_t)(n - nouts + 1) * sizeof(struct ir_expr *));
	for (int i = 0; i < n; i++) {
		struct ir_expr *e = lower_expr(L, kids[i]);
		if (i < nouts)
			s->u.asm_.outs[i] = e;
		else
			s->u.asm_.ins[i - nouts] = e;
	}
	return s;
}
