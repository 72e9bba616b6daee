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

struct ir_expr *lower_new_expr(struct lower *L, enum ir_ekind k, CXCursor c)
{
	struct ir_expr *e = arena_alloc(L->a, sizeof *e);
	e->kind = k;
	if (k == EK_CALL)
		e->u.call = arena_alloc(L->a, sizeof *e->u.call);
	e->loc = lower_cursor_loc(L, c);
	e->range = lower_range(L, c);
	CXType t = clang_getCursorType(c);
	if (t.kind != CXType_Invalid) {
		e->is_volatile = clang_isVolatileQualifiedType(t) != 0;
		CXType ct = clang_getCanonicalType(t);
		e->is_pointer = ct.kind == CXType_Pointer;
		e->type = lower_type_name(L, t);
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
	struct ir_expr *e = lower_new_expr(L, k, c);
	CXCursor *kids;
	int n = lower_cursor_children(c, &kids);
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

int lower_eval_int(CXCursor c, int64_t *out)
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
	/* spelled once per type (lower_type_name): every member access on a
	 * variable asks */
	const char *t = lower_type_name(L, clang_getCursorType(ref));
	int which = -1;
	if (!t)
		return NULL;
	if (strstr(t, "__cuda_builtin_threadIdx_t"))
		which = BI_THREADIDX;
	else if (strstr(t, "__cuda_builtin_blockIdx_t"))
		which = BI_BLOCKIDX;
	else if (strstr(t, "__cuda_builtin_blockDim_t"))
		which = BI_BLOCKDIM;
	else if (strstr(t, "__cuda_builtin_gridDim_t"))
		which = BI_GRIDDIM;
	if (which < 0)
		return NULL;
	struct ir_expr *e = lower_new_expr(L, EK_BUILTIN, c);
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
	int n = lower_cursor_children(c, &kids);
	struct ir_expr *e = NULL;
	if (n == 1 && clang_getCursorKind(kids[0]) == CXCursor_DeclRefExpr)
		e = lower_builtin(L, c, kids[0]);
	if (!e) {
		e = lower_new_expr(L, EK_MEMBER, c);
		e->u.name = lower_cursor_name(L, c);
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
		e = lower_new_expr(L, EK_VAR, c);
		e->u.var = lower_var(L, ref);
		/* in a template only constants that cannot depend on its
		 * parameters (clang's evaluator must never see a dependent
		 * expression): the toolkit's (warpSize), and any namespace-scope
		 * constant named without template arguments (kWarpSize) */
		if (rk == CXCursor_VarDecl && e->u.var->is_const && e->u.var->kind != VAR_LOCAL &&
		    (!L->in_template || clang_Location_isInSystemHeader(clang_getCursorLocation(ref)) ||
		     independent_constant(L, c, ref))) {
			int64_t v;
			if (lower_eval_int(c, &v)) {
				e->has_value = 1;
				e->ival = v;
			}
		}
		return e;
	case CXCursor_EnumConstantDecl:
		e = lower_new_expr(L, EK_CONST, c);
		e->u.name = lower_cursor_name(L, ref);
		e->has_value = 1;
		e->ival = clang_getEnumConstantDeclValue(ref);
		return e;
	default:
		e = lower_new_expr(L, EK_OTHER, c);
		e->u.name = lower_cursor_name(L, c);
		set_kids(L, e, NULL, 0);
		return e;
	}
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
	struct ir_loc at = lower_cursor_loc(L, c);
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
		struct ir_expr *e = lower_new_expr(L, EK_OTHER, c);
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
		int n = lower_cursor_children(c, &kids);
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
					e->type = lower_type_name(L, clang_getCursorType(c));
				}
			}
			free(kids);
			return e;
		}
		free(kids);
		struct ir_var *v = m == 0 && k == CXCursor_UnexposedExpr ? recovered_var(L, c) : NULL;
		if (v) {
			e = lower_new_expr(L, EK_VAR, c);
			e->u.var = v;
			e->type = v->type;
			return e;
		}
		return lower_generic(L, c, EK_OTHER);
	}
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
		e = lower_new_expr(L, EK_CONST, c);
		e->has_value = lower_eval_int(c, &e->ival);
		return e;
	case CXCursor_CXXBoolLiteralExpr:
		e = lower_new_expr(L, EK_CONST, c);
		e->has_value = lower_eval_int(c, &e->ival);
		return e;
	case CXCursor_FloatingLiteral: {
		/* its value, so that threads storing the same 0.0f are told
		 * from threads storing different values (a benign write) */
		e = lower_new_expr(L, EK_CONST, c);
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
		return lower_new_expr(L, EK_CONST, c);
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
