/* test_json.c - the JSON reporter: golden file tests/json/expected.json
 * (tool version shown as @VERSION@; rewrite with CUDALINT_BLESS=1), suppressed findings, null fields. The
 * findings are the fixed set of test_sarif.c, read from tests/sarif/src. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../rules/rules.h"
#include "control/suppress.h"
#include "report/report.h"
#include "util/srctext.h"

#include "report_fixture.h"

static char tests_dir[PATH_MAX];

static void find_dirs(void)
{
	const char *env = getenv("CUDALINT_TESTS_DIR");
	char t[PATH_MAX];
	if (env) {
		snprintf(t, sizeof t, "%s", env);
	} else {
		snprintf(t, sizeof t, "%s", __FILE__);
		for (int i = 0; i < 2; i++) {
			char *s = strrchr(t, '/');
			if (s)
				*s = '\0';
			else
				strcpy(t, ".");
		}
	}
	if (cl_srctext_abspath(t, tests_dir, sizeof tests_dir) < 0)
		abort();
}

static struct cl_finding T_f[5];
static struct cl_findings T_findings = {T_f, 5, 5};
static struct cl_failure T_fail[2];
static struct cl_fn_summary T_fns[3] = {
	{"k", 3, CL_FN_ANALYSED, NULL},
	{"k2", 7, CL_FN_NOT_ANALYSED, "src/partial.cu:9:3: error: use of undeclared identifier 'x'"},
	{"k3", 12, CL_FN_PARTLY, "the block simulation stopped at line 15 (a goto); accesses after it are not checked "
	                         "for races"},
};
static struct cl_file_summary T_sum[1] = {{"src/partial.cu", 3, 1, 2, NULL, T_fns, 3, NULL}};
static struct cl_failures T_failures = {.v = T_fail, .n = 2, .cap = 2, .sum = T_sum, .nsum = 1, .capsum = 1};

static void make_findings(void)
{
	memset(T_f, 0, sizeof T_f);
	T_f[0] = (struct cl_finding){&T_rules[1], CL_LEVEL_ERROR, {"src/kernel.cu", 6, 36},
				     "__syncthreads() is reached only by threads with s[0] == 'é'", "k",
				     {{{"src/kernel.cu", 6, 2}, "this condition depends on data each thread reads"}}, 1, 0, NULL, {0}};
	T_f[1] = (struct cl_finding){&T_rules[1], CL_LEVEL_ERROR, {"src/kernel.cu", 8, 3},
				     "__syncthreads() is reached only by threads with threadIdx.x < 10.", "k",
				     {{{"src/kernel.cu", 7, 6}, "threadIdx.x differs between threads"}}, 1, 0, NULL, {0}};
	T_f[2] = (struct cl_finding){&T_rules[1], CL_LEVEL_ERROR, {"src/kernel.cu", 10, 3},
				     "__syncthreads() is reached only by threads with threadIdx.x < 10.", "k",
				     {{{"src/kernel.cu", 9, 6}, "threadIdx.x differs between threads"}}, 1, 0, NULL, {0}};
	T_f[3] = (struct cl_finding){&T_rules[3], CL_LEVEL_WARNING, {"src/kernel.cu", 11, 2},
				     "suppressed finding", "k", {{{0}, NULL}}, 0, CL_SUPPRESSED_INSOURCE, NULL, {0}};
	T_f[4] = (struct cl_finding){&T_rules[2], CL_LEVEL_NOTE, {"src/other file.cu", 1, 1},
				     "a note-level finding outside any function", NULL, {{{0}, NULL}}, 0, 0, NULL, {0}};
	T_fail[0] = (struct cl_failure){.file = "src/broken.cu", .reason = "expected ';' after expression"};
	T_fail[1] = (struct cl_failure){.file = "src/partial.cu", .reason = "src/partial.cu:9:3: error: use of "
	                                "undeclared identifier 'x'", .function = "k2", .line = 7, .col = 17};
}

static char *render(const struct cl_report_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	assert_int_equal(cl_report_json(fp, &T_findings, &T_failures, o), 0);
	fclose(fp);
	return buf;
}

static char *read_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	long n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	if (fread(s, 1, (size_t)n, fp) != (size_t)n) {
		free(s);
		s = NULL;
	} else {
		s[n] = '\0';
	}
	fclose(fp);
	return s;
}

static char *replace_all(const char *s, const char *from, const char *to)
{
	size_t fl = strlen(from), tl = strlen(to), n = 0;
	for (const char *p = s; (p = strstr(p, from)); p += fl)
		n++;
	char *out = malloc(strlen(s) + n * (tl > fl ? tl - fl : 0) + 1), *o = out;
	for (const char *p = s, *q; ; p = q + fl) {
		q = strstr(p, from);
		size_t k = q ? (size_t)(q - p) : strlen(p);
		memcpy(o, p, k);
		o += k;
		if (!q)
			break;
		memcpy(o, to, tl);
		o += tl;
	}
	*o = '\0';
	return out;
}

static void test_golden(void **state)
{
	(void)state;
	struct cl_report_opts o = {0};
	char *raw = render(&o);
	/* the version comes from CMake's project(); keep the golden file independent of it */
	char *got = replace_all(raw, "\"" CUDALINT_VERSION "\"", "\"@VERSION@\"");
	free(raw);
	char golden[PATH_MAX + 32];
	snprintf(golden, sizeof golden, "%s/json/expected.json", tests_dir);
	if (getenv("CUDALINT_BLESS")) {
		FILE *fp = fopen(golden, "wb");
		assert_non_null(fp);
		fputs(got, fp);
		fclose(fp);
	}
	char *want = read_file(golden);
	assert_non_null(want);
	assert_string_equal(got, want);
	free(got);
	free(want);
}

