/* lower.c - libclang cursors to IR: the unit, its functions and their
 * variables, and the cursor and location helpers every lowering file uses.
 *
 * Only what the main file defines is lowered: its functions (device, host
 * and kernels) and the variables they use. Statements are lowered in
 * lower_stmt.c, expressions in lower_expr.c and lower_call.c. */
#include "frontend/lower.h"
#include "frontend/cxutil.h"
#include "frontend/lower_internal.h"
#include "util/htab.h"
#include "util/srctext.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- cursors and locations ------------------------------------------- */

struct child_vec { CXCursor *v; int n, cap; };

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct child_vec *cv = d;
	CL_VEC_PUSH(cv->v, cv->n, cv->cap, c);
	return CXChildVisit_Continue;
}

int lower_cursor_children(CXCursor c, CXCursor **out)
{
	struct child_vec cv = { 0 };
	clang_visitChildren(c, collect, &cv);
	*out = cv.v;
	return cv.n;
}

/* Offsets of the main file's line starts. clang computes a column by
 * scanning back to the start of the line, which made a file that is one
 * very long line quadratic; a table of line starts answers in log time. */
void lower_build_lines(struct lower *L, CXFile f)
{
	size_t size = 0;
	const char *text = clang_getFileContents(L->tu, f, &size);
	L->main_file = f;
	L->nlines = 1;
	for (size_t i = 0; text && i < size; i++)
		L->nlines += text[i] == '\n';
	L->line_starts = xmalloc(L->nlines * sizeof *L->line_starts);
	L->line_starts[0] = 0;
	unsigned n = 1;
	for (size_t i = 0; text && i < size; i++)
		if (text[i] == '\n')
			L->line_starts[n++] = i + 1;
}

struct ir_point lower_point(const struct lower *L, unsigned off)
{
	unsigned lo = (unsigned)cl_srctext_line_at(L->line_starts, L->nlines, off);
	struct ir_point p = { off, lo + 1, off - (unsigned)L->line_starts[lo] + 1 };
	return p;
}

/* F's name in the IR: its alias when it has one, else clang's name for
 * it. One string per file of the unit, so that the IR's locations can be
 * compared by pointer; each CXFile is looked up once, then found from the
 * file met last (a hit moves to the end): the locations of a header come in runs, and a unit meets a few
 * dozen files. */
static const char *file_name_of(struct lower *L, CXFile f)
{
	for (int i = L->nseen - 1; i >= 0; i--)
		if (L->seen[i].file == f) {
			struct lower_alias hit = L->seen[i]; /* to the end: next time it is first */
			L->seen[i] = L->seen[L->nseen - 1];
			L->seen[L->nseen - 1] = hit;
			return hit.name;
		}
	const char *name = NULL;
	for (int i = 0; i < L->nalias && !name; i++)
		if (clang_File_isEqual(L->alias[i].file, f))
			name = arena_strdup(L->a, L->alias[i].name); /* the IR's, as long as the unit */
	if (!name) {
		CXString s = clang_getFileName(f);
		name = arena_strdup(L->a, clang_getCString(s));
		clang_disposeString(s);
	}
	L->seen = xrealloc(L->seen, (size_t)(L->nseen + 1) * sizeof *L->seen);
	L->seen[L->nseen++] = (struct lower_alias){ f, name };
	return name;
}

struct ir_loc lower_loc(struct lower *L, CXSourceLocation l)
{
	CXFile f;
	unsigned line = 0, col = 0, off;
	clang_getExpansionLocation(l, &f, NULL, NULL, &off);
	struct ir_loc r = { L->path, 0, 0 };
	if (f && clang_Location_isFromMainFile(l)) {
		if (!L->line_starts)
			lower_build_lines(L, f);
		struct ir_point p = lower_point(L, off);
		r.line = p.line;
		r.col = p.col;
		return r;
	}
	clang_getExpansionLocation(l, &f, &line, &col, &off);
	r.line = line;
	r.col = col;
	if (f)
		r.file = file_name_of(L, f);
	return r;
}

struct ir_loc lower_cursor_loc(struct lower *L, CXCursor c)
{
	return lower_loc(L, clang_getCursorLocation(c));
}

