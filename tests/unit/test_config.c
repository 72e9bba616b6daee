/* test_config.c - .cudalint.yaml loading, errors with file:line, rule and
 * path queries, and the upward search. Written against whatever rule table
 * is linked (placeholders @1/@N1/@2 as in test_suppress.c). */
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
#include <sys/stat.h>
#include <unistd.h>

#include "../../rules/rules.h"
#include "control/config.h"

static const struct cl_rule *R1, *R2;
static char dir[] = "/tmp/cudalint-config-XXXXXX";

static void pick_rules(void)
{
	for (int i = 0; i < cl_nrules; i++) {
		if (strcmp(cl_rules[i].id, "CL0001") == 0)
			continue;
		if (!R1)
			R1 = &cl_rules[i];
		else if (!R2)
			R2 = &cl_rules[i];
	}
}

/* TEMPLATE with @1/@2 (IDs) and @N1/@N2 (names) expanded; malloc'ed. */
static char *expand(const char *template)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
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
	return buf;
}

static void write_at(const char *path, const char *template)
{
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	char *s = expand(template);
	fputs(s, fp);
	free(s);
	fclose(fp);
}

static const char *cfg_path(void)
{
	static char p[PATH_MAX];
	snprintf(p, sizeof p, "%s/" CL_CONFIG_NAME, dir);
	return p;
}

/* Loads TEMPLATE; expects an error whose text, after "PATH:", is WANT. */
static void expect_error(const char *template, const char *want)
{
	write_at(cfg_path(), template);
	struct cl_config c;
	char err[512];
	assert_int_equal(cl_config_load(cfg_path(), &c, err, sizeof err), -1);
	char full[PATH_MAX + 512];
	char *w = expand(want);
	snprintf(full, sizeof full, "%s:%s", cfg_path(), w);
	free(w);
	assert_string_equal(err, full);
	assert_null(c.path);
	cl_config_free(&c);
}

static void test_full(void **state)
{
	(void)state;
	write_at(cfg_path(),
		 "# comment\n"
		 "rules:\n"
		 "  \"*\": off\n"
		 "  @1: on\n"
		 "  @N2: true\n"
		 "severity:\n"
		 "  @1: note\n"
		 "include: [src, \"*.cuh\"]\n"
		 "exclude:\n"
		 "  - src/third_party\n"
		 "  - \"*_generated.cu\"\n"
		 "clang-args: [-DFOO=1, -Iinclude]\n"
		 "cuda-path: /opt/cuda\n"
		 "cuda-arch: sm_90a\n"
		 "fail-on: error\n");
	struct cl_config c;
	char err[256] = "";
	assert_int_equal(cl_config_load(cfg_path(), &c, err, sizeof err), 0);
	assert_string_equal(c.path, cfg_path());
	assert_int_equal(c.nclang_args, 2);
	assert_string_equal(c.clang_args[0], "-DFOO=1");
	assert_string_equal(c.cuda_path, "/opt/cuda");
	assert_string_equal(c.cuda_arch, "sm_90a");
	assert_true(c.fail_on_set);
	assert_int_equal(c.fail_on, CL_LEVEL_ERROR);

	/* last matching entry wins */
	for (int i = 0; i < cl_nrules; i++) {
		const struct cl_rule *r = &cl_rules[i];
		assert_int_equal(cl_config_rule_enabled(&c, r), r == R1 || r == R2);
	}
	assert_int_equal(cl_config_rule_level(&c, R1), CL_LEVEL_NOTE);
	assert_int_equal(cl_config_rule_level(&c, R2), R2->level);
	/* command line after the file */
	assert_int_equal(cl_config_set_rule(&c, R1->id, 0), 0);
	assert_false(cl_config_rule_enabled(&c, R1));
	assert_int_equal(cl_config_set_level(&c, R2->name, CL_LEVEL_ERROR), 0);
	assert_int_equal(cl_config_rule_level(&c, R2), CL_LEVEL_ERROR);
	assert_int_equal(cl_config_set_rule(&c, "no-such-rule", 1), -1);

	/* paths, relative to the config's directory */
	char p[PATH_MAX + 64];
	snprintf(p, sizeof p, "%s/src/a.cu", dir);
	assert_true(cl_config_path_included(&c, p));
	snprintf(p, sizeof p, "%s/src/deep/er/b.cu", dir);
	assert_true(cl_config_path_included(&c, p));
	snprintf(p, sizeof p, "%s/other/x.cuh", dir);
	assert_true(cl_config_path_included(&c, p));
	snprintf(p, sizeof p, "%s/other/x.cu", dir);
	assert_false(cl_config_path_included(&c, p)); /* not included */
	snprintf(p, sizeof p, "%s/src/third_party/lib/y.cu", dir);
	assert_false(cl_config_path_included(&c, p));
	snprintf(p, sizeof p, "%s/src/k_generated.cu", dir);
	assert_false(cl_config_path_included(&c, p));
	cl_config_free(&c);
}