static void test_fields(void **state)
{
	(void)state;
	struct cl_report_opts o = {0};
	char *got = render(&o);
	json_object *top = json_tokener_parse(got), *v, *fs, *f0, *f3;
	assert_non_null(top);
	assert_true(json_object_object_get_ex(top, "version", &v));
	assert_int_equal(json_object_get_int(v), 1);
	assert_true(json_object_object_get_ex(top, "findings", &fs));
	assert_int_equal(json_object_array_length(fs), 4); /* suppressed one left out */
	f0 = json_object_array_get_idx(fs, 0);
	assert_true(json_object_object_get_ex(f0, "column", &v));
	assert_int_equal(json_object_get_int(v), 36); /* bytes, as in text output */
	assert_true(json_object_object_get_ex(f0, "message", &v));
	assert_string_equal(json_object_get_string(v), T_f[0].message); /* verbatim, UTF-8 */
	f3 = json_object_array_get_idx(fs, 3);
	assert_true(json_object_object_get_ex(f3, "function", &v));
	assert_null(v); /* JSON null */
	assert_true(json_object_object_get_ex(f3, "fingerprint", &v));
	assert_int_equal(strlen(json_object_get_string(v)), 16);
	assert_true(json_object_object_get_ex(top, "failures", &fs));
	assert_int_equal(json_object_array_length(fs), 2);
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 0), "line", &v));
	assert_null(v); /* a whole file: no position */
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 1), "function", &v));
	assert_string_equal(json_object_get_string(v), "k2");
	assert_true(json_object_object_get_ex(top, "files", &fs));
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 0), "status", &v));
	assert_string_equal(json_object_get_string(v), "partial");
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 0), "device_functions_partly_analysed", &v));
	assert_int_equal(json_object_get_int(v), 1);
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 0), "functions", &fs));
	assert_int_equal(json_object_array_length(fs), 3);
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 2), "status", &v));
	assert_string_equal(json_object_get_string(v), "partly analysed");
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 0), "reason", &v));
	assert_null(v); /* analysed: no reason */
	json_object_put(top);
	free(got);
}

static void test_report_suppressed(void **state)
{
	(void)state;
	struct cl_report_opts o = {0};
	o.report_suppressed = 1;
	char *got = render(&o);
	json_object *top = json_tokener_parse(got), *fs, *v;
	assert_true(json_object_object_get_ex(top, "findings", &fs));
	assert_int_equal(json_object_array_length(fs), 5);
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 3), "suppressed", &v));
	assert_true(json_object_get_boolean(v));
	assert_true(json_object_object_get_ex(json_object_array_get_idx(fs, 2), "suppressed", &v));
	assert_false(json_object_get_boolean(v));
	json_object_put(top);
	free(got);
}

int main(void)
{
	find_dirs();
	char dir[PATH_MAX + 8];
	snprintf(dir, sizeof dir, "%s/sarif", tests_dir);
	if (chdir(dir) != 0) {
		perror(dir);
		return 1;
	}
	make_findings();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_report_suppressed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
