/* test_clang_args.c - the one list of clang arguments that may reach
 * libclang (src/frontend/clang_args.c): what only reads passes, what
 * writes, loads code, reads more arguments or hands them on is refused,
 * and a value is consumed exactly where clang consumes it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "frontend/clang_args.h"

#define N(a) ((int)(sizeof(a) / sizeof *(a)))

/* The message for ARGV, or NULL. */
static const char *check(const char *const *argv, int argc)
{
	static char buf[512];
	return cl_clang_args_refused(argv, argc, buf, sizeof buf);
}

/* ARGV is refused, quoting BAD */
static void refused(const char *const *argv, int argc, const char *bad)
{
	const char *m = check(argv, argc);
	if (!m)
		fail_msg("passed: %s ...", argv[0]);
	char q[256];
	snprintf(q, sizeof q, "'%s' ", bad);
	if (strncmp(m, q, strlen(q)))
		fail_msg("'%s' refused as: %s", bad, m);
}

static void reads_pass(void **state)
{
	(void)state;
	const char *const a[] = { "-Iinc", "-I", "inc", "-isystem", "sys", "-isystem=sys", "-iquote", "q",
		                  "-idirafter", "d", "-include", "pre.h", "-imacros", "m.h", "-DX=1", "-D", "Y",
		                  "-UZ", "-x", "cuda", "-std=c++17", "-stdlib=libc++", "--cuda-path=/opt/cuda",
		                  "--cuda-gpu-arch=sm_80", "--offload-arch=sm_90", "-nocudainc", "-w", "-Wall",
		                  "-Wno-unused-variable", "-Werror=return-type", "-fms-extensions", "-fno-exceptions",
		                  "-fno-modules", "-fgpu-rdc", "-march=native", "-O2", "-g", "-target",
		                  "x86_64-linux-gnu", "--target=nvptx64", "-Xclang", "-fcuda-allow-variadic-functions",
		                  "-Xclang", "-target-feature", "-Xclang", "+ptx80" };
	assert_null(check(a, N(a)));
	assert_null(check(NULL, 0));
	/* a value clang consumes is consumed here too: "-D -MD" defines -MD */
	const char *const d[] = { "-D", "-MD", "-I", "-Xclang" };
	assert_null(check(d, N(d)));
}

static void writers_refused(void **state)
{
	(void)state;
	static const char *const sets[][4] = {
		{ "-MD" },
		{ "-MMD" },
		{ "-MF", "x.d" },
		{ "-MJ", "x.json" },
		{ "-o", "x.o" },
		{ "-ox.o" },
		{ "--output=x.o" },
		{ "-ftime-trace=x.json" },
		{ "-ftime-trace" },
		{ "-fmodules" },
		{ "-fmodules-cache-path=/tmp/m" },
		{ "-fsave-optimization-record" },
		{ "-foptimization-record-file=x" },
		{ "-fcrash-diagnostics-dir=/tmp" },
		{ "-fproc-stat-report=x" },
		{ "-fplugin=x.so" },
		{ "-fpass-plugin=x.so" },
		{ "-save-temps" },
		{ "--serialize-diagnostics", "x" },
		{ "-gen-reproducer" },
		{ "-gen-cdb-fragment-path", "d" },
		{ "-emit-ast" },
		{ "-fdump-record-layouts" },
		{ "--config=x.cfg" },
		{ "-B", "/tmp" },
		{ "-ccc-install-dir", "/tmp" },
	};
	for (int i = 0; i < N(sets); i++) {
		int n = 0;
		while (n < 4 && sets[i][n])
			n++;
		refused(sets[i], n, sets[i][0]);
	}
}

static void wrappers_refused(void **state)
{
	(void)state;
	const char *const wp[] = { "-Wp,-MD,x.d" };
	refused(wp, 1, "-Wp,-MD,x.d");
	const char *const wl[] = { "-Wl,-o,x" };
	refused(wl, 1, "-Wl,-o,x");
	const char *const mllvm[] = { "-mllvm", "-stats" };
	refused(mllvm, 2, "-mllvm");
	const char *const xp[] = { "-Xpreprocessor", "-MD" };
	refused(xp, 2, "-Xpreprocessor");
	const char *const xa[] = { "-Xarch_device", "-MD" };
	refused(xa, 2, "-Xarch_device");
	/* after -Xclang: the front end's own writers and loaders */
	const char *const dep[] = { "-Xclang", "-dependency-file", "-Xclang", "x.d" };
	refused(dep, 4, "-dependency-file");
	const char *const hdr[] = { "-Xclang", "-header-include-file", "-Xclang", "x" };
	refused(hdr, 4, "-header-include-file");
	const char *const load[] = { "-Xclang", "-load", "-Xclang", "x.so" };
	refused(load, 4, "-load");
	const char *const plugin[] = { "-Xclang", "-add-plugin", "-Xclang", "p" };
	refused(plugin, 4, "-add-plugin");
	const char *const emit[] = { "-Xclang", "-emit-obj" };
	refused(emit, 2, "-emit-obj");
	const char *const inc[] = { "-Xclang", "-I", "-Xclang", "x" }; /* driver options go without -Xclang */
	refused(inc, 4, "-I");
	/* a front-end option's value comes after another -Xclang */
	const char *const tf[] = { "-Xclang", "-target-feature", "+ptx80" };
	refused(tf, 3, "-target-feature");
	/* front-end options only after -Xclang */
	const char *const tfd[] = { "-target-feature", "+ptx80" };
	refused(tfd, 2, "+ptx80");
}

static void not_options_refused(void **state)
{
	(void)state;
	const char *const rsp[] = { "@more.rsp" };
	refused(rsp, 1, "@more.rsp");
	const char *const input[] = { "-DX", "other.cu" };
	refused(input, 2, "other.cu");
	const char *const last[] = { "-I" };
	refused(last, 1, "-I");
	const char *const xclang[] = { "-DX", "-Xclang" };
	refused(xclang, 2, "-Xclang");
	/* a joined-only option takes nothing from the next argument */
	const char *const std[] = { "-std", "-MD" };
	refused(std, 2, "-std");
	/* the first refusal is the one named */
	const char *const two[] = { "-Iok", "-MD", "-o", "x" };
	refused(two, 4, "-MD");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_pass),
		cmocka_unit_test(writers_refused),
		cmocka_unit_test(wrappers_refused),
		cmocka_unit_test(not_options_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
