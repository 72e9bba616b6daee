/* test_suppress.c - inline suppression comments (src/control/suppress.c).
 *
 * Written against whatever rule table is linked: it needs CL0001 and two
 * other rules, whose IDs and names are put into the test sources through
 * the placeholders @1 (ID), @N1 (name), @2, @N2. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../rules/rules.h"
#include "control/suppress.h"

static const struct cl_rule *R1, *R2, *UNUSED;
static char dir[] = "/tmp/cudalint-suppress-XXXXXX";
static int nfile;

static void pick_rules(void)
{
	UNUSED = cl_rule_find("CL0001");
	for (int i = 0; i < cl_nrules; i++) {
		if (&cl_rules[i] == UNUSED)
			continue;
		if (!R1)
			R1 = &cl_rules[i];
		else if (!R2)
			R2 = &cl_rules[i];
	}
}

/* Writes TEMPLATE (placeholders expanded) to a new file; returns its path. */
static char *write_src(const char *template)
{
	char *path = malloc(PATH_MAX);
	snprintf(path, PATH_MAX, "%s/f%d.cu", dir, nfile++);
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	for (const char *p = template; *p; p++) {
		if (p[0] == '@' && p[1] == 'N' && (p[2] == '1' || p[2] == '2')) {
			fputs(p[2] == '1' ? R1->name : R2->name, fp);
			p += 2;
		} else if (p[0] == '@' && (p[1] == '1' || p[1] == '2')) {
			fputs(p[1] == '1' ? R1->id : R2->id, fp);
			p += 1;
		} else {
			fputc(*p, fp);
		}
	}
	fclose(fp);
	return path;
}

static struct cl_finding mk(const struct cl_rule *r, const char *file, unsigned line)
{
	struct cl_finding f;
	memset(&f, 0, sizeof f);
	f.rule = r;
	f.level = r->level;
	f.pos.file = file;
	f.pos.line = line;
	f.pos.col = 1;
	f.message = "m";
	return f;
}

/* Applies suppressions of FILE to findings V[0..n); returns CL0001 findings. */
static struct cl_findings run(const char *file, struct cl_finding *v, size_t n, int flags)
{
	struct cl_findings f = {v, n, n}, extra = {0};
	const char *files[] = {file};
	int r = cl_suppress_apply(&f, files, 1, flags, &extra);
	assert_int_equal(r, (int)extra.n);
	return extra;
}

static void test_same_line(void **state)
{
	(void)state;
	char *p = write_src("int a; // cudalint: ignore[@1] -- reason\nint b;\n");
	struct cl_finding v[] = {mk(R1, p, 1), mk(R2, p, 1), mk(R1, p, 2)};
	struct cl_findings e = run(p, v, 3, 0);
	assert_int_equal(v[0].suppressed, CL_SUPPRESSED_INSOURCE);
	assert_int_equal(v[1].suppressed, 0); /* other rule */
	assert_int_equal(v[2].suppressed, 0); /* other line */
	assert_int_equal(e.n, 0);
	free(p);
}

/* The marker may follow other words, after a nested "//"; words that
 * only mention it in prose do not suppress. */
static void test_marker_after_a_comment(void **state)
{
	(void)state;
	char *p = write_src("int a; // reviewed // cudalint: ignore[@1] -- reason\n"
	                    "int b; // see cudalint: ignore[@1] in the docs\n"
	                    "int c; // a // b //cudalint: ignore[@1]\n");
	struct cl_finding v[] = {mk(R1, p, 1), mk(R1, p, 2), mk(R1, p, 3)};
	struct cl_findings e = run(p, v, 3, 0);
	assert_int_equal(v[0].suppressed, CL_SUPPRESSED_INSOURCE);
	assert_int_equal(v[1].suppressed, 0);
	assert_int_equal(v[2].suppressed, CL_SUPPRESSED_INSOURCE);
	assert_int_equal(e.n, 0);
	free(p);
}