static void test_defaults(void **state)
{
	(void)state;
	write_at(cfg_path(), "# nothing set\n");
	struct cl_config c;
	char err[256];
	assert_int_equal(cl_config_load(cfg_path(), &c, err, sizeof err), 0);
	for (int i = 0; i < cl_nrules; i++) {
		assert_int_equal(cl_config_rule_enabled(&c, &cl_rules[i]), cl_rules[i].enabled_by_default);
		assert_int_equal(cl_config_rule_level(&c, &cl_rules[i]), cl_rules[i].level);
		assert_int_equal(cl_config_rule_enabled(NULL, &cl_rules[i]), cl_rules[i].enabled_by_default);
	}
	assert_false(c.fail_on_set);
	assert_int_equal(c.fail_on, CL_LEVEL_WARNING);
	assert_true(cl_config_path_included(&c, "/anything.cu"));
	assert_true(cl_config_path_included(NULL, "/anything.cu"));
	cl_config_free(&c);
}

static void test_errors(void **state)
{
	(void)state;
	expect_error("rules:\n  @1: on\nrulez:\n  @2: off\n", "3: unknown key 'rulez'");
	expect_error("rules:\n  @1: maybe\n", "2: bad value 'maybe' for rule '@1': use on or off");
	expect_error("rules:\n  CL9999: on\n", "2: unknown rule 'CL9999' in 'rules'");
	expect_error("rules:\n  \"XX*\": on\n", "2: unknown rule 'XX*' in 'rules'");
	expect_error("severity:\n  @1: fatal\n", "2: bad severity 'fatal' for '@1': use note, warning or error");
	expect_error("fail-on: sometimes\n", "1: bad value 'sometimes' for 'fail-on': use note, warning or error");
	expect_error("\n\ncuda-arch: 90\n", "3: bad value '90' for 'cuda-arch': expected sm_NN, e.g. sm_90");
	expect_error("clang-args: -DFOO\n", "1: 'clang-args' expects a list");
	expect_error("cuda-path:\n", "1: 'cuda-path' expects a single value");
	expect_error("fail-on: error\nfail-on: note\n", "2: duplicate key 'fail-on'");
	expect_error("- a\n- b\n", "1: expected a mapping of settings at the top level");
	expect_error("rules: [a\n", "2: did not find expected ',' or ']' while parsing a flow sequence");
}

static void test_error_names_file_as_given(void **state)
{
	(void)state;
	char cwd[PATH_MAX];
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(dir), 0);
	write_at(CL_CONFIG_NAME, "rules:\n  @1: on\nrulez: {}\n");
	struct cl_config c;
	char err[256];
	assert_int_equal(cl_config_load(CL_CONFIG_NAME, &c, err, sizeof err), -1);
	assert_string_equal(err, ".cudalint.yaml:3: unknown key 'rulez'");
	assert_int_equal(chdir(cwd), 0);
}

static void test_find(void **state)
{
	(void)state;
	char sub[PATH_MAX], got[PATH_MAX];
	snprintf(sub, sizeof sub, "%s/a", dir);
	mkdir(sub, 0777);
	snprintf(sub, sizeof sub, "%s/a/b", dir);
	mkdir(sub, 0777);
	write_at(cfg_path(), "fail-on: note\n");
	assert_int_equal(cl_config_find(sub, got, sizeof got), 1);
	assert_string_equal(got, cfg_path());
	char nearer[PATH_MAX + 32];
	snprintf(nearer, sizeof nearer, "%s/a/" CL_CONFIG_NAME, dir);
	write_at(nearer, "fail-on: note\n");
	assert_int_equal(cl_config_find(sub, got, sizeof got), 1);
	assert_string_equal(got, nearer);
	unlink(nearer);
	unlink(cfg_path());
	/* none up to / (assuming none in /tmp or /) */
	if (access("/tmp/" CL_CONFIG_NAME, F_OK) != 0 && access("/" CL_CONFIG_NAME, F_OK) != 0)
		assert_int_equal(cl_config_find(sub, got, sizeof got), 0);
	assert_int_equal(cl_config_find(sub, got, 4), 0 /* not found */);
}

/* Whether per-file-ignores of C turn R1 off for DIR/REL. */
static int ignored(const struct cl_config *c, const char *rel)
{
	char p[PATH_MAX + 64];
	snprintf(p, sizeof p, "%s/%s", dir, rel);
	return cl_config_file_ignores(c, p, R1);
}

