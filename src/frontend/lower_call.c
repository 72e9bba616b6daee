/* lower_call.c - libclang calls to IR calls: the callee's name, qualified
 * name, USR and receiver; kernel launches (`k<<<g, b>>>(...)`, from host
 * or device code, and cudaLaunchKernel's kin); and the calls of templates,
 * whose callee clang leaves dependent (a name among candidates, an
 * overloaded operator). The rest of the expressions are lower_expr.c's. */
#include "frontend/lower_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Qualified name of a declaration, without inline namespaces
 * (cuda::std::__4::...) so rules can match stable spellings. */
static char *qualified_name(struct lower *L, CXCursor decl)
{
	char buf[1024] = "";
	for (CXCursor c = decl; !clang_Cursor_isNull(c) && clang_getCursorKind(c) != CXCursor_TranslationUnit;
	     c = clang_getCursorSemanticParent(c)) {
		if (clang_getCursorKind(c) == CXCursor_Namespace && clang_Cursor_isInlineNamespace(c))
			continue;
		CXString s = clang_getCursorSpelling(c);
		const char *p = clang_getCString(s);
		if (p && *p) {
			char tmp[1024];
			snprintf(tmp, sizeof tmp, "%s%s%s", p, buf[0] ? "::" : "", buf);
			memcpy(buf, tmp, sizeof buf);
		}
		clang_disposeString(s);
	}
	return buf[0] ? arena_strdup(L->a, buf) : NULL;
}

static CXCursor unwrap(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			return c;
		CXCursor *kids;
		int n = lower_cursor_children(c, &kids);
		if (n != 1) {
			free(kids);
			return c;
		}
		c = kids[0];
		free(kids);
	}
}

static char *canonical_type(struct lower *L, CXCursor c)
{
	return lower_type_name(L, clang_getCanonicalType(clang_getCursorType(c)));
}

static const char *last_identifier(struct lower *L, CXCursor c)
{
	CXToken *toks;
	unsigned n;
	const char *r = NULL;
	clang_tokenize(L->tu, clang_getCursorExtent(c), &toks, &n);
	for (unsigned i = n; i-- > 0 && !r;)
		if (clang_getTokenKind(toks[i]) == CXToken_Identifier) {
			CXString sp = clang_getTokenSpelling(L->tu, toks[i]);
			r = arena_strdup(L->a, clang_getCString(sp));
			clang_disposeString(sp);
		}
	clang_disposeTokens(L->tu, toks, n);
	return r;
}

/* The spelling of the overloaded operator a dependent operator call
 * names ("operator+="), and the index of that child among the call's
 * children; NULL when the call is not one. In a template, `s[i] += x` on a
 * dependent type is a CallExpr without a callee name whose children are,
 * in source order, the operands around a reference to the candidate
 * operators. */
/* The name a dependent call's children refer to through an
 * OverloadedDeclRef (`f<T>(x)`, or `a += b` on a dependent type), and the
 * index of that child; NULL if none. */
static const char *overloaded_name(struct lower *L, CXCursor *kids, int n, int *at)
{
	for (int i = 0; i < n; i++) {
		CXCursor k = unwrap(kids[i]);
		if (clang_getCursorKind(k) != CXCursor_DeclRefExpr)
			continue;
		CXCursor *sub;
		int m = lower_cursor_children(k, &sub);
		const char *name = NULL;
		if (m >= 1 && clang_getCursorKind(sub[0]) == CXCursor_OverloadedDeclRef)
			name = lower_cursor_name(L, sub[0]);
		free(sub);
		if (name && *name) {
			*at = i;
			return name;
		}
	}
	return NULL;
}

/* The qualified name every function of a dependent call's overload set
 * shares (`cuda::memcpy_async`, whose arguments include a rejected
 * variable), so that the call is classified as a resolved one would be;
 * NULL when the set is empty (ADL's `init`) or spans namespaces. */
static const char *overload_qual(struct lower *L, CXCursor *kids, int n)
{
	for (int i = 0; i < n; i++) {
		CXCursor k = unwrap(kids[i]), set = k;
		if (clang_getCursorKind(k) == CXCursor_DeclRefExpr) {
			CXCursor *sub;
			int m = lower_cursor_children(k, &sub);
			set = clang_getCursorReferenced(k);
			for (int j = 0; j < m; j++) /* after the qualifier's NamespaceRef */
				if (clang_getCursorKind(sub[j]) == CXCursor_OverloadedDeclRef)
					set = sub[j];
			free(sub);
		}
		if (clang_getCursorKind(set) != CXCursor_OverloadedDeclRef)
			continue;
		const char *q = NULL;
		unsigned nd = clang_getNumOverloadedDecls(set);
		for (unsigned j = 0; j < nd; j++) {
			const char *qj = qualified_name(L, clang_getOverloadedDecl(set, j));
			if (!qj || (q && strcmp(q, qj)))
				return NULL;
			q = qj;
		}
		return q;
	}
	return NULL;
}

