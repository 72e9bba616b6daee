/* test_sarif.c - the SARIF reporter: golden file, columns in code points,
 * fingerprints, suppressions, failures, and Microsoft's validator.
 *
 * The golden file tests/sarif/expected.sarif is compared exactly, with the
 * absolute URI of the source root replaced by file:///SRCROOT/ and the
 * tool version by @VERSION@. Rewrite it
 * with CUDALINT_BLESS=1 after an intended change. CUDALINT_SKIP_VALIDATOR=1
 * skips the validator run (tools/install-deps.sh --test installs it; without
 * it the run is skipped). */
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
#include <sys/wait.h>
#include <string.h>
#include <unistd.h>

#include "../../rules/rules.h"
#include "control/suppress.h"
#include "report/report.h"
#include "util/srctext.h"

#include "report_fixture.h"
#define T_NRULES ((int)(sizeof T_rules / sizeof T_rules[0]))

static const char *T_doc(const struct cl_rule *r)
{
	if (strcmp(r->id, "CL1001") == 0)
		return "# CL1001 divergent-barrier\n\n## What it does\n\nFinds `__syncthreads()` calls that\n"
		       "only some threads of a block reach.\n\n## Why it breaks on GPUs\n\nThe block hangs.\n";
	return NULL;
}

static char sarif_dir[PATH_MAX]; /* tests/sarif, absolute */

static void find_dirs(void)
{
	const char *env = getenv("CUDALINT_TESTS_DIR");
	char tests[PATH_MAX];
	if (env) {
		snprintf(tests, sizeof tests, "%s", env);
	} else {
		snprintf(tests, sizeof tests, "%s", __FILE__);
		for (int i = 0; i < 2; i++) {
			char *s = strrchr(tests, '/');
			if (s)
				*s = '\0';
			else
				strcpy(tests, ".");
		}
	}
	char rel[PATH_MAX + 8];
	snprintf(rel, sizeof rel, "%s/sarif", tests);
	if (cl_srctext_abspath(rel, sarif_dir, sizeof sarif_dir) < 0)
		abort();
}

/* The fixed set of findings behind both golden files (test_json.c has
 * the same set). Paths are relative to tests/sarif. */
static struct cl_finding T_f[5];
static struct cl_findings T_findings = {T_f, 5, 5};
static struct cl_failure T_fail[1];
static struct cl_failures T_failures = {.v = T_fail, .n = 1, .cap = 1};

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
				     "suppressed finding", "k", {{{0}, NULL}}, 0, CL_SUPPRESSED_INSOURCE, "reviewed: only warp 0 runs this", {0}};
	T_f[4] = (struct cl_finding){&T_rules[2], CL_LEVEL_NOTE, {"src/other file.cu", 1, 1},
				     "a note-level finding outside any function", NULL, {{{0}, NULL}}, 0, 0, NULL, {0}};
	T_fail[0] = (struct cl_failure){.file = "src/broken.cu", .reason = "expected ';' after expression"};
}

static const struct cl_report_opts T_opts = {NULL, 0, T_rules, T_NRULES, T_doc};

/* Runs the reporter into a string. */
static char *render(const struct cl_findings *f, const struct cl_failures *fl,
		    const struct cl_report_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	assert_int_equal(cl_report_sarif(fp, f, fl, o), 0);
	fclose(fp);
	return buf;
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

static char *normalized_sarif(void)
{
	char *out = render(&T_findings, &T_failures, &T_opts);
	char root[PATH_MAX + 16];
	snprintf(root, sizeof root, "file://%s/", sarif_dir);
	char *norm = replace_all(out, root, "file:///SRCROOT/");
	free(out);
	/* the version comes from CMake's project(); keep the golden file independent of it */
	out = replace_all(norm, "\"" CUDALINT_VERSION "\"", "\"@VERSION@\"");
	free(norm);
	return out;
}

static void test_golden(void **state)
{
	(void)state;
	char *got = normalized_sarif();
	if (getenv("CUDALINT_BLESS")) {
		FILE *fp = fopen("expected.sarif", "wb");
		assert_non_null(fp);
		fputs(got, fp);
		fclose(fp);
	}
	char *want = read_file("expected.sarif");
	assert_non_null(want);
	assert_string_equal(got, want);
	free(got);
	free(want);
}

static json_object *parse_run(const char *text)
{
	json_object *top = json_tokener_parse(text);
	assert_non_null(top);
	json_object *runs, *run;
	assert_true(json_object_object_get_ex(top, "runs", &runs));
	run = json_object_array_get_idx(runs, 0);
	json_object_get(run);
	json_object_put(top);
	return run;
}

static json_object *path(json_object *o, const char *p)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", p);
	for (char *tok = strtok(buf, "."); tok && o; tok = strtok(NULL, ".")) {
		if (*tok >= '0' && *tok <= '9')
			o = json_object_array_get_idx(o, (size_t)atoi(tok));
		else if (!json_object_object_get_ex(o, tok, &o))
			return NULL;
	}
	return o;
}

