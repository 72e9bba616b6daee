/* nvcc compile commands (as CMake writes them into compile_commands.json)
 * turned into clang arguments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "frontend/nvcc_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *joined(const struct strvec *v)
{
	static char buf[4096];
	buf[0] = 0;
	for (int i = 0; i < v->n; i++) {
		strcat(buf, i ? " " : "");
		strcat(buf, v->v[i]);
	}
	return buf;
}

/* where nvcc_translate says why it failed */
static char why[512];

static void test_cmake_ninja_command(void **state)
{
	(void)state;
	/* what CMake 3.25 writes for nvcc 13 (docs/design/frontend.md) */
	const char *argv[] = { "/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler", "-DFOO=1", "-I/src",
		               "-isystem=/sys", "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
		               "-Xcompiler=-fPIC", "--expt-relaxed-constexpr", "-lineinfo", "-std=c++17", "-x", "cu",
		               "-rdc=true", "-c", "k.cu", "-o", "k.cu.o" };
	struct strvec out = { 0 }, archs = { 0 };
	assert_int_equal(nvcc_translate(argv, (int)(sizeof argv / sizeof *argv), "/build", "k.cu", &out, &archs, why, sizeof why), 0);
	assert_string_equal(joined(&out), "-DFOO=1 -I /src -isystem /sys -std=c++17 -fgpu-rdc");
	assert_string_equal(joined(&archs), "sm_80");
	nvcc_strvec_free(&archs);
	nvcc_strvec_free(&out);
}

static void test_separate_values_and_relative_paths(void **state)
{
	(void)state;
	const char *argv[] = { "nvcc", "-ccbin", "g++-12", "-I", "inc", "-D", "N=4", "-arch=sm_90a", "-Xptxas", "-v",
		               "-Xcompiler", "-Wall", "-G", "-gencode", "arch=compute_70,code=sm_70", "-isystem",
		               "../third", "-U", "OLD", "--use_fast_math", "-c", "a.cu" };
	struct strvec out = { 0 }, archs = { 0 };
	assert_int_equal(nvcc_translate(argv, (int)(sizeof argv / sizeof *argv), "/proj/build", "a.cu", &out, &archs, why, sizeof why), 0);
	assert_string_equal(joined(&out), "-I /proj/build/inc -DN=4 -isystem /proj/build/../third -UOLD");
	assert_string_equal(joined(&archs), "sm_90a sm_70");
	nvcc_strvec_free(&archs);
	nvcc_strvec_free(&out);
}

/* Every architecture, once each, in the command's order; of a -gencode
 * value the virtual architecture, which decides __CUDA_ARCH__. */
static void test_every_architecture(void **state)
{
	(void)state;
	const char *argv[] = { "nvcc", "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
		               "--generate-code=arch=compute_90,code=[compute_90,sm_90]", "-gencode",
		               "arch=compute_80,code=sm_86", "-gencode=arch=compute_100a,code=sm_100a", "-arch=native",
		               "--cuda-gpu-arch=sm_75", "--offload-arch=sm_70,sm_90", "-c", "k.cu" };
	struct strvec out = { 0 }, archs = { 0 };
	assert_int_equal(nvcc_translate(argv, (int)(sizeof argv / sizeof *argv), "/b", "k.cu", &out, &archs, why, sizeof why), 0);
	assert_string_equal(joined(&out), "");
	assert_string_equal(joined(&archs), "sm_80 sm_90 sm_100a sm_75 sm_70");
	nvcc_strvec_free(&archs);
	nvcc_strvec_free(&out);
}

static void test_options_file(void **state)
{
	(void)state;
	char dir[] = "/tmp/cudalint-rsp-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/includes_CUDA.rsp", dir);
	FILE *f = fopen(path, "w");
	fputs("-I/a \"-I/b c\" -DX=2\n-isystem=/sys\n", f);
	fclose(f);
	const char *argv[] = { "nvcc", "--options-file", "includes_CUDA.rsp", "-c", "k.cu" };
	struct strvec out = { 0 }, archs = { 0 };
	assert_int_equal(nvcc_translate(argv, 5, dir, "k.cu", &out, &archs, why, sizeof why), 0);
	assert_string_equal(joined(&out), "-I /a -I /b c -DX=2 -isystem /sys");
	assert_int_equal(archs.n, 0);
	nvcc_strvec_free(&out);
	unlink(path);
	rmdir(dir);
}

static void test_missing_options_file(void **state)
{
	(void)state;
	const char *argv[] = { "nvcc", "--options-file=/nonexistent/x.rsp", "-c", "k.cu" };
	struct strvec out = { 0 }, archs = { 0 };
	assert_int_equal(nvcc_translate(argv, 4, "/", "k.cu", &out, &archs, why, sizeof why), -1);
	assert_string_equal(why, "response file /nonexistent/x.rsp: cannot read: No such file or directory");
	nvcc_strvec_free(&out);
}

static void test_relocatable_device_code(void **state)
{
	(void)state;
	/* nvcc's spellings of separate compilation, and clang's own */
	const char *argv[] = { "nvcc", "-rdc=true", "-rdc", "false", "--relocatable-device-code=true",
		               "--relocatable-device-code", "false", "-dc", "--device-c", "-fno-gpu-rdc",
		               "-fgpu-rdc", "-rdc", "-DX", "-c", "k.cu" };
	struct strvec out = { 0 }, archs = { 0 };
	assert_int_equal(nvcc_translate(argv, (int)(sizeof argv / sizeof *argv), "/", "k.cu", &out, &archs, why, sizeof why), 0);
	assert_string_equal(joined(&out), "-fgpu-rdc -fno-gpu-rdc -fgpu-rdc -fno-gpu-rdc -fgpu-rdc -fgpu-rdc "
	                                  "-fno-gpu-rdc -fgpu-rdc -DX");
	assert_int_equal(archs.n, 0);
	nvcc_strvec_free(&out);
	nvcc_strvec_free(&archs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cmake_ninja_command),
		cmocka_unit_test(test_separate_values_and_relative_paths),
		cmocka_unit_test(test_every_architecture),
		cmocka_unit_test(test_options_file),
		cmocka_unit_test(test_missing_options_file),
		cmocka_unit_test(test_relocatable_device_code),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
