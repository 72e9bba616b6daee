/* lower_expr.c - libclang expressions to IR expressions.
 *
 * Implicit casts, parentheses and explicit casts disappear: every rule
 * asks about the value or the lvalue underneath. Each expression keeps
 * its own type's volatility, so `*(volatile int *)p` is a volatile load
 * even though p is not. */
#include "frontend/cxutil.h"
#include "frontend/lower_internal.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct ir_expr *new_expr(struct lower *L, enum ir_ekind k, CXCursor c)
{
	struct ir_expr *e = arena_alloc(L->a, sizeof *e);
	e->kind = k;
	e->loc = cursor_loc(L, c);
	CXType t = clang_getCursorType(c);
	if (t.kind != CXType_Invalid) {
		e->is_volatile = clang_isVolatileQualifiedType(t) != 0;
		CXType ct = clang_getCanonicalType(t);
		e->is_pointer = ct.kind == CXType_Pointer;
		e->type = type_name(L, t);
	}
	return e;
}

static void set_kids(struct lower *L, struct ir_expr *e, struct ir_expr **v, int n)
{
	e->nkids = n;
	e->kids = arena_alloc(L->a, (size_t)(n ? n : 1) * sizeof *v);
	if (n) /* V may be NULL then, and memcpy's pointers must not be */
		memcpy(e->kids, v, (size_t)n * sizeof *v);
}

static struct ir_expr *lower_generic(struct lower *L, CXCursor c, enum ir_ekind k)
{
	struct ir_expr *e = new_expr(L, k, c);
	CXCursor *kids;
	int n = cursor_children(c, &kids);
	struct ir_expr **v = xmalloc((size_t)(n ? n : 1) * sizeof *v);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (clang_isExpression(clang_getCursorKind(kids[i])))
			v[m++] = lower_expr(L, kids[i]);
	set_kids(L, e, v, m);
	free(v);
	free(kids);
	return e;
}

static int eval_int(CXCursor c, int64_t *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	if (!r)
		return 0;
	int ok = clang_EvalResult_getKind(r) == CXEval_Int;
	if (ok)
		*out = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r)
		                                          : (int64_t)clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return ok;
}

/* The field of `threadIdx.y` where it is spelled: inside a macro's body
 * the expansion's tokens are the macro call's, so read the text at the
 * expression's spelling location instead. 0 if it is not there. */
static char spelled_dim(struct lower *L, CXCursor c)
{
	CXFile f;
	unsigned off;
	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
	size_t size;
	const char *text = f ? clang_getFileContents(L->tu, f, &size) : NULL;
	if (!text || off >= size)
		return 0;
	const char *p = text + off, *end = text + size;
	while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
		p++;
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p >= end || *p++ != '.')
		return 0;
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p < end && *p >= 'x' && *p <= 'z' && (p + 1 >= end || !(isalnum((unsigned char)p[1]) || p[1] == '_')))
		return *p;
	return 0;
}

/* threadIdx.x and friends: a member access on a variable of one of the
 * __cuda_builtin_*_t types. The field is only visible in the tokens. */
static struct ir_expr *lower_builtin(struct lower *L, CXCursor c, CXCursor base)
{
	CXCursor ref = clang_getCursorReferenced(base);
	CXString ts = clang_getTypeSpelling(clang_getCursorType(ref));
	const char *t = clang_getCString(ts);
	int which = -1;
	if (strstr(t, "__cuda_builtin_threadIdx_t"))
		which = BI_THREADIDX;
	else if (strstr(t, "__cuda_builtin_blockIdx_t"))
		which = BI_BLOCKIDX;
	else if (strstr(t, "__cuda_builtin_blockDim_t"))
		which = BI_BLOCKDIM;
	else if (strstr(t, "__cuda_builtin_gridDim_t"))
		which = BI_GRIDDIM;
	clang_disposeString(ts);
	if (which < 0)
		return NULL;
	struct ir_expr *e = new_expr(L, EK_BUILTIN, c);
	e->u.bi.which = which;
	CXToken *toks;
	unsigned n;
	clang_tokenize(L->tu, clang_getCursorExtent(c), &toks, &n);
	if (n) {
		CXString sp = clang_getTokenSpelling(L->tu, toks[n - 1]);
		const char *f = clang_getCString(sp);
		if (f[0] >= 'x' && f[0] <= 'z' && !f[1])
			e->u.bi.dim = f[0];
		clang_disposeString(sp);
	}
	clang_disposeTokens(L->tu, toks, n);
	if (!e->u.bi.dim)
		e->u.bi.dim = spelled_dim(L, c);
	return e;
}