static void test_structure(void **state)
{
	(void)state;
	char *out = render(&T_findings, &T_failures, &T_opts);
	json_object *run = parse_run(out);
	assert_string_equal(json_object_get_string(path(run, "columnKind")), "unicodeCodePoints");
	assert_string_equal(json_object_get_string(path(run, "tool.driver.name")), "cudalint");
	assert_string_equal(json_object_get_string(path(run, "tool.driver.semanticVersion")), CUDALINT_VERSION);
	assert_string_equal(json_object_get_string(path(run, "tool.driver.rules.1.name")), "DivergentBarrier");
	assert_string_equal(json_object_get_string(path(run, "tool.driver.rules.1.fullDescription.text")),
			    "Finds `__syncthreads()` calls that only some threads of a block reach.");
	assert_string_equal(json_object_get_string(path(run, "tool.driver.rules.2.properties.precision")), "medium");
	char want_root[PATH_MAX + 16];
	snprintf(want_root, sizeof want_root, "file://%s/", sarif_dir);
	assert_string_equal(json_object_get_string(path(run, "originalUriBaseIds.%SRCROOT%.uri")), want_root);

	/* suppressed finding left out: 4 results */
	assert_int_equal(json_object_array_length(path(run, "results")), 4);
	/* byte column 36 is code point 33 (é and ü and ï take two bytes each) */
	assert_int_equal(json_object_get_int(path(run, "results.0.locations.0.physicalLocation.region.startColumn")), 33);
	assert_int_equal(json_object_get_int(path(run, "results.0.relatedLocations.0.physicalLocation.region.startColumn")), 2);
	assert_string_equal(json_object_get_string(path(run, "results.0.locations.0.physicalLocation.artifactLocation.uri")),
			    "src/kernel.cu");
	assert_string_equal(json_object_get_string(path(run, "results.0.locations.0.physicalLocation.artifactLocation.uriBaseId")),
			    "%SRCROOT%");
	assert_string_equal(json_object_get_string(path(run, "results.3.locations.0.physicalLocation.artifactLocation.uri")),
			    "src/other%20file.cu");
	assert_int_equal(json_object_get_int(path(run, "results.3.ruleIndex")), 2);
	assert_string_equal(json_object_get_string(path(run, "results.3.level")), "note");
	/* messages become sentences */
	assert_string_equal(json_object_get_string(path(run, "results.3.message.text")),
			    "a note-level finding outside any function.");
	/* twins on identical lines get different fingerprints */
	const char *fp1 = json_object_get_string(path(run, "results.1.fingerprints.cudalint/v1"));
	const char *fp2 = json_object_get_string(path(run, "results.2.fingerprints.cudalint/v1"));
	assert_non_null(fp1);
	assert_non_null(fp2);
	assert_string_not_equal(fp1, fp2);
	assert_null(strstr(out, "partialFingerprints"));
	assert_null(strstr(out, "suppressions"));
	/* failures: still successful, one error notification naming the file */
	assert_true(json_object_get_boolean(path(run, "invocations.0.executionSuccessful")));
	assert_string_equal(json_object_get_string(path(run, "invocations.0.toolExecutionNotifications.0.level")), "error");
	assert_non_null(strstr(json_object_get_string(path(run, "invocations.0.toolExecutionNotifications.0.message.text")),
			       "src/broken.cu"));
	json_object_put(run);
	free(out);
}