static char *cxstr(struct lower *L, CXString s)
{
	const char *p = clang_getCString(s);
	char *r = (p && *p) ? arena_strdup(L->a, p) : NULL;
	clang_disposeString(s);
	return r;
}

char *lower_cursor_name(struct lower *L, CXCursor c)
{
	return cxstr(L, clang_getCursorSpelling(c));
}

/* A type's spelling depends on the type alone (its kind, its QualType and
 * the unit), so each type is spelled once: printing a type is a large part
 * of lowering an expression, and the expressions of a file share a few
 * hundred types. The IR's type strings are shared; nothing writes them. */
struct type_key { uintptr_t kind, d0, d1; };

char *lower_type_name(struct lower *L, CXType t)
{
	static char no_name; /* the cached answer for a type that spells as "" */
	struct type_key key = { (uintptr_t)t.kind, (uintptr_t)t.data[0], (uintptr_t)t.data[1] };
	void **slot = cl_htab_put(L->types, &key, sizeof key);
	if (!*slot) {
		char *name = cxstr(L, clang_getTypeSpelling(t));
		*slot = name ? name : &no_name;
	}
	return *slot == &no_name ? NULL : *slot;
}

/* ---- variables -------------------------------------------------------- */

/* clang_equalCursors (libclang's CIndex.cpp) compares the kind and
 * data[0..2], not xdata, after clearing data[1] of a declaration cursor:
 * there it says whether the declaration is the first of its DeclStmt's
 * group, which only a cursor reached by visiting the DeclStmt knows, so
 * the same declaration reached from a reference may differ in it
 * (tests/unit/test_lower_key.c). */
struct lower_cursor_key lower_cursor_key(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	return (struct lower_cursor_key){ (uintptr_t)k, (uintptr_t)c.data[0],
	                                  clang_isDeclaration(k) ? 0 : (uintptr_t)c.data[1], (uintptr_t)c.data[2] };
}

struct attr_scan { int shared, constant, device, managed; };

static enum CXChildVisitResult scan_attr(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct attr_scan *s = d;
	switch (clang_getCursorKind(c)) {
	case CXCursor_CUDASharedAttr: s->shared = 1; break;
	case CXCursor_CUDAConstantAttr: s->constant = 1; break;
	case CXCursor_CUDADeviceAttr: s->device = 1; break;
	default: break;
	}
	return CXChildVisit_Continue;
}

static int is_array_type(enum CXTypeKind k)
{
	return k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray ||
	       k == CXType_DependentSizedArray;
}

