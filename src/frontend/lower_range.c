/* lower_range.c - source extents of expressions and statements, for the
 * edits of fixes (docs/design/fixes.md).
 *
 * An edit may only touch text the node is spelled with in the main file:
 * a node whose start or end lies inside a macro expansion (its expansion
 * and spelling locations differ), or in another file, gets no range. The
 * extent's end is exclusive (libclang turns the last token's start into
 * the end of that token). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem */
#endif
#include "frontend/lower_internal.h"

#include <string.h>

static const char *main_text(struct lower *L, size_t *size)
{
	*size = 0;
	if (!L->main_file)
		return NULL;
	return clang_getFileContents(L->tu, L->main_file, size);
}

/* The offset of L in the main file when it is spelled there, outside
 * every macro expansion. */
static int plain_offset(CXSourceLocation l, unsigned *off)
{
	CXFile ef, sf;
	unsigned eo, so;
	if (!clang_Location_isFromMainFile(l))
		return 0;
	clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
	clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
	if (!ef || !sf || !clang_File_isEqual(ef, sf) || eo != so)
		return 0;
	*off = eo;
	return 1;
}

static struct ir_range range_of(struct lower *L, CXSourceRange x)
{
	struct ir_range r = { 0 };
	unsigned b, e;
	if (!plain_offset(clang_getRangeStart(x), &b) || !plain_offset(clang_getRangeEnd(x), &e) || e < b)
		return r;
	if (!L->line_starts) {
		CXFile f;
		clang_getExpansionLocation(clang_getRangeStart(x), &f, NULL, NULL, NULL);
		lower_build_lines(L, f);
	}
	size_t size;
	main_text(L, &size);
	if (e > size)
		return r;
	r.b = lower_point(L, b);
	r.e = lower_point(L, e);
	r.ok = 1;
	return r;
}

struct ir_range lower_range(struct lower *L, CXCursor c)
{
	return range_of(L, clang_getCursorExtent(c));
}

struct ir_range lower_name_range(struct lower *L, CXCursor ref)
{
	enum CXCursorKind k = clang_getCursorKind(ref);
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return (struct ir_range){ 0 };
	return range_of(L, clang_getCursorReferenceNameRange(ref, CXNameRange_WantSinglePiece, 0));
}

struct scope_arg { struct lower *L; struct ir_range r; };

static enum CXChildVisitResult find_scope_arg(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct scope_arg *s = data;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Continue;
	CXCursor d = clang_getCursorReferenced(c);
	if (clang_getCursorKind(d) != CXCursor_EnumConstantDecl)
		return CXChildVisit_Continue;
	CXString n = clang_getCursorSpelling(d);
	int scope = !strncmp(clang_getCString(n), "thread_scope_", 13);
	clang_disposeString(n);
	if (!scope)
		return CXChildVisit_Continue;
	s->r = lower_name_range(s->L, c);
	return CXChildVisit_Break;
}

/* The scope argument spelled in the type a declaration or a temporary
 * (`cuda::atomic_ref<int, cuda::thread_scope_device> r(x)`,
 * `cuda::atomic_ref<int, cuda::thread_scope_system>(x)`) is written
 * with: libclang visits a template argument's expression as a child of
 * the declaration or the cast, before the initializer. Only those
 * direct children are looked at. */
struct ir_range lower_scope_arg_range(struct lower *L, CXCursor c)
{
	struct scope_arg s = { .L = L };
	clang_visitChildren(c, find_scope_arg, &s);
	return s.r;
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

void lower_stmt_lines(struct lower *L, struct ir_stmt *s, bool do_loop)
{
	size_t size;
	const char *t = main_text(L, &size);
	if (!s->range.ok || !t)
		return;
	unsigned b = s->range.b.off, e = s->range.e.off, lb = b, le;
	while (lb > 0 && blank(t[lb - 1]))
		lb--;
	if (lb > 0 && t[lb - 1] != '\n')
		lb = b;
	/* an expression statement's extent stops before its `;`, and so does
	 * a do-while's (`do { ... } while (c)`) */
	unsigned p = e;
	while (p < size && blank(t[p]))
		p++;
	if (p < size && t[p] == ';' && (s->kind == SK_EXPR || s->kind == SK_DECL || s->kind == SK_RETURN ||
	                                s->kind == SK_BREAK || s->kind == SK_CONTINUE || s->kind == SK_GOTO ||
	                                do_loop))
		e = ++p;
	le = e;
	while (p < size && blank(t[p]))
		p++;
	if (p + 1 < size && t[p] == '/' && t[p + 1] == '/')
		while (p < size && t[p] != '\n')
			p++;
	if (p < size && t[p] == '\n')
		le = p + 1;
	else if (p == size)
		le = p;
	s->lines.lb = lower_point(L, lb);
	s->lines.le = lower_point(L, le);
	if (lb < b) {
		char *ind = arena_alloc(L->a, b - lb + 1);
		memcpy(ind, t + lb, b - lb);
		ind[b - lb] = 0;
		s->lines.indent = ind;
	} else if (lb == b && (b == 0 || t[b - 1] == '\n')) {
		s->lines.indent = "";
	}
}

/* `#include <cuda/atomic>` or "cuda/atomic" on the directive at P */
static int names_cuda_atomic(const char *p, const char *end)
{
	while (p < end && blank(*p))
		p++;
	if (p >= end || (*p != '<' && *p != '"'))
		return 0;
	p++;
	return end - p >= 12 && !memcmp(p, "cuda/atomic", 11) && (p[11] == '>' || p[11] == '"');
}

/* The preprocessing directives at the top of the main file, up to its
 * first line of code: the include point is after the last #include among
 * them. Comments (// and whole-line block comments) and blank lines are
 * skipped. Any #include of <cuda/atomic> in the file counts for
 * includes_cuda_atomic. */
void lower_include_point(struct lower *L)
{
	size_t size;
	const char *t = main_text(L, &size);
	if (!t)
		return;
	int leading = 1, in_comment = 0;
	for (size_t i = 0; i < size;) {
		size_t j = i;
		while (j < size && t[j] != '\n')
			j++;
		size_t next = j < size ? j + 1 : j;
		const char *p = t + i, *end = t + j;
		while (p < end && blank(*p))
			p++;
		if (in_comment) {
			const char *close = memmem(p, (size_t)(end - p), "*/", 2);
			in_comment = !close;
		} else if (p == end || (end - p >= 2 && p[0] == '/' && p[1] == '/')) {
			/* blank or a line comment */
		} else if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
			in_comment = !memmem(p + 2, (size_t)(end - p - 2), "*/", 2);
		} else if (*p == '#') {
			p++;
			while (p < end && blank(*p))
				p++;
			if (end - p >= 7 && !memcmp(p, "include", 7)) {
				if (names_cuda_atomic(p + 7, end))
					L->u->includes_cuda_atomic = 1;
				if (leading && next <= size) {
					L->u->include_at = lower_point(L, (unsigned)next);
					L->u->has_include_at = j < size;
				}
			}
		} else {
			leading = 0;
		}
		i = next;
	}
}