static void test_report_suppressed(void **state)
{
	(void)state;
	struct cl_report_opts o = T_opts;
	o.report_suppressed = 1;
	T_f[1].suppressed = CL_SUPPRESSED_BASELINE;
	char *out = render(&T_findings, &T_failures, &o);
	T_f[1].suppressed = 0;
	json_object *run = parse_run(out);
	assert_int_equal(json_object_array_length(path(run, "results")), 5);
	assert_string_equal(json_object_get_string(path(run, "results.1.suppressions.0.kind")), "external");
	assert_string_equal(json_object_get_string(path(run, "results.3.suppressions.0.kind")), "inSource");
	/* the comment's reason, after "--" */
	assert_string_equal(json_object_get_string(path(run, "results.3.suppressions.0.justification")),
	                    "reviewed: only warp 0 runs this");
	assert_null(path(run, "results.1.suppressions.0.justification"));
	assert_null(path(run, "results.0.suppressions"));
	json_object_put(run);
	free(out);
}

static void test_no_failures_no_notifications(void **state)
{
	(void)state;
	struct cl_failures none = {0};
	struct cl_findings empty = {0};
	char *out = render(&empty, &none, &T_opts);
	json_object *run = parse_run(out);
	assert_true(json_object_get_boolean(path(run, "invocations.0.executionSuccessful")));
	assert_null(path(run, "invocations.0.toolExecutionNotifications"));
	assert_int_equal(json_object_array_length(path(run, "results")), 0);
	json_object_put(run);
	free(out);
}

static void test_outside_root(void **state)
{
	(void)state;
	struct cl_finding fd = T_f[4];
	fd.pos.file = "/usr/include/stdio.h";
	struct cl_findings f = {&fd, 1, 1};
	char *out = render(&f, NULL, &T_opts);
	json_object *run = parse_run(out);
	assert_string_equal(json_object_get_string(path(run, "results.0.locations.0.physicalLocation.artifactLocation.uri")),
			    "file:///usr/include/stdio.h");
	assert_null(path(run, "results.0.locations.0.physicalLocation.artifactLocation.uriBaseId"));
	json_object_put(run);
	free(out);
}

static void validate(const char *text)
{
	char tmp[] = "/tmp/cudalint-sarif-XXXXXX";
	int fd = mkstemp(tmp);
	assert_true(fd >= 0);
	FILE *fp = fdopen(fd, "w");
	fputs(text, fp);
	fclose(fp);
	char cmd[2 * PATH_MAX];
	snprintf(cmd, sizeof cmd, "bash '%s/validate.sh' '%s'", sarif_dir, tmp);
	int rc = system(cmd);
	unlink(tmp);
	if (WIFEXITED(rc) && WEXITSTATUS(rc) == 77)
		skip(); /* the validators are not installed, or Node.js is too old for them (tests/npm/install.sh) */
	assert_int_equal(rc, 0);
}

/* The golden output, and one with suppressions (inSource and external)
 * and a location outside the source root, pass the validator clean. */
static void test_validator(void **state)
{
	(void)state;
	if (getenv("CUDALINT_SKIP_VALIDATOR"))
		skip();
	char *got = render(&T_findings, &T_failures, &T_opts);
	validate(got);
	free(got);

	struct cl_report_opts o = T_opts;
	o.report_suppressed = 1;
	struct cl_finding v[6];
	memcpy(v, T_f, sizeof T_f);
	v[1].suppressed = CL_SUPPRESSED_BASELINE;
	v[5] = T_f[4];
	v[5].pos.file = "/usr/include/stdio.h";
	struct cl_findings f = {v, 6, 6};
	got = render(&f, &T_failures, &o);
	validate(got);
	free(got);
}

int main(void)
{
	find_dirs();
	if (chdir(sarif_dir) != 0) {
		perror(sarif_dir);
		return 1;
	}
	make_findings();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_structure),
		cmocka_unit_test(test_report_suppressed),
		cmocka_unit_test(test_no_failures_no_notifications),
		cmocka_unit_test(test_outside_root),
		cmocka_unit_test(test_validator),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
