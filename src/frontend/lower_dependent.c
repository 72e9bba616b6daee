/* lower_dependent.c - calls in a template that clang resolves only when
 * the template is instantiated: `block_max<THREADS>(v)`,
 * `warp_reduce<T, op>(v)`, `this->template helper<N>(v)`.
 *
 * libclang shows only a template's pattern, never its instantiations
 * (docs/design/frontend.md, "Dependent calls in templates"). There such
 * a call is a CallExpr that references no
 * declaration; its callee (an UnresolvedLookupExpr or UnresolvedMemberExpr,
 * shown as a DeclRefExpr or MemberRefExpr) references the overload set
 * that name lookup found (an OverloadedDeclRef). The instantiation may
 * pick any function of the set, so every one of them that can take the
 * call's number of arguments is a candidate; the analyses take what any
 * candidate may do (callgraph.c, uni_expr.c). */
#include "frontend/lower_internal.h"

#include <stdlib.h>
#include <string.h>

/* The function templates and functions the callee may name: the members
 * of its overload set, or the one function template it references. */
void lower_dependent_callee(struct lower *L, struct ir_expr *call, CXCursor callee)
{
	CXCursor set = clang_getCursorReferenced(callee);
	enum CXCursorKind k = clang_getCursorKind(set);
	unsigned n = k == CXCursor_OverloadedDeclRef ? clang_getNumOverloadedDecls(set)
	             : k == CXCursor_FunctionTemplate  ? 1
	                                                : 0;
	if (!n)
		return;
	if (!call->u.call->name)
		call->u.call->name = lower_cursor_name(L, set);
	struct lower_dep_call *d = arena_alloc(L->a, sizeof *d);
	d->call = call;
	d->usrs = arena_alloc(L->a, n * sizeof *d->usrs);
	for (unsigned i = 0; i < n; i++) {
		CXCursor f = k == CXCursor_OverloadedDeclRef ? clang_getOverloadedDecl(set, i) : set;
		CXString usr = clang_getCursorUSR(f);
		const char *u = clang_getCString(usr);
		if (u && *u)
			d->usrs[d->n++] = arena_strdup(L->a, u);
		clang_disposeString(usr);
	}
	ptrvec_push(&L->dep_calls, d);
}

static int takes(const struct ir_func *f, int nargs)
{
	return nargs >= f->nrequired && (nargs <= f->nparams || f->is_variadic);
}

/* Links each dependent call to its candidates defined in the file: the
 * target when there is one, the candidate list when there are more. A
 * candidate with no body here (a toolkit function) is no call edge: the
 * call's name classifies it (analysis/intrinsics.c). */
void lower_resolve_dependent(struct lower *L, struct ir_func **by_usr, int n)
{
	for (int i = 0; i < L->dep_calls.n; i++) {
		struct lower_dep_call *d = L->dep_calls.v[i];
		struct ir_call *c = d->call->u.call;
		int nargs = d->call->nkids - c->is_method;
		struct ptrvec found = { 0 };
		for (int j = 0; j < d->n; j++) {
			int at = lower_find_usr(by_usr, n, d->usrs[j]);
			if (at >= 0 && takes(by_usr[at], nargs))
				ptrvec_push(&found, by_usr[at]);
		}
		if (found.n == 1)
			c->target = found.v[0];
		if (found.n > 1)
			c->cands = (struct ir_func **)ptrvec_finish(&found, L->a, &c->ncands);
		else
			free(found.v);
	}
	free(L->dep_calls.v);
}

/* A parameter has a default argument when its declaration holds an `=`
 * outside brackets (an array bound `(&a)[N == 2]` compares, it does not
 * assign); a parameter pack's type is spelt with `...`. */
static enum CXChildVisitResult any_expression(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (!clang_isExpression(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	*(int *)d = 1;
	return CXChildVisit_Break;
}

static int has_default(struct lower *L, CXCursor p)
{
	int expr = 0; /* most parameters hold none: no tokens to read */
	clang_visitChildren(p, any_expression, &expr);
	if (!expr)
		return 0;
	CXToken *toks;
	unsigned nt;
	clang_tokenize(L->tu, clang_getCursorExtent(p), &toks, &nt);
	int depth = 0, found = 0;
	for (unsigned i = 0; i < nt && !found; i++) {
		if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
			continue;
		CXString sp = clang_getTokenSpelling(L->tu, toks[i]);
		const char *t = clang_getCString(sp);
		if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
			depth++;
		else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}"))
			depth--;
		else if (!strcmp(t, "=") && depth == 0)
			found = 1;
		clang_disposeString(sp);
	}
	clang_disposeTokens(L->tu, toks, nt);
	return found;
}

static enum CXChildVisitResult last_expression(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)d = c;
	return CXChildVisit_Continue;
}

/* Whether E is made of literals and operators alone, and so can depend
 * on no template parameter: clang's evaluator must never see a dependent
 * expression (lower_expr.c). An implicit conversion, which libclang shows
 * as an unexposed expression spanning its one operand, counts as its
 * operand; any other unexposed expression (`T(0)` in a template) does not. */
static int literal_only(CXCursor e)
{
	CXCursor *kids;
	int n = lower_cursor_children(e, &kids), ok = 1;
	switch (clang_getCursorKind(e)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_CharacterLiteral:
		ok = n == 0;
		break;
	case CXCursor_ParenExpr:
	case CXCursor_UnaryOperator:
	case CXCursor_BinaryOperator:
		break;
	case CXCursor_UnexposedExpr:
		ok = n == 1 && clang_equalRanges(clang_getCursorExtent(e), clang_getCursorExtent(kids[0]));
		break;
	default:
		ok = 0;
	}
	for (int i = 0; ok && i < n; i++)
		ok = literal_only(kids[i]);
	free(kids);
	return ok;
}

/* P's default argument, when it is an integer constant written with
 * literals (`bool final_sync = false`, `int lane = -1`): what a call that
 * leaves it out passes, also from a template, where the call's own
 * argument is not folded. */
static void default_value(struct ir_var *v, CXCursor p)
{
	CXCursor e = clang_getNullCursor();
	clang_visitChildren(p, last_expression, &e);
	int64_t x;
	if (!clang_Cursor_isNull(e) && literal_only(e) && lower_eval_int(e, &x)) {
		v->default_known = 1;
		v->default_ival = x;
	}
}

void lower_param_arity(struct lower *L, struct ir_func *f, CXCursor *params)
{
	f->nrequired = 0;
	for (int i = 0; i < f->nparams; i++) {
		const char *t = f->params[i]->type;
		size_t len = t ? strlen(t) : 0;
		if (len >= 3 && !strcmp(t + len - 3, "..."))
			f->is_variadic = 1;
		else if (!has_default(L, params[i]))
			f->nrequired = i + 1;
		else
			default_value(f->params[i], params[i]);
	}
}