/* The reason after "--" becomes the finding's justification (SARIF). */
static void test_reason(void **state)
{
	(void)state;
	char *p = write_src("int a; // cudalint: ignore[@1] -- only warp 0 runs this  \n"
	                    "int b; /* cudalint: ignore[@1] --  reviewed */\n"
	                    "int c; // cudalint: ignore[@1]\n");
	struct cl_finding v[] = {mk(R1, p, 1), mk(R1, p, 2), mk(R1, p, 3)};
	struct cl_findings e = run(p, v, 3, 0);
	assert_string_equal(v[0].justification, "only warp 0 runs this");
	assert_string_equal(v[1].justification, "reviewed");
	assert_null(v[2].justification);
	assert_int_equal(e.n, 0);
	free(p);
}

static void test_by_name_and_block_comment(void **state)
{
	(void)state;
	char *p = write_src("int a; /* cudalint: ignore[@N1] */\nint b; /* cudalint: ignore */\n");
	struct cl_finding v[] = {mk(R1, p, 1), mk(R1, p, 2), mk(R2, p, 2)};
	run(p, v, 3, 0);
	assert_true(v[0].suppressed);
	assert_true(v[1].suppressed);
	assert_true(v[2].suppressed); /* no list: every rule */
	free(p);
}

static void test_next_line(void **state)
{
	(void)state;
	char *p = write_src("// cudalint: ignore-next-line[@1, @2]\nint a;\nint b;\n");
	struct cl_finding v[] = {mk(R1, p, 2), mk(R2, p, 2), mk(R1, p, 3), mk(R1, p, 1)};
	run(p, v, 4, 0);
	assert_true(v[0].suppressed);
	assert_true(v[1].suppressed);
	assert_false(v[2].suppressed);
	assert_false(v[3].suppressed);
	free(p);
}

static void test_begin_end(void **state)
{
	(void)state;
	char *p = write_src("int a;\n// cudalint: ignore-begin[@1]\nint b;\nint c;\n// cudalint: ignore-end\nint d;\n");
	struct cl_finding v[] = {mk(R1, p, 1), mk(R1, p, 3), mk(R1, p, 4), mk(R2, p, 4), mk(R1, p, 6)};
	run(p, v, 5, 0);
	assert_false(v[0].suppressed);
	assert_true(v[1].suppressed);
	assert_true(v[2].suppressed);
	assert_false(v[3].suppressed);
	assert_false(v[4].suppressed);
	free(p);
}

static void test_file(void **state)
{
	(void)state;
	char *p = write_src("int a;\nint b;\n\n// cudalint: ignore-file[@2]\n");
	struct cl_finding v[] = {mk(R2, p, 1), mk(R2, p, 2), mk(R1, p, 2)};
	run(p, v, 3, 0);
	assert_true(v[0].suppressed);
	assert_true(v[1].suppressed);
	assert_false(v[2].suppressed);
	free(p);
}

static void test_nolint(void **state)
{
	(void)state;
	char *p = write_src("int a; // NOLINT(cudalint-@1)\n"
			    "int b; // NOLINT(bugprone-foo, cudalint-@N2)\n"
			    "// NOLINTNEXTLINE(cudalint-@1)\n"
			    "int d;\n"
			    "int e; // NOLINT\n"
			    "int f; // NOLINT(cudalint-*)\n"
			    "int g; // NOLINT(bugprone-foo)\n"
			    "int h; // NOLINTFOO(cudalint-@1)\n"
			    "// NOLINTBEGIN(cudalint-@2)\n"
			    "int j;\n"
			    "// NOLINTEND(cudalint-@2)\n"
			    "int l;\n");
	struct cl_finding v[] = {mk(R1, p, 1), mk(R2, p, 1), mk(R2, p, 2), mk(R1, p, 4), mk(R2, p, 5),
				 mk(R1, p, 6), mk(R1, p, 7), mk(R1, p, 8), mk(R2, p, 10), mk(R2, p, 12)};
	struct cl_findings e = run(p, v, 10, CL_SUPPRESS_REPORT_UNUSED | CL_SUPPRESS_REPORT_MALFORMED);
	assert_true(v[0].suppressed);
	assert_false(v[1].suppressed);
	assert_true(v[2].suppressed);
	assert_true(v[3].suppressed);
	assert_true(v[4].suppressed);
	assert_true(v[5].suppressed);
	assert_false(v[6].suppressed); /* another tool's check */
	assert_false(v[7].suppressed); /* not NOLINT */
	assert_true(v[8].suppressed);
	assert_false(v[9].suppressed);
	assert_int_equal(e.n, 0);
	free(e.v);
	free(p);
}