static const char *dependent_operator(struct lower *L, CXCursor *kids, int n, int *at)
{
	const char *name = overloaded_name(L, kids, n, at);
	return name && !strncmp(name, "operator", 8) ? name + 8 : NULL;
}

/* Whether a's location comes after b's start: libclang lists a unary
 * operator's operand first, whichever side it is written on. */
static int spelled_after(CXCursor a, CXCursor b)
{
	unsigned oa, ob;
	clang_getExpansionLocation(clang_getCursorLocation(a), NULL, NULL, NULL, &oa);
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(b)), NULL, NULL, NULL, &ob);
	return oa > ob;
}

static const struct { const char *sp; enum ir_ekind k; enum ir_op op; } dep_ops[] = {
	{ "=", EK_ASSIGN, OP_NONE }, { "+=", EK_ASSIGN, OP_ADD }, { "-=", EK_ASSIGN, OP_SUB },
	{ "*=", EK_ASSIGN, OP_MUL }, { "/=", EK_ASSIGN, OP_DIV }, { "%=", EK_ASSIGN, OP_REM },
	{ "<<=", EK_ASSIGN, OP_SHL }, { ">>=", EK_ASSIGN, OP_SHR }, { "&=", EK_ASSIGN, OP_AND },
	{ "|=", EK_ASSIGN, OP_OR }, { "^=", EK_ASSIGN, OP_XOR },
	{ "+", EK_BINARY, OP_ADD }, { "-", EK_BINARY, OP_SUB }, { "*", EK_BINARY, OP_MUL },
	{ "/", EK_BINARY, OP_DIV }, { "%", EK_BINARY, OP_REM }, { "<<", EK_BINARY, OP_SHL },
	{ ">>", EK_BINARY, OP_SHR }, { "<", EK_BINARY, OP_LT }, { ">", EK_BINARY, OP_GT },
	{ "<=", EK_BINARY, OP_LE }, { ">=", EK_BINARY, OP_GE }, { "==", EK_BINARY, OP_EQ },
	{ "!=", EK_BINARY, OP_NE }, { "&", EK_BINARY, OP_AND }, { "^", EK_BINARY, OP_XOR },
	{ "|", EK_BINARY, OP_OR }, { "&&", EK_BINARY, OP_LAND }, { "||", EK_BINARY, OP_LOR },
	{ "[]", EK_INDEX, OP_NONE },
	{ "-", EK_UNARY, OP_NEG }, { "+", EK_UNARY, OP_PLUS }, { "~", EK_UNARY, OP_NOT },
	{ "!", EK_UNARY, OP_LNOT }, { "*", EK_UNARY, OP_DEREF }, { "&", EK_UNARY, OP_ADDR },
	{ "++", EK_UNARY, OP_PREINC }, { "--", EK_UNARY, OP_PREDEC },
};

/* A dependent operator call as the operator it spells, so that every
 * analysis sees `s[i] += x` in a template pattern as the assignment it is
 * in every instantiation on arithmetic types; E unchanged otherwise. */
static void as_dependent_operator(struct lower *L, struct ir_expr *e, CXCursor *kids, int n)
{
	int at = 0;
	const char *sp = e->u.call->name && *e->u.call->name ? NULL : dependent_operator(L, kids, n, &at);
	if (!sp)
		return;
	int unary = e->nkids == 1 || (e->nkids == 2 && (!strcmp(sp, "++") || !strcmp(sp, "--")));
	for (size_t i = 0; i < sizeof dep_ops / sizeof *dep_ops; i++) {
		if (strcmp(dep_ops[i].sp, sp) || (dep_ops[i].k == EK_UNARY) != unary)
			continue;
		if (!unary && e->nkids != 2)
			return;
		enum ir_op op = dep_ops[i].op;
		if (unary && (op == OP_PREINC || op == OP_PREDEC) && spelled_after(kids[at], kids[!at])) /* x++ */
			op = op == OP_PREINC ? OP_POSTINC : OP_POSTDEC;
		memset(&e->u, 0, sizeof e->u);
		e->kind = dep_ops[i].k;
		e->op = op;
		if (unary)
			e->nkids = 1;
		return;
	}
}

/* The first function a cursor refers to, under casts: `(void *)k`,
 * `reinterpret_cast<const void *>(&k<T>)`. */