static void test_per_file_ignores(void **state)
{
	(void)state;
	write_at(cfg_path(),
		 "per-file-ignores:\n"
		 "  \"tests/**\": [@1]\n"
		 "  \"src/*.cu\": @N1\n"
		 "  \"*_gen.cu\": [\"*\"]\n"
		 "  \"a/**/b/*.cuh\": [@2]\n"
		 "  \"./lib/[xy].cu\": [@1]\n");
	struct cl_config c;
	char err[256] = "";
	assert_int_equal(cl_config_load(cfg_path(), &c, err, sizeof err), 0);
	assert_int_equal(c.nignores, 5);
	assert_true(ignored(&c, "tests/a.cu"));
	assert_true(ignored(&c, "tests/deep/er/a.cu"));
	assert_false(ignored(&c, "tests")); /* the whole path, not a leading part */
	assert_false(ignored(&c, "other/tests/a.cu"));
	assert_true(ignored(&c, "src/a.cu"));
	assert_false(ignored(&c, "src/sub/a.cu")); /* '*' stays in one directory */
	assert_true(ignored(&c, "k_gen.cu"));
	assert_true(ignored(&c, "deep/er/k_gen.cu")); /* no '/': the file name, anywhere */
	assert_true(ignored(&c, "lib/x.cu"));
	assert_false(ignored(&c, "lib/z.cu"));
	assert_false(ignored(&c, "a/b/h.cuh")); /* that entry names @2 only */
	char p[PATH_MAX + 64];
	snprintf(p, sizeof p, "%s/a/b/h.cuh", dir);
	assert_true(cl_config_file_ignores(&c, p, R2)); /* '**' matches no directory */
	snprintf(p, sizeof p, "%s/a/x/y/b/h.cuh", dir);
	assert_true(cl_config_file_ignores(&c, p, R2));
	snprintf(p, sizeof p, "%s/a/x/y/c/h.cuh", dir);
	assert_false(cl_config_file_ignores(&c, p, R2));
	assert_false(cl_config_file_ignores(NULL, p, R2));
	cl_config_free(&c);
	expect_error("per-file-ignores:\n  \"x/**\": [@1, CL9999]\n", "2: unknown rule 'CL9999' in 'per-file-ignores'");
	expect_error("per-file-ignores: [@1]\n", "1: 'per-file-ignores' expects a mapping of path glob to rules");
	expect_error("respect-gitignore: maybe\n", "1: bad value 'maybe' for 'respect-gitignore': use true or false");
}

static void test_extends(void **state)
{
	(void)state;
	char sub[PATH_MAX], child[PATH_MAX + 32], p[PATH_MAX + 64];
	snprintf(sub, sizeof sub, "%s/x", dir);
	mkdir(sub, 0777);
	snprintf(child, sizeof child, "%s/" CL_CONFIG_NAME, sub);
	write_at(cfg_path(), "rules:\n  @1: off\n  @2: off\nexclude: [gen]\nfail-on: error\ncuda-arch: sm_80\n"
			     "cuda-path: cuda\nunanalysed: warning\n");
	write_at(child, "extends: ../" CL_CONFIG_NAME "\nrules:\n  @1: on\nfail-on: note\n");
	struct cl_config c;
	char err[1024] = "";
	assert_int_equal(cl_config_load(child, &c, err, sizeof err), 0);
	assert_int_equal(c.nchain, 2);
	assert_string_equal(c.chain[1], child);
	assert_int_equal(c.nrules, 3); /* the parent's, then the child's */
	assert_true(cl_config_rule_enabled(&c, R1));
	assert_false(cl_config_rule_enabled(&c, R2));
	assert_int_equal(c.fail_on, CL_LEVEL_NOTE);   /* the child's */
	assert_string_equal(c.cuda_arch, "sm_80");    /* inherited */
	assert_true(c.unanalysed_warning);
	snprintf(p, sizeof p, "%s/cuda", dir);
	assert_string_equal(c.cuda_path, p);          /* relative to the parent */
	assert_string_equal(c.exclude_dir, dir);
	snprintf(p, sizeof p, "%s/x/gen/k.cu", dir);
	assert_false(cl_config_path_included(&c, p));
	cl_config_free(&c);

	/* a cycle names every file */
	write_at(cfg_path(), "extends: x/" CL_CONFIG_NAME "\n");
	assert_int_equal(cl_config_load(child, &c, err, sizeof err), -1);
	assert_non_null(strstr(err, ": extends makes a cycle: "));
	assert_null(c.path);
	unlink(child);
	rmdir(sub);
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
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	pick_rules();
	if (!R1 || !R2) {
		fprintf(stderr, "test_config: the rule table needs two rules besides CL0001\n");
		return 1;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_names_file_as_given),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_per_file_ignores),
		cmocka_unit_test(test_extends),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