static struct ir_expr *lower_member(struct lower *L, CXCursor c)
{
	CXCursor *kids;
	int n = cursor_children(c, &kids);
	struct ir_expr *e = NULL;
	if (n == 1 && clang_getCursorKind(kids[0]) == CXCursor_DeclRefExpr)
		e = lower_builtin(L, c, kids[0]);
	if (!e) {
		e = new_expr(L, EK_MEMBER, c);
		e->u.name = cursor_name(L, c);
		CXCursor field = clang_getCursorReferenced(c);
		e->in_union = !clang_Cursor_isNull(field) && clang_getCursorKind(field) == CXCursor_FieldDecl &&
		              clang_getCursorKind(clang_getCursorSemanticParent(field)) == CXCursor_UnionDecl;
		if (n >= 1) {
			struct ir_expr *base = lower_expr(L, kids[0]);
			set_kids(L, e, &base, 1);
			e->arrow = base->is_pointer;
		} else {
			set_kids(L, e, NULL, 0); /* implicit this->member */
		}
	}
	free(kids);
	return e;
}

static int independent_constant(struct lower *L, CXCursor declref, CXCursor var)
{
	enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(var));
	return (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace) &&
	       !cx_decl_has_token(L->tu, declref, "<", 64);
}

static struct ir_expr *lower_declref(struct lower *L, CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);
	enum CXCursorKind rk = clang_getCursorKind(ref);
	struct ir_expr *e;
	switch (rk) {
	case CXCursor_VarDecl:
	case CXCursor_ParmDecl:
	case CXCursor_NonTypeTemplateParameter:
		e = new_expr(L, EK_VAR, c);
		e->u.var = lower_var(L, ref);
		/* in a template only constants that cannot depend on its
		 * parameters (clang's evaluator must never see a dependent
		 * expression): the toolkit's (warpSize), and any namespace-scope
		 * constant named without template arguments (kWarpSize) */
		if (rk == CXCursor_VarDecl && e->u.var->is_const && e->u.var->kind != VAR_LOCAL &&
		    (!L->in_template || clang_Location_isInSystemHeader(clang_getCursorLocation(ref)) ||
		     independent_constant(L, c, ref))) {
			int64_t v;
			if (eval_int(c, &v)) {
				e->has_value = 1;
				e->ival = v;
			}
		}
		return e;
	case CXCursor_EnumConstantDecl:
		e = new_expr(L, EK_CONST, c);
		e->u.name = cursor_name(L, ref);
		e->has_value = 1;
		e->ival = clang_getEnumConstantDeclValue(ref);
		return e;
	default:
		e = new_expr(L, EK_OTHER, c);
		e->u.name = cursor_name(L, c);
		set_kids(L, e, NULL, 0);
		return e;
	}
}

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
		int n = cursor_children(c, &kids);
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
	return type_name(L, clang_getCanonicalType(clang_getCursorType(c)));
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

/* A variable whose declaration clang rejected but tolerated_errors keeps
 * (docs/design/frontend.md, "`__shared__ cuda::barrier`"): where it is an
 * argument, clang leaves an empty RecoveryExpr spanning its one
 * identifier, with no reference. That name, looked up among the rejected
 * variables of the function declared before it (innermost last) and then
 * the globals, is the variable; NULL when the expression is anything else. */
static struct ir_var *recovered_var(struct lower *L, CXCursor c)
{
	CXToken *toks;
	unsigned n;
	clang_tokenize(L->tu, clang_getCursorExtent(c), &toks, &n);
	char name[256] = "";
	if (n == 1 && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
		CXString sp = clang_getTokenSpelling(L->tu, toks[0]);
		snprintf(name, sizeof name, "%s", clang_getCString(sp));
		clang_disposeString(sp);
	}
	clang_disposeTokens(L->tu, toks, n);
	if (!name[0])
		return NULL;
	struct ir_loc at = cursor_loc(L, c);
	for (int i = L->fvars.n; i-- > 0;) {
		struct ir_var *v = L->fvars.v[i];
		if (v->rejected && !strcmp(v->name, name) && v->loc.file == at.file &&
		    (v->loc.line < at.line || (v->loc.line == at.line && v->loc.col < at.col)))
			return v;
	}
	for (int i = L->globals.n; i-- > 0;) {
		struct ir_var *v = L->globals.v[i];
		if (v->rejected && !strcmp(v->name, name))
			return v;
	}
	return NULL;
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
		int m = cursor_children(k, &sub);
		const char *name = NULL;
		if (m >= 1 && clang_getCursorKind(sub[0]) == CXCursor_OverloadedDeclRef)
			name = cursor_name(L, sub[0]);
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
			int m = cursor_children(k, &sub);
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
	const char *sp = e->u.call.name && *e->u.call.name ? NULL : dependent_operator(L, kids, n, &at);
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
	const char *name = e->u.call.name;
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

static struct ir_expr *lower_call(struct lower *L, CXCursor c)
{
	struct ir_expr *e = new_expr(L, EK_CALL, c);
	struct ir_call *call = &e->u.call;
	CXCursor *kids;
	int n = cursor_children(c, &kids);
	CXCursor ref = clang_getCursorReferenced(c);
	call->name = cursor_name(L, c);
	int nargs = clang_Cursor_getNumArguments(c);
	/* Children are [callee] [launch configuration] arguments; a
	 * constructor call has no callee child. Dependent calls (templates)
	 * report no argument count: there the callee is always first. */
	int has_callee = nargs >= 0 ? n > nargs : n > 0;
	struct ptrvec args = { 0 };

