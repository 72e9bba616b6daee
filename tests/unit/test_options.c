/* test_options.c - analysis/options.def, the one table of options: every
 * value of every option reads the same from its flag and from its
 * .cudalint.yaml key, prints as that key's value, and reads back from
 * what was printed; the defaults agree; every option of the analysis
 * changes the result cache's key; --help shows every option once, and
 * the default the table has where it names one.
 * Written against whatever the table holds. */
#define _DEFAULT_SOURCE /* mkstemps */
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

#include "analysis/analyze.h"
#include "analysis/launch.h"
#include "analysis/option_table.h"
#include "control/config.h"
#include "driver/options.h"
#include "util/hash.h"

/* How many values option O has. */
static int nvalues(const struct cl_option *o)
{
	char name[64];
	int n = 0;
	while (*cl_option_value_name(o, n, name, sizeof name))
		n++;
	return n;
}

/* TEXT written to a config file and loaded into C; the loader's result. */
static int load_text(const char *text, struct cl_config *c, char *err, size_t errlen)
{
	const char *tmp = getenv("TMPDIR");
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/cudalint-options-XXXXXX.yaml", tmp && *tmp ? tmp : P_tmpdir);
	int fd = mkstemps(path, 5);
	assert_true(fd >= 0);
	FILE *fp = fdopen(fd, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	int rc = cl_config_load(path, c, err, errlen);
	unlink(path);
	return rc;
}

/* The command line "cudalint ARG ." parsed into O; options_parse's result. */
static int parse_arg(struct options *o, const char *arg)
{
	char *argv[] = { "cudalint", (char *)arg, ".", NULL };
	return options_parse(o, 3, argv);
}

/* Option K at value V: its flag, its key, and --show-config's line. */
static void round_trip(int k, int v)
{
	const struct cl_option *t = &cl_options[k];
	char name[64], arg[128], text[256], err[512];
	cl_option_value_name(t, v, name, sizeof name);
	assert_true(*name);
	assert_int_equal(cl_option_parse(t, name), v);

	/* the flag */
	if (t->type == CL_OPTION_BOOL)
		snprintf(arg, sizeof arg, "--%s", v ? t->key : t->no_key);
	else
		snprintf(arg, sizeof arg, "--%s=%s", t->key, name);
	struct options o;
	assert_int_equal(parse_arg(&o, arg), 0);
	for (int j = 0; j < CL_NOPTIONS; j++)
		assert_int_equal(o.option_given[j], j == k);
	assert_int_equal(o.option_value[k], v);
	options_free(&o);

	/* the key */
	snprintf(text, sizeof text, "%s: %s\n", t->key, name);
	struct cl_config c;
	assert_int_equal(load_text(text, &c, err, sizeof err), 0);
	int set = 0;
	assert_int_equal(cl_config_option(&c, k, &set), v);
	assert_true(set);
	cl_config_free(&c);

	/* shown, and what was shown read back */
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	cl_option_put_value(fp, t, v);
	fclose(fp);
	assert_string_equal(buf, text);
	assert_int_equal(load_text(buf, &c, err, sizeof err), 0);
	assert_int_equal(cl_config_option(&c, k, NULL), v);
	cl_config_free(&c);
	free(buf);
}

static void test_round_trip(void **state)
{
	(void)state;
	int scalars = 0;
	for (int k = 0; k < CL_NOPTIONS; k++) {
		if (cl_options[k].type == CL_OPTION_LAUNCHES)
			continue;
		scalars++;
		assert_true(nvalues(&cl_options[k]) >= 2);
		for (int v = 0; v < nvalues(&cl_options[k]); v++)
			round_trip(k, v);
	}
	assert_true(scalars > 0);
}

/* A value an option does not have is refused by the flag and by the key,
 * each message listing the values. */
static void test_bad_values(void **state)
{
	(void)state;
	for (int k = 0; k < CL_NOPTIONS; k++) {
		const struct cl_option *t = &cl_options[k];
		if (t->type == CL_OPTION_LAUNCHES)
			continue;
		char arg[128], text[256], err[512], names[128];
		assert_int_equal(cl_option_parse(t, "bogus"), -1);
		snprintf(arg, sizeof arg, "--%s=bogus", t->key);
		struct options o;
		assert_int_equal(parse_arg(&o, arg), -1); /* a BOOL takes no value */
		options_free(&o);
		snprintf(text, sizeof text, "%s: bogus\n", t->key);
		struct cl_config c;
		assert_int_equal(load_text(text, &c, err, sizeof err), -1);
		cl_option_values_text(t, names, sizeof names);
		assert_non_null(strstr(err, t->type == CL_OPTION_BOOL ? "use true or false" : names));
		assert_int_equal(cl_config_option(&c, k, NULL), t->def); /* left at the defaults */
		cl_config_free(&c);
	}
}

/* The defaults: the table's, in a configuration no file set, in the
 * analysis options, and nothing given on a bare command line. */
static void test_defaults(void **state)
{
	(void)state;
	struct cl_config c;
	cl_config_init(&c);
	struct options o;
	assert_int_equal(parse_arg(&o, "-q"), 0);
	for (int k = 0; k < CL_NOPTIONS; k++) {
		if (cl_options[k].type == CL_OPTION_LAUNCHES)
			continue;
		int set = 1;
		assert_int_equal(cl_config_option(&c, k, &set), cl_options[k].def);
		assert_false(set);
		assert_false(o.option_given[k]);
	}
	options_free(&o);
	cl_config_free(&c);
	struct analysis_options a;
	analysis_options_init(&a);
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_ANALYSIS_##SCOPE(CL_OPTION_IF_SCALAR_##TYPE(assert_int_equal(a.NAME, DEFAULT);))
#include "analysis/options.def"
	assert_int_equal(a.nlaunches, 0);
}

static void hash_hex(const struct analysis_options *a, char hex[33])
{
	struct cl_hash h;
	cl_hash_init(&h);
	analysis_options_hash(a, &h);
	cl_hash_hex(&h, hex);
}

/* A's hash differs from BASE's, which is HEX. */
static void assert_hash_differs(const struct analysis_options *a, const char *hex, const char *what)
{
	char other[33];
	hash_hex(a, other);
	if (!strcmp(other, hex))
		fail_msg("changing %s leaves the result cache's key as it was", what);
}

/* Each option of the analysis, each value changed in turn, changes the
 * hash; the launches do, each field of one; --dump-launches does not. */
static void test_hash(void **state)
{
	(void)state;
	struct analysis_options base, a;
	analysis_options_init(&base);
	struct launch_decl d = { .kernel = "k", .block = { 64, 1, 1 }, .grid = { 2, 1, 1 }, .file = "f.yaml",
	                         .line = 3 };
	base.launches = &d;
	base.nlaunches = 1;
	char hex[33];
	hash_hex(&base, hex);
	int analysis = 0;
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_ANALYSIS_##SCOPE(CL_OPTION_IF_SCALAR_##TYPE( \
		analysis++; \
		for (int v = 0; v < nvalues(&cl_options[CL_OPT_##NAME]); v++) { \
			if (v == base.NAME) \
				continue; \
			a = base; \
			a.NAME = v; \
			assert_hash_differs(&a, hex, KEY); \
		}))
#include "analysis/options.def"
	assert_true(analysis > 0);
	struct launch_decl e = d;
	a = base;
	a.launches = &e;
	e.block[1] = 2;
	assert_hash_differs(&a, hex, "a launch's block");
	e = d, e.grid[0] = 3;
	assert_hash_differs(&a, hex, "a launch's grid");
	e = d, e.kernel = "j";
	assert_hash_differs(&a, hex, "a launch's kernel");
	e = d, e.line = 4;
	assert_hash_differs(&a, hex, "a launch's line");
	e = d, e.file = "g.yaml";
	assert_hash_differs(&a, hex, "a launch's file");
	a = base;
	a.nlaunches = 0;
	assert_hash_differs(&a, hex, "the launches");
	a = base;
	a.dump_launches = stderr;
	char same[33];
	hash_hex(&a, same);
	assert_string_equal(same, hex);
}

/* Every option that --help names is in it once, its flag at the start of
 * a line. */
static void test_help(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	options_usage(fp);
	fclose(fp);
	for (int k = 0; k < CL_NOPTIONS; k++) {
		const struct cl_option *t = &cl_options[k];
		if (!t->help_flag)
			continue;
		char line[128];
		snprintf(line, sizeof line, "\n  %s", t->help_flag);
		const char *at = strstr(buf, line);
		if (!at)
			fail_msg("--help does not show %s", t->help_flag);
		assert_null(strstr(at + 1, line));
		char first[128]; /* the text's first line */
		snprintf(first, sizeof first, "%.*s\n", (int)strcspn(t->help, "\n"), t->help);
		assert_non_null(strstr(at, first));
		/* a text that names the default names the table's */
		char *flat = strdup(t->help), want[128], name[64];
		for (char *c = flat; *c; c++)
			*c = *c == '\n' ? ' ' : *c;
		snprintf(want, sizeof want, "(default: config %s, %s)", t->key,
		         cl_option_value_name(t, t->def, name, sizeof name));
		if (strstr(flat, "(default:") && !strstr(flat, want))
			fail_msg("--help for %s does not say %s", t->key, want);
		free(flat);
	}
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_hash),
		cmocka_unit_test(test_help),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