struct ir_var *lower_var(struct lower *L, CXCursor decl)
{
	struct lower_cursor_key key = lower_cursor_key(decl);
	struct ir_var *v = cl_htab_get(L->vars, &key, sizeof key);
	if (v)
		return v;
	v = arena_alloc(L->a, sizeof *v);
	v->name = lower_cursor_name(L, decl);
	if (!v->name)
		v->name = "<unnamed>";
	v->loc = lower_cursor_loc(L, decl);
	v->in_main_file = clang_Location_isFromMainFile(clang_getCursorLocation(decl)) != 0;
	v->rejected = clang_isInvalidDeclaration(decl) != 0;
	CXType t = clang_getCursorType(decl);
	v->type = lower_type_name(L, t);
	v->is_volatile = clang_isVolatileQualifiedType(t) != 0;
	v->is_const = clang_isConstQualifiedType(t) != 0;
	CXType ct = clang_getCanonicalType(t);
	if (ct.kind == CXType_Pointer) {
		v->is_pointer = 1;
		v->pointee_volatile = clang_isVolatileQualifiedType(clang_getPointeeType(ct)) != 0;
	} else if (ct.kind == CXType_LValueReference || ct.kind == CXType_RValueReference) {
		v->is_reference = 1;
		v->pointee_volatile = clang_isVolatileQualifiedType(clang_getPointeeType(ct)) != 0;
	} else if (is_array_type(ct.kind)) {
		v->is_array = 1;
		v->is_volatile |= clang_isVolatileQualifiedType(clang_getArrayElementType(ct)) != 0;
	}
	struct attr_scan as = { 0 };
	clang_visitChildren(decl, scan_attr, &as);
	if (!as.managed && clang_getCursorKind(decl) == CXCursor_VarDecl && !clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
		as.managed = cx_decl_has_token(L->tu, decl, "__managed__", 8); /* no attribute cursor in clang 19 */
	enum CXCursorKind k = clang_getCursorKind(decl);
	CXCursor parent = clang_getCursorSemanticParent(decl);
	enum CXCursorKind pk = clang_getCursorKind(parent);
	int in_function = pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod || pk == CXCursor_FunctionTemplate ||
	                  pk == CXCursor_Constructor || pk == CXCursor_Destructor || pk == CXCursor_LambdaExpr;
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
	if (k == CXCursor_NonTypeTemplateParameter) {
		v->kind = VAR_TEMPLATE_PARAM;
		v->is_const = 1;
	} else if (k == CXCursor_ParmDecl) {
		v->kind = VAR_PARAM;
	} else if (in_function && sc != CX_SC_Static && sc != CX_SC_Extern && !as.shared) {
		v->kind = VAR_LOCAL;
	} else {
		v->kind = VAR_GLOBAL;
		v->is_static = 1;
	}
	if (as.shared)
		v->space = SPACE_SHARED;
	else if (as.constant)
		v->space = SPACE_CONSTANT;
	else if (as.managed)
		v->space = SPACE_MANAGED;
	else if (as.device)
		v->space = SPACE_GLOBAL;
	else if (v->kind == VAR_GLOBAL)
		v->space = SPACE_GENERIC; /* host global, or a header's */
	else
		v->space = SPACE_LOCAL;
	if (v->kind == VAR_GLOBAL) {
		v->id = L->globals.n;
		ptrvec_push(&L->globals, v);
	} else if (L->fn && v->kind != VAR_TEMPLATE_PARAM) {
		v->id = L->fvars.n;
		ptrvec_push(&L->fvars, v);
	} else {
		v->id = -1;
	}
	*cl_htab_put(L->vars, &key, sizeof key) = v;
	return v;
}

/* ---- functions and the unit ------------------------------------------- */

static int is_function_kind(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate ||
	       k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

/* Classes, whose methods a project header defines too: cuda-samples'
 * SharedMemory<T>, whose conversion operator returns the extern
 * __shared__ array. */
static int is_class_kind(enum CXCursorKind k)
{
	return k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate ||
	       k == CXCursor_ClassTemplatePartialSpecialization;
}

static int has_device_attr(CXCursor *kids, int n)
{
	for (int i = 0; i < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(kids[i]);
		if (k == CXCursor_CUDAGlobalAttr || k == CXCursor_CUDADeviceAttr)
			return 1;
	}
	return 0;
}

/* The first of clang's errors inside C's extent, or NULL. Errors are
 * matched by expansion location, so one inside a macro used in the body
 * counts. Every error inside is marked when the function is device code:
 * they are the reason it is left out, not errors the analysis ignored. */
static const struct lower_error *error_inside(struct lower *L, CXCursor c, int device)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f0, f1;
	unsigned b, e;
	clang_getExpansionLocation(clang_getRangeStart(r), &f0, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f1, NULL, NULL, &e);
	const struct lower_error *first = NULL;
	for (int i = 0; i < L->nerrs; i++) {
		struct lower_error *x = &L->errs[i];
		int inside = f0 && x->file && clang_File_isEqual(x->file, f0) && x->offset >= b && x->offset <= e;
		for (int k = 0; k < x->nup && !inside; k++)
			inside = f0 && clang_File_isEqual(x->up_file[k], f0) && x->up_offset[k] >= b && x->up_offset[k] <= e;
		if (!inside)
			continue;
		if (!first)
			first = x;
		if (device)
			x->in_device = 1;
	}
	return first;
}

static void skip_function(struct lower *L, CXCursor c, const struct lower_error *error, int device)
{
	struct ir_skipped *s = arena_alloc(L->a, sizeof *s);
	s->name = lower_cursor_name(L, c);
	if (!s->name)
		s->name = "<unnamed>";
	s->loc = lower_cursor_loc(L, c);
	s->error = arena_strdup(L->a, error->text);
	CXString fn = clang_getFileName(error->file);
	s->error_file = arena_strdup(L->a, clang_getCString(fn) ? clang_getCString(fn) : "");
	clang_disposeString(fn);
	s->is_device = device != 0;
	ptrvec_push(&L->skipped, s);
}

static void lower_function(struct lower *L, CXCursor c)
{
	CXCursor *kids;
	int n = lower_cursor_children(c, &kids);
	int device = has_device_attr(kids, n);
	const struct lower_error *error = error_inside(L, c, device);
	if (error) {
		/* what clang recovered from the error is not the program */
		skip_function(L, c, error, device);
		free(kids);
		return;
	}
	if (!n || clang_getCursorKind(kids[n - 1]) != CXCursor_CompoundStmt) {
		free(kids);
		return;
	}
	struct ir_func *f = arena_alloc(L->a, sizeof *f);
	f->name = lower_cursor_name(L, c);
	f->usr = cxstr(L, clang_getCursorUSR(c));
	f->loc = lower_cursor_loc(L, c);
	f->is_template = clang_getCursorKind(c) == CXCursor_FunctionTemplate ||
	                 clang_getCursorKind(clang_getCursorSemanticParent(c)) == CXCursor_ClassTemplate ||
	                 clang_getCursorKind(clang_getCursorSemanticParent(c)) ==
	                         CXCursor_ClassTemplatePartialSpecialization;
	L->fn = f;
	L->in_template = f->is_template;
	struct ptrvec params = { 0 };
	for (int i = 0; i < n; i++) {
		switch (clang_getCursorKind(kids[i])) {
		case CXCursor_CUDAGlobalAttr: f->is_global = 1; break;
		case CXCursor_CUDADeviceAttr: f->is_device = 1; break;
		case CXCursor_CUDAHostAttr: f->is_host = 1; break;
		case CXCursor_ParmDecl: ptrvec_push(&params, lower_var(L, kids[i])); break;
		default: break;
		}
	}
	if (!f->is_global && !f->is_device)
		f->is_host = 1;
	if (f->is_global)
		lower_kernel_attrs(L, c, f);
	f->params = (struct ir_var **)ptrvec_finish(&params, L->a, &f->nparams);
	CXCursor *pc = xmalloc(((size_t)f->nparams + 1) * sizeof *pc);
	for (int i = 0, j = 0; i < n; i++)
		if (clang_getCursorKind(kids[i]) == CXCursor_ParmDecl)
			pc[j++] = kids[i];
	lower_param_arity(L, f, pc);
	free(pc);
	f->is_variadic |= clang_Cursor_isVariadic(c) != 0;
	f->body = lower_stmt(L, kids[n - 1]);
	ir_link_parents(f->body);
	f->vars = (struct ir_var **)ptrvec_finish(&L->fvars, L->a, &f->nvars);
	L->fn = NULL;
	L->in_template = 0;
	free(kids);
	f->id = L->funcs.n;
	ptrvec_push(&L->funcs, f);
}

/* Whether LOC lies in the header analysed through this file. A header
 * may declare itself a system header once included (`#pragma clang
 * system_header`: cub's do), and is then analysed like any other. */
static int in_header(const struct lower *L, CXSourceLocation loc)
{
	if (!L->header)
		return 0;
	CXFile f;
	clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, L->header);
}

