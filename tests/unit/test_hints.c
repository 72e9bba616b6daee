/* test_hints.c - the cause named for a clang error (src/driver/hints.c):
 * which lines of a project header count as declaring a name, and which
 * only use it; the -I for a header not found. Each case writes its own
 * header into a temporary project, under a name no other case asks for
 * (a process remembers its searches). */
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
#include <sys/stat.h>
#include <unistd.h>

#include "driver/hints.h"

static char top[256], file[300];

static void write_file(const char *rel, const char *text)
{
	char p[400];
	snprintf(p, sizeof p, "%s/%s", top, rel);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	(void)state;
	snprintf(top, sizeof top, "%s/cudalint-hints.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(top))
		return -1;
	char p[400];
	snprintf(p, sizeof p, "%s/.git", top);
	mkdir(p, 0755);
	snprintf(p, sizeof p, "%s/inc", top);
	mkdir(p, 0755);
	snprintf(p, sizeof p, "%s/inc/sub", top);
	mkdir(p, 0755);
	snprintf(file, sizeof file, "%s/k.cu", top);
	write_file("k.cu", "__global__ void k() {}\n");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
	return system(cmd);
}

/* The hint for "use of undeclared identifier 'NAME'" with HEADER holding
 * TEXT: whether it names inc/HEADER. */
static int names_header(const char *header, const char *text, const char *name)
{
	char rel[100], err[200];
	snprintf(rel, sizeof rel, "inc/%s", header);
	write_file(rel, text);
	snprintf(err, sizeof err, "k.cu:1:2: error: use of undeclared identifier '%s'", name);
	char *h = cl_hint_for_error(file, err);
	int yes = h && strstr(h, rel) != NULL;
	free(h);
	return yes;
}

static void declarations(void **state)
{
	(void)state;
	assert_true(names_header("d1.h", "#define TILE_A 32\n", "TILE_A"));
	assert_true(names_header("d2.h", "#  define TILE_B(x) x\n", "TILE_B"));
	assert_true(names_header("d3.cuh", "struct Params_c { int n; };\n", "Params_c"));
	assert_true(names_header("d4.h", "typedef unsigned int word_d;\n", "word_d"));
	assert_true(names_header("d5.h", "using real_e = float;\n", "real_e"));
	assert_true(names_header("d6.h", "static __device__ inline int twice_f(int x) { return 2 * x; }\n", "twice_f"));
	assert_true(names_header("d7.h", "__device__ float *slot_g(int i);\n", "slot_g"));
	assert_true(names_header("d8.h", "extern __constant__ float table_h[16];\n", "table_h"));
	assert_true(names_header("d9.h", "template <typename T> __device__ T id_i(T x);\n", "id_i"));
}

static void uses(void **state)
{
	(void)state;
	assert_false(names_header("u1.h", "inline int f1(int a) { return USE_A + 1; }\n", "USE_A"));
	assert_false(names_header("u2.h", "inline int f2(int a) {\n\tint z = a * USE_B(2);\n\treturn z;\n}\n", "USE_B"));
	assert_false(names_header("u3.h", "inline void f3(int *p) {\n\tUSE_C(p);\n}\n", "USE_C"));
	assert_false(names_header("u4.h", "inline int f4(int a) {\n\treturn USE_D(a);\n}\n", "USE_D"));
	assert_false(names_header("u5.h", "// int USE_E(int);\n", "USE_E"));
	assert_false(names_header("u6.h", "#ifdef USE_F\n#endif\n", "USE_F"));
	assert_false(names_header("u7.h", "inline int f7(S s) {\n\treturn s.USE_G(1);\n}\n", "USE_G"));
	assert_false(names_header("u8.h", "#define OTHER USE_H\n", "USE_H"));
}

static void header_not_found(void **state)
{
	(void)state;
	write_file("inc/sub/found.h", "\n");
	char *h = cl_hint_for_error(file, "k.cu:1:10: fatal error: 'sub/found.h' file not found");
	assert_non_null(h);
	assert_non_null(strstr(h, "`-I "));
	assert_non_null(strstr(h, "inc`?"));
	free(h);
	assert_null(cl_hint_for_error(file, "k.cu:1:10: fatal error: 'nowhere.h' file not found"));
	assert_null(cl_hint_for_error(file, "k.cu:1:10: error: expected ';'"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(declarations),
		cmocka_unit_test(uses),
		cmocka_unit_test(header_not_found),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
