/* test_glob.c - the one glob matcher (src/util/glob.c): fnmatch(3)'s
 * syntax without flags, compared with glibc's fnmatch itself on
 * well-formed globs; per-file-ignores' component-wise matching with
 * "**"; and globs on which glibc's fnmatch, or a recursive "**", takes
 * exponential time. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/glob.h"

#define YES(g, s) assert_true(cl_glob_match(g, s))
#define NO(g, s) assert_false(cl_glob_match(g, s))
#define PATH_YES(g, p) assert_true(cl_glob_match_path(g, p))
#define PATH_NO(g, p) assert_false(cl_glob_match_path(g, p))

static void stars_and_marks(void **state)
{
	(void)state;
	YES("", "");
	NO("", "a");
	YES("*", "");
	YES("*", "a/b"); /* '*' crosses '/' outside path matching */
	YES("CL2*", "CL2001");
	NO("CL2*", "CL1001");
	YES("*barrier*", "divergent-loop-barrier");
	YES("a*b*c", "aXbYc");
	YES("a*b*c", "abbbc");
	NO("a*b*c", "acb");
	YES("***a", "ba");
	YES("?", "/");
	NO("?", "");
	YES("a?c", "abc");
	NO("a?c", "ac");
	YES("*.cu", "k.cu");
	NO("*.cu", "k.cuh");
	YES("*.cu*", "k.cuh");
}

static void sets(void **state)
{
	(void)state;
	YES("[abc]", "b");
	NO("[abc]", "d");
	YES("k[0-9].cu", "k7.cu");
	NO("k[0-9].cu", "kx.cu");
	YES("[!0-9]", "x");
	NO("[!0-9]", "5");
	YES("[^0-9]", "x");
	NO("[^a]", "a");
	YES("[]]", "]");        /* ']' first is a member */
	YES("[!]]", "a");
	NO("[!]]", "]");
	YES("[a-]", "-");       /* '-' last is a member */
	YES("[-a]", "-");
	NO("[b-a]", "a");       /* an empty range */
	YES("[[:digit:]]", "7");
	NO("[[:digit:]]", "x");
	YES("[[:alpha:]_]", "_");
	YES("[[:digit:]-z]", "-"); /* a class does not start a range */
	NO("[[:nosuch:]a]", "a");  /* an unknown class: nothing, as glibc */
	YES("[[.a.]-c]", "b");
	YES("[[=a=]]", "a");
	YES("[", "[");          /* no ']': the '[' is a byte */
	YES("[ab", "[ab");
	NO("[a-", "[a-");       /* a range cut off: nothing, as glibc */
	YES("[/]", "/");
}

static void escapes(void **state)
{
	(void)state;
	YES("\\*", "*");
	NO("\\*", "a");
	YES("a\\?", "a?");
	YES("[\\]]", "]");
	NO("\\", "\\");         /* a '\' at the end matches nothing */
	NO("a*\\", "ab\\");
}

/* glibc's fnmatch(G, S, 0) and cl_glob_match agree on random globs over
 * ALPHA (well-formed enough: glibc's fnmatch has quirks of its own on
 * some ill-formed sets, such as "[[-" cut off by the end of the glob). */
static void agree_with_fnmatch(const char *alpha, unsigned seed)
{
	size_t na = strlen(alpha);
	srand(seed);
	for (int it = 0; it < 200000; it++) {
		char g[12], s[10];
		int gl = rand() % 9, sl = rand() % 8;
		for (int i = 0; i < gl; i++)
			g[i] = alpha[(size_t)rand() % na];
		g[gl] = '\0';
		for (int i = 0; i < sl; i++)
			s[i] = "ab-]/[\\!"[rand() % 8];
		s[sl] = '\0';
		int want = fnmatch(g, s, 0) == 0;
		if (cl_glob_match(g, s) != want)
			fail_msg("glob \"%s\" on \"%s\": fnmatch says %d", g, s, want);
	}
}

