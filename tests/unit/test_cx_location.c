/* test_cx_location.c - cx_location_at (frontend/cxutil.c) against
 * clang_getLocationForOffset, which it stands in for: at every offset of a
 * main file and of a header it includes, both are spelled at the same
 * place, and clang_tokenize finds the same tokens in ranges made of either.
 * Inside a macro's argument libclang answers the argument's expansion
 * (a macro location) and cx_location_at the place in the file: the test
 * checks that such offsets are among those compared. A second unit, after
 * cx_location_forget, must not be given the first one's starts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "frontend/cxutil.h"

#define MAIN "/cudalint-test-cx-location/loc.c"
#define HEADER "/cudalint-test-cx-location/loc_h.h"

static const char header[] = "#define ADD(a, b) ((a) + (b))\n"
                             "static int h = ADD(1, 2);\n";
static const char main_a[] = "#include \"loc_h.h\"\n"
                             "int x = 3;\n"
                             "int y = ADD(x, h) * 2; /* a comment */\n"
                             "void f(void) { y = ADD(y, ADD(x, 1)); }\n";
static const char main_b[] = "#include \"loc_h.h\"\n\n\n"
                             "int z = ADD(h, 4);\n";

static void spelled_at(CXSourceLocation l, CXFile *f, unsigned *off)
{
	clang_getSpellingLocation(l, f, NULL, NULL, off);
}

static void same_tokens(CXTranslationUnit tu, CXSourceRange a, CXSourceRange b)
{
	CXToken *ta, *tb;
	unsigned na, nb;
	clang_tokenize(tu, a, &ta, &na);
	clang_tokenize(tu, b, &tb, &nb);
	assert_int_equal(na, nb);
	for (unsigned i = 0; i < na; i++) {
		CXString sa = clang_getTokenSpelling(tu, ta[i]), sb = clang_getTokenSpelling(tu, tb[i]);
		assert_string_equal(clang_getCString(sa), clang_getCString(sb));
		clang_disposeString(sa);
		clang_disposeString(sb);
	}
	clang_disposeTokens(tu, ta, na);
	clang_disposeTokens(tu, tb, nb);
}

/* Compares the two at every offset of NAME in TU; returns how many
 * offsets libclang answered with a different (macro) location. */
static int compare_file(CXTranslationUnit tu, const char *name, unsigned size)
{
	CXFile f = clang_getFile(tu, name);
	assert_non_null(f);
	int differ = 0;
	for (unsigned off = 0; off <= size; off++) {
		CXSourceLocation ours = cx_location_at(tu, f, off), theirs = clang_getLocationForOffset(tu, f, off);
		CXFile fo, ft;
		unsigned oo, ot;
		spelled_at(ours, &fo, &oo);
		spelled_at(theirs, &ft, &ot);
		assert_non_null(fo);
		assert_true(clang_File_isEqual(fo, ft));
		assert_int_equal(oo, off);
		assert_int_equal(ot, off);
		differ += ours.int_data != theirs.int_data;
		for (unsigned len = 0; len <= 12 && off + len <= size; len += 3) {
			CXSourceRange a = clang_getRange(ours, cx_location_at(tu, f, off + len));
			CXSourceRange b = clang_getRange(theirs, clang_getLocationForOffset(tu, f, off + len));
			same_tokens(tu, a, b);
		}
	}
	return differ;
}

static CXTranslationUnit parse(CXIndex idx, const char *text, size_t len)
{
	/* in memory only: the header is found next to the main file */
	struct CXUnsavedFile files[] = { { MAIN, text, len }, { HEADER, header, sizeof header - 1 } };
	const char *args[] = { "-xc++" };
	CXTranslationUnit tu = clang_parseTranslationUnit(idx, MAIN, args, 1, files, 2, CXTranslationUnit_None);
	assert_non_null(tu);
	assert_int_equal(clang_getNumDiagnostics(tu), 0);
	return tu;
}

static void locations_agree_with_libclang(void **state)
{
	(void)state;
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = parse(idx, main_a, sizeof main_a - 1);
	int differ = compare_file(tu, MAIN, sizeof main_a - 1);
	differ += compare_file(tu, HEADER, sizeof header - 1);
	/* the macro arguments (x, h, y, ADD(x, 1), 1, 2): where libclang
	 * answers differently, so cx_location_at did not just ask it */
	assert_true(differ > 0);
	cx_location_forget(tu);
	clang_disposeTranslationUnit(tu);

	/* another unit: other offsets for the same names */
	tu = parse(idx, main_b, sizeof main_b - 1);
	compare_file(tu, MAIN, sizeof main_b - 1);
	compare_file(tu, HEADER, sizeof header - 1);
	cx_location_forget(tu);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(locations_agree_with_libclang),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
