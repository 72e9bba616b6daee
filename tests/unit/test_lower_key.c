/* test_lower_key.c - the key lower.c files its variables under
 * (lower_cursor_key) against libclang's own equality. Every declaration
 * cursor of a small file, reached both by visiting it and from each
 * reference to it: two keys are equal exactly when clang_equalCursors
 * says the cursors are. libclang keeps in data[1] whether a declaration
 * is the first of its DeclStmt's group, which only the visited cursor
 * knows, so the same variable reached both ways may differ in that word:
 * the key must not. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "frontend/lower_internal.h"

static const char source[] = "int g;\n"
                             "void f(int p) {\n"
                             "  int a = 1, b = 2, c;\n"
                             "  int d;\n"
                             "  a = b + c + d + p + g;\n"
                             "}\n";

#define MAX_SEEN 64
struct seen { CXCursor v[MAX_SEEN]; int n; };

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct seen *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (s->n < MAX_SEEN && (k == CXCursor_VarDecl || k == CXCursor_ParmDecl))
		s->v[s->n++] = c;
	else if (s->n < MAX_SEEN && k == CXCursor_DeclRefExpr)
		s->v[s->n++] = clang_getCursorReferenced(c);
	return CXChildVisit_Recurse;
}

static int same_key(CXCursor a, CXCursor b)
{
	struct lower_cursor_key ka = lower_cursor_key(a), kb = lower_cursor_key(b);
	return !memcmp(&ka, &kb, sizeof ka);
}

static void keys_equal_exactly_when_cursors_are(void **state)
{
	(void)state;
	/* the key is hashed as bytes: no padding may sit between its words */
	assert_int_equal(sizeof(struct lower_cursor_key), 4 * sizeof(uintptr_t));
	CXIndex idx = clang_createIndex(0, 0);
	struct CXUnsavedFile file = { "key.c", source, sizeof source - 1 };
	const char *args[] = { "-xc" };
	CXTranslationUnit tu = clang_parseTranslationUnit(idx, "key.c", args, 1, &file, 1, CXTranslationUnit_None);
	assert_non_null(tu);
	struct seen s = { .n = 0 };
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect, &s);
	/* g, p, a, b, c, d declared; six references */
	assert_int_equal(s.n, 12);
	int equal = 0, marked = 0;
	for (int i = 0; i < s.n; i++)
		for (int j = 0; j < s.n; j++) {
			int eq = clang_equalCursors(s.v[i], s.v[j]) != 0;
			assert_int_equal(same_key(s.v[i], s.v[j]), eq);
			equal += eq && i != j;
			marked += eq && s.v[i].data[1] != s.v[j].data[1];
		}
	/* each variable twice (declared, referenced): twelve ordered pairs */
	assert_int_equal(equal, 12);
	/* and some of them differ in the word clang_equalCursors ignores */
	assert_true(marked > 0);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keys_equal_exactly_when_cursors_are),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
