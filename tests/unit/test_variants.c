/* test_variants.c - the builds of one file (src/driver/variants.c): which are
 * analysed, and how their findings and failures merge: equal ones once,
 * and one that only some builds give names the flags that set those
 * apart. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "control/results.h"
#include "driver/variants.h"
#include "rules.h"

/* A compile command: its flags (space-separated, "" none) and
 * architectures. */
static void cmd(struct compdb_cmd *c, const char *args, const char *archs)
{
	memset(c, 0, sizeof *c);
	char buf[256];
	for (int pass = 0; pass < 2; pass++) {
		snprintf(buf, sizeof buf, "%s", pass ? archs : args);
		for (char *save, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
			nvcc_strvec_push(pass ? &c->archs : &c->args, w);
	}
}

static struct compdb_cmd *cmds(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	struct compdb_cmd *v = calloc((size_t)n + 1, sizeof *v);
	for (int i = 0; i < n; i++) {
		const char *args = va_arg(ap, const char *);
		cmd(&v[i], args, va_arg(ap, const char *));
	}
	va_end(ap);
	return v;
}

/* What the analysis of the current variant found: a CL1001 finding at LINE. */
static void found(struct cl_variants *vs, unsigned line, const char *msg)
{
	struct cl_findings *f = &vs->v[vs->cur].f;
	f->v = realloc(f->v, (f->n + 1) * sizeof *f->v);
	memset(&f->v[f->n], 0, sizeof *f->v);
	f->v[f->n].rule = cl_rule_find("CL1001");
	f->v[f->n].pos = (struct cl_pos){ "a.cu", line, 5 };
	f->v[f->n].message = strdup(msg);
	f->cap = ++f->n;
}

static void merge(struct cl_variants *vs, struct cl_findings *fo, struct cl_failures *xo)
{
	memset(fo, 0, sizeof *fo);
	memset(xo, 0, sizeof *xo);
	cl_variants_merge(vs, fo, xo);
}

/* Two entries, with and without -DFOO=1: what both find has no suffix. */
static void test_two_commands(void **state)
{
	(void)state;
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", cmds(2, "-I /p/inc -DFOO=1", "sm_80", "-I /p/inc", "sm_80"), 2, NULL);
	assert_int_equal(vs.n, 2);
	assert_int_equal(cl_variants_next(&vs), 0);
	cl_variants_parsed(&vs, 0);
	found(&vs, 3, "both");
	found(&vs, 7, "foo");
	assert_int_equal(cl_variants_next(&vs), 1);
	cl_variants_parsed(&vs, 0);
	found(&vs, 3, "both");
	found(&vs, 9, "plain");
	assert_int_equal(cl_variants_next(&vs), -1);
	struct cl_findings fo;
	struct cl_failures xo;
	merge(&vs, &fo, &xo);
	assert_int_equal(fo.n, 3);
	assert_string_equal(fo.v[0].message, "both");
	assert_string_equal(fo.v[1].message, "foo (only with -DFOO=1)");
	assert_string_equal(fo.v[2].message, "plain (only without -DFOO=1)");
	assert_int_equal(xo.n, 0);
	cl_findings_free(&fo);
	cl_variants_free(&vs, NULL);
}

/* Same line, column and rule but another message (a macro's value quoted,
 * another suggested fix): one finding, the first configuration's message,
 * with no "only with" since both configurations report it (docs/cli.md,
 * "Merged findings"). */
static void test_one_finding_per_rule_and_place(void **state)
{
	(void)state;
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", cmds(2, "-DN=1", "", "-DN=2", ""), 2, NULL);
	cl_variants_next(&vs);
	cl_variants_parsed(&vs, 0);
	found(&vs, 3, "n is 1");
	cl_variants_next(&vs);
	cl_variants_parsed(&vs, 0);
	found(&vs, 3, "n is 2");
	assert_int_equal(cl_variants_next(&vs), -1);
	struct cl_findings fo;
	struct cl_failures xo;
	merge(&vs, &fo, &xo);
	assert_int_equal(fo.n, 1);
	assert_string_equal(fo.v[0].message, "n is 1");
	cl_findings_free(&fo);
	cl_variants_free(&vs, NULL);
}

/* Code that does not depend on __CUDA_ARCH__ is analysed once: the first
 * architecture stands for the others. */
static void test_architectures_parse_once(void **state)
{
	(void)state;
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", cmds(1, "", "sm_80 sm_90"), 1, NULL);
	assert_int_equal(vs.n, 2);
	assert_int_equal(cl_variants_next(&vs), 0);
	cl_variants_parsed(&vs, 0);
	found(&vs, 3, "x");
	assert_int_equal(cl_variants_next(&vs), -1);
	assert_int_equal(vs.v[1].by, 0);
	struct cl_findings fo;
	struct cl_failures xo;
	merge(&vs, &fo, &xo);
	assert_int_equal(fo.n, 1);
	assert_string_equal(fo.v[0].message, "x");
	cl_findings_free(&fo);
	cl_variants_free(&vs, NULL);
}

/* ... and code that does, once per architecture. */
static void test_architectures_when_the_code_asks(void **state)
{
	(void)state;
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", cmds(1, "-DX", "sm_80 sm_90 sm_100"), 1, NULL);
	assert_int_equal(cl_variants_next(&vs), 0);
	cl_variants_parsed(&vs, 1);
	found(&vs, 3, "everywhere");
	assert_int_equal(cl_variants_next(&vs), 1);
	cl_variants_parsed(&vs, 1);
	found(&vs, 3, "everywhere");
	found(&vs, 5, "sm_90 only");
	found(&vs, 6, "from sm_90");
	assert_int_equal(cl_variants_next(&vs), 2);
	cl_variants_parsed(&vs, 1);
	found(&vs, 3, "everywhere");
	found(&vs, 6, "from sm_90");
	assert_int_equal(cl_variants_next(&vs), -1);
	struct cl_findings fo;
	struct cl_failures xo;
	merge(&vs, &fo, &xo);
	assert_int_equal(fo.n, 3);
	assert_string_equal(fo.v[0].message, "everywhere");
	assert_string_equal(fo.v[1].message, "sm_90 only (only with sm_90)");
	assert_string_equal(fo.v[2].message, "from sm_90 (only without sm_80)");
	cl_findings_free(&fo);
	cl_variants_free(&vs, NULL);
}

/* --cuda-arch replaces the architectures: one variant. */
static void test_arch_override(void **state)
{
	(void)state;
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", cmds(1, "", "sm_80 sm_90"), 1, "sm_75");
	assert_int_equal(vs.n, 1);
	assert_string_equal(vs.v[0].arch, "sm_75");
	cl_variants_free(&vs, NULL);
}

/* Equal commands (the same file in two targets) are one variant; no
 * command at all is one with no flags. */
static void test_equal_commands_once(void **state)
{
	(void)state;
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", cmds(3, "-DA", "sm_80", "-DA", "sm_80 sm_90", "-DA", "sm_90"), 3, NULL);
	assert_int_equal(vs.n, 2);
	/* sm_90 is the third command's first architecture: always analysed */
	assert_int_equal(cl_variants_next(&vs), 0);
	cl_variants_parsed(&vs, 0);
	assert_int_equal(cl_variants_next(&vs), 1);
	cl_variants_parsed(&vs, 0);
	assert_int_equal(cl_variants_next(&vs), -1);
	cl_variants_free(&vs, NULL);

	cl_variants_init(&vs, "a.cu", NULL, 0, NULL);
	assert_int_equal(vs.n, 1);
	assert_int_equal(vs.v[0].cmd, -1);
	assert_null(vs.v[0].arch);
	char *name = cl_variants_name(&vs, 0);
	assert_string_equal(name, "");
	free(name);
	cl_variants_free(&vs, NULL);
}

/* Flags that neither all nor none of the finding's builds share: each
 * build is named. */
static void test_no_single_flag_tells(void **state)
{
	(void)state;
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", cmds(3, "-DA", "", "-DB", "", "", ""), 3, NULL);
	for (int k = 0; k < 3; k++) {
		assert_int_equal(cl_variants_next(&vs), k);
		cl_variants_parsed(&vs, 0);
		if (k < 2)
			found(&vs, 4, "ab");
		if (k != 1)
			found(&vs, 8, "a and plain");
	}
	char *name = cl_variants_name(&vs, 2);
	assert_string_equal(name, "without -DA -DB");
	free(name);
	name = cl_variants_name(&vs, 1);
	assert_string_equal(name, "with -DB");
	free(name);
	struct cl_findings fo;
	struct cl_failures xo;
	merge(&vs, &fo, &xo);
	assert_int_equal(fo.n, 2);
	assert_string_equal(fo.v[0].message, "ab (in 2 of 3 configurations: -DA; -DB)");
	assert_string_equal(fo.v[1].message, "a and plain (only without -DB)");
	cl_findings_free(&fo);
	cl_variants_free(&vs, NULL);
}

/* A build that failed is reported with its flags, and does not count
 * among the builds a finding is compared against. */
static void test_failure_of_one_build(void **state)
{
	(void)state;
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", cmds(3, "-DBROKEN", "sm_80 sm_90", "", "sm_80", "-DOTHER", "sm_80"), 3, NULL);
	assert_int_equal(cl_variants_next(&vs), 0);
	cl_failures_add(&vs.v[0].x, "a.cu", "1 compile error");
	assert_int_equal(cl_variants_next(&vs), 2);
	cl_variants_parsed(&vs, 0);
	found(&vs, 3, "x");
	assert_int_equal(cl_variants_next(&vs), 3);
	cl_variants_parsed(&vs, 0);
	found(&vs, 3, "x");
	found(&vs, 4, "other");
	/* the failed build's file does not exist: its text cannot ask for sm_90 */
	assert_int_equal(cl_variants_next(&vs), -1);
	struct cl_findings fo;
	struct cl_failures xo;
	merge(&vs, &fo, &xo);
	assert_int_equal(fo.n, 2);
	assert_string_equal(fo.v[0].message, "x");
	assert_string_equal(fo.v[1].message, "other (only with -DOTHER)");
	assert_int_equal(xo.n, 1);
	assert_string_equal(xo.v[0].file, "a.cu");
	assert_string_equal(xo.v[0].reason, "1 compile error (only with -DBROKEN)");
	cl_findings_free(&fo);
	cl_failures_free(&xo);
	cl_variants_free(&vs, NULL);
}

/* The same failure everywhere: once, without a suffix. When the first
 * architecture's parse failed, the file's own text decides about the
 * others. */
static void test_failure_everywhere(void **state)
{
	(void)state;
	char path[] = "/tmp/cudalint-variants-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	const char text[] = "#if __CUDA_ARCH__ >= 900\n#error no\n#endif\n";
	assert_int_equal(write(fd, text, sizeof text - 1), (int)(sizeof text - 1));
	close(fd);
	struct cl_variants vs;
	cl_variants_init(&vs, path, cmds(1, "", "sm_80 sm_90"), 1, NULL);
	assert_int_equal(cl_variants_next(&vs), 0);
	cl_failures_add(&vs.v[0].x, path, "cannot read");
	assert_int_equal(cl_variants_next(&vs), 1);
	cl_failures_add(&vs.v[1].x, path, "cannot read");
	assert_int_equal(cl_variants_next(&vs), -1);
	struct cl_findings fo;
	struct cl_failures xo;
	merge(&vs, &fo, &xo);
	assert_int_equal(fo.n, 0);
	assert_int_equal(xo.n, 1);
	assert_string_equal(xo.v[0].reason, "cannot read");
	cl_failures_free(&xo);
	free(fo.v);
	cl_variants_free(&vs, NULL);
	unlink(path);
}

/* Labels of path options are relative to the current directory inside it. */
static void test_path_labels(void **state)
{
	(void)state;
	char cwd[1024], inc[1100];
	assert_non_null(getcwd(cwd, sizeof cwd));
	snprintf(inc, sizeof inc, "%s/inc", cwd);
	struct compdb_cmd *c = calloc(2, sizeof *c);
	nvcc_strvec_push(&c[0].args, "-I");
	nvcc_strvec_push(&c[0].args, inc);
	nvcc_strvec_push(&c[0].args, "-isystem");
	nvcc_strvec_push(&c[0].args, "/nowhere/sys");
	struct cl_variants vs;
	cl_variants_init(&vs, "a.cu", c, 2, NULL);
	assert_int_equal(vs.n, 2);
	char *name = cl_variants_name(&vs, 0);
	assert_string_equal(name, "with -Iinc -isystem /nowhere/sys");
	free(name);
	cl_variants_free(&vs, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_commands),
		cmocka_unit_test(test_one_finding_per_rule_and_place),
		cmocka_unit_test(test_architectures_parse_once),
		cmocka_unit_test(test_architectures_when_the_code_asks),
		cmocka_unit_test(test_arch_override),
		cmocka_unit_test(test_equal_commands_once),
		cmocka_unit_test(test_no_single_flag_tells),
		cmocka_unit_test(test_failure_of_one_build),
		cmocka_unit_test(test_failure_everywhere),
		cmocka_unit_test(test_path_labels),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