	if (has_callee) {
		CXCursor callee = unwrap(kids[0]);
		enum CXCursorKind ck = clang_getCursorKind(callee);
		if (ck == CXCursor_MemberRefExpr) {
			call->is_method = 1;
			if (!call->name)
				call->name = cursor_name(L, callee);
			if (!call->name)
				call->name = last_identifier(L, callee); /* dependent member */
			CXCursor *mk;
			int mn = cursor_children(callee, &mk);
			if (mn >= 1) {
				ptrvec_push(&args, lower_expr(L, mk[0]));
				call->recv_type = canonical_type(L, mk[0]);
				if (!call->recv_type || strstr(call->recv_type, "dependent type")) {
					/* an invalid declaration (a __shared__ cuda::barrier,
					 * docs/design/frontend.md) still has its declared type */
					CXCursor decl = clang_getCursorReferenced(unwrap(mk[0]));
					if (!clang_Cursor_isNull(decl))
						call->recv_type = canonical_type(L, decl);
					/* or, as an argument, an empty RecoveryExpr whose
					 * variable recovered_var found */
					const struct ir_expr *o = args.v[args.n - 1];
					if ((!call->recv_type || strstr(call->recv_type, "dependent type")) && o->kind == EK_VAR)
						call->recv_type = o->u.var->type;
				}
			}
			free(mk);
		} else if (!call->name) {
			call->name = cursor_name(L, callee);
		}
	}
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
			if (!a->has_value && !L->in_template && eval_int(ac, &a->ival))
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
		call->ret_type = type_name(L, clang_getCursorResultType(ref));
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

static enum ir_op binop(enum CXBinaryOperatorKind k, int *assign)
{
	*assign = 0;
	switch (k) {
	case CXBinaryOperator_Mul: return OP_MUL;
	case CXBinaryOperator_Div: return OP_DIV;
	case CXBinaryOperator_Rem: return OP_REM;
	case CXBinaryOperator_Add: return OP_ADD;
	case CXBinaryOperator_Sub: return OP_SUB;
	case CXBinaryOperator_Shl: return OP_SHL;
	case CXBinaryOperator_Shr: return OP_SHR;
	case CXBinaryOperator_LT: return OP_LT;
	case CXBinaryOperator_GT: return OP_GT;
	case CXBinaryOperator_LE: return OP_LE;
	case CXBinaryOperator_GE: return OP_GE;
	case CXBinaryOperator_EQ: return OP_EQ;
	case CXBinaryOperator_NE: return OP_NE;
	case CXBinaryOperator_And: return OP_AND;
	case CXBinaryOperator_Xor: return OP_XOR;
	case CXBinaryOperator_Or: return OP_OR;
	case CXBinaryOperator_LAnd: return OP_LAND;
	case CXBinaryOperator_LOr: return OP_LOR;
	case CXBinaryOperator_Comma: return OP_COMMA;
	case CXBinaryOperator_Assign: *assign = 1; return OP_NONE;
	case CXBinaryOperator_MulAssign: *assign = 1; return OP_MUL;
	case CXBinaryOperator_DivAssign: *assign = 1; return OP_DIV;
	case CXBinaryOperator_RemAssign: *assign = 1; return OP_REM;
	case CXBinaryOperator_AddAssign: *assign = 1; return OP_ADD;
	case CXBinaryOperator_SubAssign: *assign = 1; return OP_SUB;
	case CXBinaryOperator_ShlAssign: *assign = 1; return OP_SHL;
	case CXBinaryOperator_ShrAssign: *assign = 1; return OP_SHR;
	case CXBinaryOperator_AndAssign: *assign = 1; return OP_AND;
	case CXBinaryOperator_XorAssign: *assign = 1; return OP_XOR;
	case CXBinaryOperator_OrAssign: *assign = 1; return OP_OR;
	default: return OP_OTHER;
	}
}

static enum ir_op unop(enum CXUnaryOperatorKind k)
{
	switch (k) {
	case CXUnaryOperator_PostInc: return OP_POSTINC;
	case CXUnaryOperator_PostDec: return OP_POSTDEC;
	case CXUnaryOperator_PreInc: return OP_PREINC;
	case CXUnaryOperator_PreDec: return OP_PREDEC;
	case CXUnaryOperator_AddrOf: return OP_ADDR;
	case CXUnaryOperator_Deref: return OP_DEREF;
	case CXUnaryOperator_Plus: return OP_PLUS;
	case CXUnaryOperator_Minus: return OP_NEG;
	case CXUnaryOperator_Not: return OP_NOT;
	case CXUnaryOperator_LNot: return OP_LNOT;
	default: return OP_OTHER;
	}
}

static struct ir_expr *lower_expr_kind(struct lower *L, CXCursor c);

/* Every walk over the IR recurses on its depth, so a machine-generated
 * 60,000-term sum would overflow the stack. Below MAX_EXPR_DEPTH an
 * expression becomes an opaque leaf: the analyses treat it as unknown. */
#define MAX_EXPR_DEPTH 400

struct ir_expr *lower_expr(struct lower *L, CXCursor c)
{
	if (L->depth >= MAX_EXPR_DEPTH) {
		struct ir_expr *e = new_expr(L, EK_OTHER, c);
		set_kids(L, e, NULL, 0);
		L->truncated = 1;
		return e;
	}
	L->depth++;
	struct ir_expr *e = lower_expr_kind(L, c);
	L->depth--;
	return e;
}

static struct ir_expr *lower_expr_kind(struct lower *L, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct ir_expr *e;
	switch (k) {
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXConstCastExpr:
	case CXCursor_CXXReinterpretCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
	case CXCursor_CXXDynamicCastExpr: {
		CXCursor *kids;
		int n = cursor_children(c, &kids);
		int m = 0, idx = -1;
		for (int i = 0; i < n; i++)
			if (clang_isExpression(clang_getCursorKind(kids[i]))) {
				m++;
				idx = i;
			}
		if (m == 1) {
			e = lower_expr(L, kids[idx]);
			/* a cast to a volatile lvalue type makes the access volatile */
			if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr) {
				CXType t = clang_getCanonicalType(clang_getCursorType(c));
				if (t.kind == CXType_Pointer) {
					e->is_pointer = 1;
					e->type = type_name(L, clang_getCursorType(c));
				}
			}
			free(kids);
			return e;
		}
		free(kids);
		struct ir_var *v = m == 0 && k == CXCursor_UnexposedExpr ? recovered_var(L, c) : NULL;
		if (v) {
			e = new_expr(L, EK_VAR, c);
			e->u.var = v;
			e->type = v->type;
			return e;
		}
		return lower_generic(L, c, EK_OTHER);
	}
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
		e = new_expr(L, EK_CONST, c);
		e->has_value = eval_int(c, &e->ival);
		return e;
	case CXCursor_CXXBoolLiteralExpr:
		e = new_expr(L, EK_CONST, c);
		e->has_value = eval_int(c, &e->ival);
		return e;
	case CXCursor_FloatingLiteral: {
		/* its value, so that threads storing the same 0.0f are told
		 * from threads storing different values (a benign write) */
		e = new_expr(L, EK_CONST, c);
		CXEvalResult r = clang_Cursor_Evaluate(c);
		if (r && clang_EvalResult_getKind(r) == CXEval_Float) {
			double d = clang_EvalResult_getAsDouble(r);
			memcpy(&e->ival, &d, sizeof d);
			e->has_float = 1;
		}
		if (r)
			clang_EvalResult_dispose(r);
		return e;
	}
	case CXCursor_StringLiteral:
	case CXCursor_CXXNullPtrLiteralExpr:
	case CXCursor_UnaryExpr: /* sizeof, alignof */
		return new_expr(L, EK_CONST, c);
	case CXCursor_DeclRefExpr:
		return lower_declref(L, c);
	case CXCursor_MemberRefExpr:
		return lower_member(L, c);
	case CXCursor_CallExpr:
		return lower_call(L, c);
	case CXCursor_ArraySubscriptExpr:
		return lower_generic(L, c, EK_INDEX);
	case CXCursor_ConditionalOperator:
		return lower_generic(L, c, EK_COND);
	case CXCursor_UnaryOperator:
		e = lower_generic(L, c, EK_UNARY);
		e->op = unop(clang_getCursorUnaryOperatorKind(c));
		if (e->nkids != 1)
			e->kind = EK_OTHER;
		return e;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator: {
		int assign;
		e = lower_generic(L, c, EK_BINARY);
		e->op = binop(clang_getCursorBinaryOperatorKind(c), &assign);
		if (assign)
			e->kind = EK_ASSIGN;
		if (e->nkids != 2)
			e->kind = EK_OTHER;
		return e;
	}
	default:
		return lower_generic(L, c, EK_OTHER);
	}
}