static void test_literals_are_not_comments(void **state)
{
	(void)state;
	char *p = write_src("const char *s = \"// cudalint: ignore[@1]\";\n"
			    "char c = '\"'; int x = 1'000; // cudalint: ignore[@2]\n"
			    "const char *r = R\"x(\n/* cudalint: ignore-file */ )\" )x\";\n"
			    "const char *t = \"a\\\"/* NOLINT */\";\n");
	struct cl_finding v[] = {mk(R1, p, 1), mk(R2, p, 2), mk(R1, p, 4), mk(R1, p, 5)};
	run(p, v, 4, 0);
	assert_false(v[0].suppressed);
	assert_true(v[1].suppressed); /* the char literal and digit separator end properly */
	assert_false(v[2].suppressed);
	assert_false(v[3].suppressed);
	free(p);
}

/* The scanner counts lines only where a comment starts and ends: the
 * lines inside block comments, strings with an escaped newline, raw
 * strings, CR-LF line ends and a NUL byte are all counted. */
static void test_lines_counted_across_code(void **state)
{
	(void)state;
	char text[1024], *path = malloc(PATH_MAX);
	int n = snprintf(text, sizeof text,
			 "/* a block comment\n"                              /* 1 */
			 "   over two lines */ int a; // cudalint: ignore[%s]\n" /* 2 */
			 "const char *s = \"x\\\n"                           /* 3 */
			 "y\"; int b; // cudalint: ignore[%s]\n"             /* 4 */
			 "int c;\r\n"                                        /* 5 */
			 "int d; // cudalint: ignore[%s]\r\n"                /* 6 */
			 "const char *r = R\"d(\n"                           /* 7 */
			 ")d\"; int e; // cudalint: ignore[%s]\n"            /* 8 */
			 "int f;%c int g; // cudalint: ignore[%s]\n"          /* 9 */
			 "int h;\n",                                         /* 10 */
			 R1->id, R1->id, R1->id, R1->id, 0, R1->id);
	snprintf(path, PATH_MAX, "%s/f%d.cu", dir, nfile++);
	FILE *fp = fopen(path, "wb");
	assert_non_null(fp);
	assert_int_equal(fwrite(text, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	struct cl_finding v[10];
	for (unsigned i = 0; i < 10; i++)
		v[i] = mk(R1, path, i + 1);
	struct cl_findings e = run(path, v, 10, 0);
	for (unsigned i = 0; i < 10; i++) {
		int want = i + 1 == 2 || i + 1 == 4 || i + 1 == 6 || i + 1 == 8 || i + 1 == 9;
		if ((v[i].suppressed != 0) != want)
			fail_msg("line %u: suppressed %d, want %d", i + 1, v[i].suppressed, want);
	}
	assert_int_equal(e.n, 0);
	free(path);
}

static void test_unused(void **state)
{
	(void)state;
	if (!UNUSED)
		skip();
	char *p = write_src("int a;  // cudalint: ignore[@1,@2]\nint b; // NOLINT\nint c; // cudalint: ignore\n");
	struct cl_finding v[] = {mk(R1, p, 1)};
	struct cl_findings e = run(p, v, 1, 0);
	assert_int_equal(e.n, 0); /* off unless asked */
	e = run(p, v, 1, CL_SUPPRESS_REPORT_UNUSED);
	assert_int_equal(e.n, 2); /* @2 on line 1, the bare ignore on line 3; bare NOLINT is clang-tidy's */
	assert_ptr_equal(e.v[0].rule, UNUSED);
	assert_string_equal(e.v[0].pos.file, p);
	assert_int_equal(e.v[0].pos.line, 1);
	assert_int_equal(e.v[0].pos.col, 9);
	assert_non_null(strstr(e.v[0].message, R2->id));
	assert_false(e.v[0].suppressed);
	assert_int_equal(e.v[1].pos.line, 3);
	free(e.v);
	free(p);
}

static void test_unused_can_be_suppressed(void **state)
{
	(void)state;
	if (!UNUSED)
		skip();
	char *p = write_src("int a; // cudalint: ignore[@2,CL0001]\n");
	struct cl_findings e = run(p, NULL, 0, CL_SUPPRESS_REPORT_UNUSED);
	assert_int_equal(e.n, 1);
	assert_true(e.v[0].suppressed);
	free(e.v);
	free(p);
}

static void test_malformed(void **state)
{
	(void)state;
	if (!UNUSED)
		skip();
	char *p = write_src("int a; // cudalint: ignore[CL9999, @1]\n"
			    "// cudalint: ignroe[@1]\n"
			    "// cudalint: ignore-end\n"
			    "int d; // NOLINT(cudalint-no-such-rule)\n"
			    "// cudalint: ignore[@1\n"
			    "// cudalint: ignore-begin[@2]\n"
			    "int g;\n");
	struct cl_finding v[] = {mk(R1, p, 1), mk(R2, p, 7)};
	struct cl_findings e = run(p, v, 2, CL_SUPPRESS_REPORT_MALFORMED);
	assert_true(v[0].suppressed); /* the known entry still works */
	assert_true(v[1].suppressed); /* an unclosed begin runs to the end */
	assert_int_equal(e.n, 6);
	assert_non_null(strstr(e.v[0].message, "unknown rule 'CL9999'"));
	assert_int_equal(e.v[0].pos.line, 1);
	assert_non_null(strstr(e.v[1].message, "ignroe"));
	assert_non_null(strstr(e.v[2].message, "ignore-end"));
	assert_non_null(strstr(e.v[3].message, "unknown rule 'no-such-rule'"));
	assert_int_equal(e.v[3].pos.line, 4);
	assert_non_null(strstr(e.v[4].message, "']'"));
	assert_non_null(strstr(e.v[5].message, "ignore-begin"));
	for (size_t i = 0; i < e.n; i++)
		assert_ptr_equal(e.v[i].rule, UNUSED);
	free(e.v);
	free(p);
}

static void test_other_files_scanned(void **state)
{
	(void)state;
	/* a finding in a header that is not among the analysed files */
	char *h = write_src("// cudalint: ignore-next-line[@1]\nint h;\n");
	char *p = write_src("int a;\n");
	struct cl_finding v[] = {mk(R1, h, 2)};
	run(p, v, 1, 0);
	assert_true(v[0].suppressed);
	free(h);
	free(p);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[PATH_MAX];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cl_suppress_free();
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	pick_rules();
	if (!R1 || !R2) {
		fprintf(stderr, "test_suppress: the rule table needs two rules besides CL0001\n");
		return 1;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_line),
		cmocka_unit_test(test_marker_after_a_comment),
		cmocka_unit_test(test_reason),
		cmocka_unit_test(test_by_name_and_block_comment),
		cmocka_unit_test(test_next_line),
		cmocka_unit_test(test_begin_end),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_nolint),
		cmocka_unit_test(test_literals_are_not_comments),
		cmocka_unit_test(test_unused),
		cmocka_unit_test(test_lines_counted_across_code),
		cmocka_unit_test(test_unused_can_be_suppressed),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_other_files_scanned),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