static enum CXChildVisitResult find_function(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	CXCursor *out = d;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor r = clang_getCursorReferenced(c);
		enum CXCursorKind k = clang_getCursorKind(r);
		if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) {
			*out = r;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* cudaLaunchKernel(kernel, grid, block, args, shmem, stream) and its
 * cooperative twin name the kernel first; cudaLaunchKernelEx(&config,
 * kernel, args...) second. The kernel is linked by USR once every
 * function is lowered (resolve_calls). */
static void note_api_launch(struct lower *L, struct ir_expr *e, CXCursor c)
{
	static const struct { const char *name; unsigned at; } api[] = {
		{ "cudaLaunchKernel", 0 }, { "cudaLaunchCooperativeKernel", 0 },
		{ "cudaLaunchKernelEx", 1 }, { "cudaLaunchKernelExC", 1 },
	};
	const char *name = e->u.call->name;
	for (size_t i = 0; name && i < sizeof api / sizeof api[0]; i++) {
		if (strcmp(name, api[i].name))
			continue;
		CXCursor arg = clang_Cursor_getArgument(c, api[i].at), fn = clang_getNullCursor();
		if (clang_getCursorKind(arg) == CXCursor_DeclRefExpr)
			find_function(arg, arg, &fn);
		else
			clang_visitChildren(arg, find_function, &fn);
		if (clang_Cursor_isNull(fn))
			return;
		CXCursor tmpl = clang_getSpecializedCursorTemplate(fn);
		CXString usr = clang_getCursorUSR(clang_Cursor_isNull(tmpl) ? fn : tmpl);
		const char *u = clang_getCString(usr);
		if (u && *u) {
			ptrvec_push(&L->kernel_refs, e);
			ptrvec_push(&L->kernel_usrs, arena_strdup(L->a, u));
		}
		clang_disposeString(usr);
		return;
	}
}

/* The callee child of a call: the call's name where its cursor has none,
 * and for a method call the receiver (the first of ARGS) and its type. */
static const struct ir_range *kept_range(struct lower *L, struct ir_range r)
{
	if (!r.ok)
		return NULL;
	struct ir_range *p = arena_alloc(L->a, sizeof *p);
	*p = r;
	return p;
}

/* The scope argument in the type of a method call's object: a variable
 * declared with it, or a temporary constructed with it. */
static const struct ir_range *receiver_scope(struct lower *L, CXCursor recv)
{
	CXCursor r = unwrap(recv);
	enum CXCursorKind k = clang_getCursorKind(r);
	if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(r);
		if (clang_getCursorKind(d) != CXCursor_VarDecl)
			return NULL;
		return kept_range(L, lower_scope_arg_range(L, d));
	}
	if (k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_CallExpr)
		return kept_range(L, lower_scope_arg_range(L, r));
	return NULL;
}

static void lower_callee(struct lower *L, struct ir_call *call, CXCursor callee, struct ptrvec *args)
{
	call->name_range = kept_range(L, lower_name_range(L, callee));
	if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
		call->is_method = 1;
		if (!call->name)
			call->name = lower_cursor_name(L, callee);
		if (!call->name)
			call->name = last_identifier(L, callee); /* dependent member */
		CXCursor *mk;
		int mn = lower_cursor_children(callee, &mk);
		if (mn >= 1) {
			ptrvec_push(args, lower_expr(L, mk[0]));
			call->recv_type = canonical_type(L, mk[0]);
			if (!call->recv_type || strstr(call->recv_type, "dependent type")) {
				/* an invalid declaration (a __shared__ cuda::barrier,
				 * docs/design/frontend.md) still has its declared type */
				CXCursor decl = clang_getCursorReferenced(unwrap(mk[0]));
				if (!clang_Cursor_isNull(decl))
					call->recv_type = canonical_type(L, decl);
				/* or, as an argument, an empty RecoveryExpr whose
				 * variable recovered_var found */
				const struct ir_expr *o = args->v[args->n - 1];
				if ((!call->recv_type || strstr(call->recv_type, "dependent type")) && o->kind == EK_VAR)
					call->recv_type = o->u.var->type;
			}
			if (call->recv_type && strstr(call->recv_type, "thread_scope_"))
				call->scope_range = receiver_scope(L, mk[0]);
		}
		free(mk);
	} else if (!call->name) {
		call->name = lower_cursor_name(L, callee);
	}
}

/* A call whose callee clang resolved to REF: its qualified name, the
 * specialisation's USR, the call edge (linked by USR once every function
 * is lowered, resolve_calls) and the return type. */
