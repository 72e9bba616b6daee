/* test_preamble.c - where a file's preamble ends (src/frontend/preamble.c):
 * after the last directive of its leading run at which no #if is open;
 * nothing when the run holds no #include, or a #line (locations would no
 * longer be the file's), or the file starts with a byte-order mark. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "frontend/preamble.h"

static size_t end_of(const char *s)
{
	struct preamble_guard g;
	size_t end = preamble_end(s, strlen(s), &g);
	if (!end) {
		assert_int_equal(g.define_at, 0);
		assert_int_equal(g.define_end, 0);
	}
	return end;
}

/* the offset just after the first occurrence of MARK in S */
static size_t after(const char *s, const char *mark)
{
	const char *p = strstr(s, mark);
	assert_non_null(p);
	return (size_t)(p - s) + strlen(mark);
}

static void plain_block(void **state)
{
	(void)state;
	const char *s = "// licence\n#include <a.h>\n#include \"b.h\"\n\n__global__ void k() {}\n";
	assert_int_equal(end_of(s), after(s, "\"b.h\"\n"));
	/* comments, blank lines and macros are part of it */
	s = "/* one\n two */\n#include <a.h>\n  #define N 4 /* spans\n lines */\n\n// x\nint y;\n";
	assert_int_equal(end_of(s), after(s, "lines */\n"));
	/* a continued directive */
	s = "#include <a.h>\n#define F(x) \\\n  (x)\nint y;\n";
	assert_int_equal(end_of(s), after(s, "  (x)\n"));
	/* macros after the last #include still belong to it */
	s = "#include <a.h>\n#define N 4\nint y;\n";
	assert_int_equal(end_of(s), after(s, "N 4\n"));
}

static void open_conditionals(void **state)
{
	(void)state;
	/* an #if that closes inside the block */
	const char *s = "#ifdef X\n#include <a.h>\n#endif\nint y;\n";
	assert_int_equal(end_of(s), after(s, "#endif\n"));
	/* one left open at the first line of code: cut before it */
	s = "#include <a.h>\n#if X\n#include <b.h>\nint y;\n#endif\n";
	assert_int_equal(end_of(s), after(s, "<a.h>\n"));
	/* an #ifndef that is no include guard (another macro defined) */
	s = "#ifndef H\n#define G\n#include <a.h>\nint y;\n#endif\n";
	assert_int_equal(end_of(s), 0);
	/* an #endif with no #if */
	assert_int_equal(end_of("#include <a.h>\n#endif\nint y;\n"), 0);
}

/* An include guard around the whole file: the preamble runs inside it,
 * and what is precompiled has the guard's #define blanked and an #endif
 * after it. */
static void include_guard(void **state)
{
	(void)state;
	const char *s = "// licence\n#ifndef H_\n  #define H_ /* guard */\n#include <a.h>\n#if X\n#include <b.h>\n"
	                "#endif\nint y;\n#endif\n";
	struct preamble_guard g;
	size_t end = preamble_end(s, strlen(s), &g);
	assert_int_equal(end, after(s, "#endif\n"));
	assert_int_equal(g.define_at, after(s, "H_\n  "));
	assert_int_equal(g.define_end, after(s, "/* guard */"));
	size_t n;
	char *t = preamble_text(s, end, &g, &n);
	assert_int_equal(n, end + strlen("#endif\n"));
	assert_string_equal(t, "// licence\n#ifndef H_\n  " "                      " "\n#include <a.h>\n#if X\n"
	                       "#include <b.h>\n#endif\n#endif\n");
	free(t);
	/* cut where only the guard is open */
	s = "#ifndef H\n#define H\n#include <a.h>\n#if X\nint y;\n#endif\n#endif\n";
	assert_int_equal(preamble_end(s, strlen(s), &g), after(s, "<a.h>\n"));
	/* a guard closed inside the run: the preamble ends at its #endif */
	s = "#ifndef H\n#define H\n#include <a.h>\n#endif\n#include <b.h>\nint y;\n";
	assert_int_equal(preamble_end(s, strlen(s), &g), after(s, "<a.h>\n"));
	/* the #define must come right after the #ifndef */
	s = "#ifndef H\n#include <a.h>\n#define H\nint y;\n#endif\n";
	assert_int_equal(end_of(s), 0);
	/* without a guard, the text is the preamble's bytes */
	s = "#include <a.h>\nint y;\n";
	end = preamble_end(s, strlen(s), &g);
	t = preamble_text(s, end, &g, &n);
	assert_int_equal(n, end);
	assert_string_equal(t, "#include <a.h>\n");
	free(t);
}

static void nothing_to_keep(void **state)
{
	(void)state;
	assert_int_equal(end_of(""), 0);
	assert_int_equal(end_of("int y;\n"), 0);
	assert_int_equal(end_of("#define N 4\nint y;\n"), 0); /* no #include */
	assert_int_equal(end_of("#include <a.h>\n#line 10 \"x.cu\"\nint y;\n"), 0);
	assert_int_equal(end_of("#include <a.h>\n# 10 \"x.cu\"\nint y;\n"), 0);
	assert_int_equal(end_of("\xef\xbb\xbf#include <a.h>\nint y;\n"), 0);
	/* the file is all preamble: no code below it to edit */
	assert_int_equal(end_of("#include <a.h>"), 0);
	/* a comment that never ends */
	assert_int_equal(end_of("#include <a.h>\n/* open\n"), after("#include <a.h>\n", "\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plain_block),
		cmocka_unit_test(open_conditionals),
		cmocka_unit_test(include_guard),
		cmocka_unit_test(nothing_to_keep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