static void same_as_fnmatch(void **state)
{
	(void)state;
	agree_with_fnmatch("ab*?[]!^-/", 1);
	agree_with_fnmatch("ab*?[]\\!/", 2);
	agree_with_fnmatch("ab*?[]!^-.", 3);
}

static void lengths(void **state)
{
	(void)state;
	assert_true(cl_glob_match_n("*.cuXXX", 4, "k.cu", 4));
	assert_true(cl_glob_match_n("k", 1, "k.cu", 1));
	assert_false(cl_glob_match_n("k", 1, "k.cu", 2));
}

static void components(void **state)
{
	(void)state;
	PATH_YES("src/*.cu", "src/k.cu");
	PATH_NO("src/*.cu", "src/sub/k.cu"); /* '*' stays in its component */
	PATH_NO("src?k.cu", "src/k.cu");
	PATH_NO("src[/]k.cu", "src/k.cu");
	PATH_YES("src/k.cu", "src/k.cu");
	PATH_NO("src", "src/k.cu");          /* the whole path, never a leading part */
	PATH_NO("k.cu", "src/k.cu");
	PATH_YES("k.cu", "k.cu");
}

static void globstars(void **state)
{
	(void)state;
	PATH_YES("tests/**", "tests/a.cu");
	PATH_YES("tests/**", "tests/a/b/c.cu");
	PATH_NO("tests/**", "tests");         /* below tests/, not tests itself */
	PATH_NO("tests/**", "other/a.cu");
	PATH_YES("**", "a.cu");
	PATH_YES("**", "a/b.cu");
	PATH_YES("**/legacy/*.cu", "legacy/k.cu"); /* none */
	PATH_YES("**/legacy/*.cu", "a/b/legacy/k.cu");
	PATH_NO("**/legacy/*.cu", "a/legacy/sub/k.cu");
	PATH_YES("src/**/k.cu", "src/k.cu");
	PATH_YES("src/**/k.cu", "src/a/b/k.cu");
	PATH_NO("src/**/k.cu", "src/a/b/j.cu");
	PATH_YES("**/**/k.cu", "k.cu");
	PATH_YES("a/**/b/**/c", "a/x/b/y/z/c");
	PATH_YES("a/**/b/**/c", "a/b/c");
	PATH_NO("a/**/b/**/c", "a/c");
	PATH_YES("a**b/k.cu", "axyb/k.cu");   /* "**" inside a component is '*' */
	PATH_NO("a**b/k.cu", "ax/b/k.cu");
}

/* Exponential for glibc's fnmatch and for a recursive "**": each of
 * these answers at once here (a hang would show as the test's timeout). */
static void hostile(void **state)
{
	(void)state;
	char s[4097];
	memset(s, 'a', sizeof s - 1);
	s[sizeof s - 1] = '\0';
	NO("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", s);
	YES("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a", s);
	char g[512] = "", p[512] = "";
	for (int i = 0; i < 40; i++)
		strcat(g, "**/a/");
	strcat(g, "b");
	for (int i = 0; i < 120; i++)
		strcat(p, "a/");
	strcat(p, "c");
	PATH_NO(g, p);
	p[strlen(p) - 1] = 'b';
	PATH_YES(g, p);
	/* '*' in components too: a 250-byte component under 20 of them */
	char gs[1024] = "", ps[1024] = "";
	for (int i = 0; i < 3; i++)
		strcat(gs, "**/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a/");
	strcat(gs, "*b");
	for (int i = 0; i < 3; i++) {
		memset(ps + strlen(ps), 'a', 250);
		strcat(ps, "/");
	}
	strcat(ps, "c");
	PATH_NO(gs, ps);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stars_and_marks),
		cmocka_unit_test(sets),
		cmocka_unit_test(escapes),
		cmocka_unit_test(same_as_fnmatch),
		cmocka_unit_test(lengths),
		cmocka_unit_test(components),
		cmocka_unit_test(globstars),
		cmocka_unit_test(hostile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