static void lower_resolved_callee(struct lower *L, struct ir_expr *e, CXCursor ref, int device_launch)
{
	struct ir_call *call = e->u.call;
	CXCursor tmpl = clang_getSpecializedCursorTemplate(ref);
	CXCursor target = clang_Cursor_isNull(tmpl) ? ref : tmpl;
	call->qual = qualified_name(L, target);
	if (!clang_Cursor_isNull(tmpl)) {
		CXString su = clang_getCursorUSR(ref);
		const char *sp = clang_getCString(su);
		call->spec = sp && *sp ? arena_strdup(L->a, sp) : NULL;
		clang_disposeString(su);
	}
	CXString usr = clang_getCursorUSR(target);
	const char *u = clang_getCString(usr);
	/* a kernel launched from device code runs as a grid of its own,
	 * after the launching thread goes on: no call edge, so no barrier
	 * or access of the child counts as the parent's */
	if (u && *u && !device_launch) {
		ptrvec_push(&L->calls, e);
		ptrvec_push(&L->call_usrs, arena_strdup(L->a, u));
	}
	clang_disposeString(usr);
	call->ret_type = lower_type_name(L, clang_getCursorResultType(ref));
}

struct ir_expr *lower_call(struct lower *L, CXCursor c)
{
	struct ir_expr *e = lower_new_expr(L, EK_CALL, c);
	struct ir_call *call = e->u.call;
	CXCursor *kids;
	int n = lower_cursor_children(c, &kids);
	CXCursor ref = clang_getCursorReferenced(c);
	call->name = lower_cursor_name(L, c);
	int nargs = clang_Cursor_getNumArguments(c);
	/* Children are [callee] [launch configuration] arguments; a
	 * constructor call has no callee child. Dependent calls (templates)
	 * report no argument count: there the callee is always first. */
	int has_callee = nargs >= 0 ? n > nargs : n > 0;
	struct ptrvec args = { 0 };

	if (has_callee)
		lower_callee(L, call, unwrap(kids[0]), &args);
	/* kernel<<<grid, block>>>(args): the configuration is a call too */
	int device_launch = 0;
	if (has_callee && n >= 2 && clang_getCursorKind(unwrap(kids[1])) == CXCursor_CallExpr) {
		CXString s = clang_getCursorSpelling(unwrap(kids[1]));
		/* cudaConfigureCall: the older API clang uses when only it is
		 * declared (our no-toolkit declarations); cudaLaunchDevice: a
		 * launch from device code (dynamic parallelism, clang 22) */
		device_launch = !strcmp(clang_getCString(s), "cudaLaunchDevice");
		call->is_launch = !strcmp(clang_getCString(s), "__cudaPushCallConfiguration") ||
		                  !strcmp(clang_getCString(s), "cudaConfigureCall") || device_launch;
		clang_disposeString(s);
		if (call->is_launch)
			call->config = lower_expr(L, unwrap(kids[1]));
	}
	if (nargs >= 0) {
		for (int i = 0; i < nargs; i++) {
			CXCursor ac = clang_Cursor_getArgument(c, (unsigned)i);
			struct ir_expr *a = lower_expr(L, ac);
			/* constant arguments (masks, scopes, default arguments) are
			 * folded by clang: FULL_MASK, ~0u, constexpr variables */
			if (!a->has_value && !L->in_template && lower_eval_int(ac, &a->ival))
				a->has_value = 1;
			ptrvec_push(&args, a);
		}
	} else {
		for (int i = has_callee; i < n; i++)
			if (clang_isExpression(clang_getCursorKind(kids[i])))
				ptrvec_push(&args, lower_expr(L, kids[i]));
	}
	e->kids = (struct ir_expr **)ptrvec_finish(&args, L->a, &e->nkids);
	if (!e->kids)
		e->kids = arena_alloc(L->a, sizeof *e->kids);

	if (!clang_Cursor_isNull(ref) && clang_getCursorKind(ref) != CXCursor_InvalidFile) {
		lower_resolved_callee(L, e, ref, device_launch);
	} else if (has_callee && !device_launch) {
		/* a dependent call: its callee names candidates instead */
		lower_dependent_callee(L, e, unwrap(kids[0]));
	}
	if (!call->name)
		call->name = "";
	if (!call->qual && !call->target && has_callee && !call->is_method)
		call->qual = overload_qual(L, kids, 1);
	if (call->is_launch)
		ptrvec_push(&L->launches, e);
	else if (nargs >= 2)
		note_api_launch(L, e, c);
	if (!call->qual && !call->target && !*call->name) {
		int at;
		const char *name = overloaded_name(L, kids, n, &at);
		if (name && strncmp(name, "operator", 8))
			call->name = name; /* f<T>(x) in a template: no callee yet, but a name */
		else
			as_dependent_operator(L, e, kids, n);
	}
	free(kids);
	return e;
}