static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct lower *L = d;
	CXSourceLocation loc = clang_getCursorLocation(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	int from_header = !clang_Location_isFromMainFile(loc);
	/* The toolkit's headers are summarised by the intrinsics table; the
	 * project's own headers hold __device__ helpers whose barriers and
	 * return values matter at call sites in this file. */
	if (from_header && ((clang_Location_isInSystemHeader(loc) && !in_header(L, loc)) ||
	                    (k != CXCursor_Namespace && !is_function_kind(k) && !is_class_kind(k))))
		return CXChildVisit_Continue;
	if (is_function_kind(k)) {
		/* a declaration may be one whose body clang dropped for an error */
		if (clang_isCursorDefinition(c) || L->nerrs) {
			int before = L->funcs.n;
			lower_function(L, c);
			if (from_header && L->funcs.n > before)
				((struct ir_func *)L->funcs.v[before])->from_header = 1;
		}
		return CXChildVisit_Continue;
	}
	switch (k) {
	case CXCursor_Namespace:
	case CXCursor_LinkageSpec:
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
	case CXCursor_ClassTemplate:
	case CXCursor_ClassTemplatePartialSpecialization:
	case CXCursor_UnexposedDecl:
		return CXChildVisit_Recurse;
	case CXCursor_VarDecl:
		lower_var(L, c);
		return CXChildVisit_Continue;
	default:
		return CXChildVisit_Continue;
	}
}

static int by_usr(const void *a, const void *b)
{
	const struct ir_func *const *x = a, *const *y = b;
	int c = strcmp((*x)->usr, (*y)->usr);
	return c ? c : (*x)->id - (*y)->id; /* the first definition first */
}

int lower_find_usr(struct ir_func **by_usr, int n, const char *usr)
{
	int lo = 0, hi = n; /* the first with a USR not below usr */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (strcmp(by_usr[mid]->usr, usr) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !strcmp(by_usr[lo]->usr, usr) ? lo : -1;
}

/* Calls are linked to callee definitions by USR once every function of
 * the file is lowered; calls to templates go to the template, dependent
 * calls in templates to their candidates (lower_dependent.c). Through the
 * functions sorted by USR: a file of thousands of calls and functions
 * would otherwise compare each call with each function. */
static void resolve_calls(struct lower *L)
{
	struct ir_func **by = xmalloc(((size_t)L->u->nfuncs + 1) * sizeof *by);
	int n = 0;
	for (int j = 0; j < L->u->nfuncs; j++)
		if (L->u->funcs[j]->usr)
			by[n++] = L->u->funcs[j];
	qsort(by, (size_t)n, sizeof *by, by_usr);
	for (int i = 0; i < L->calls.n; i++) {
		int at = lower_find_usr(by, n, L->call_usrs.v[i]);
		if (at >= 0)
			((struct ir_expr *)L->calls.v[i])->u.call->target = by[at];
	}
	for (int i = 0; i < L->kernel_refs.n; i++) {
		int at = lower_find_usr(by, n, L->kernel_usrs.v[i]);
		struct ir_call *c = ((struct ir_expr *)L->kernel_refs.v[i])->u.call;
		if (at >= 0 && by[at]->is_global) {
			c->kernel = by[at];
			c->is_api_launch = 1;
		}
	}
	lower_resolve_dependent(L, by, n);
	free(by);
	free(L->calls.v);
	free(L->call_usrs.v);
	free(L->kernel_refs.v);
	free(L->kernel_usrs.v);
}

/* The errors no device function holds: they do not stop the analysis. */
static void count_ignored(struct lower *L)
{
	for (int i = 0; i < L->nerrs; i++) {
		if (L->errs[i].in_device)
			continue;
		if (!L->u->errors_ignored++)
			L->u->first_ignored = arena_strdup(L->a, L->errs[i].text);
		if (L->errs[i].in_main && !L->u->first_in_main)
			L->u->first_in_main = arena_strdup(L->a, L->errs[i].text);
		/* bytes that are not text, outside comments and strings */
		if (L->errs[i].in_main && strstr(L->errs[i].text, "source file is not valid UTF-8"))
			L->u->not_source = 1;
	}
}

struct ir_unit *lower_unit(CXTranslationUnit tu, const char *path, const char *header, struct lower_error *errs,
                           int nerrs, const struct lower_alias *alias, int nalias)
{
	struct lower L = { 0 };
	L.tu = tu;
	L.header = header ? clang_getFile(tu, header) : NULL;
	L.errs = errs;
	L.nerrs = nerrs;
	L.alias = alias;
	L.nalias = nalias;
	L.a = arena_new();
	L.vars = cl_htab_new();
	L.types = cl_htab_new();
	L.u = arena_alloc(L.a, sizeof *L.u);
	L.u->arena = L.a;
	L.path = L.u->path = arena_strdup(L.a, path);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top, &L);
	L.u->funcs = (struct ir_func **)ptrvec_finish(&L.funcs, L.a, &L.u->nfuncs);
	L.u->globals = (struct ir_var **)ptrvec_finish(&L.globals, L.a, &L.u->nglobals);
	L.u->launches = (struct ir_expr **)ptrvec_finish(&L.launches, L.a, &L.u->nlaunches);
	L.u->skipped = (struct ir_skipped **)ptrvec_finish(&L.skipped, L.a, &L.u->nskipped);
	count_ignored(&L);
	resolve_calls(&L);
	lower_include_point(&L);
	L.u->truncated = L.truncated != 0;
	cl_htab_free(L.vars);
	cl_htab_free(L.types);
	free(L.line_starts);
	free(L.seen);
	return L.u;
}


