/* clang_api.c - loading libclang on first use (clang_api.h). */
#define _GNU_SOURCE /* dladdr */
#include "frontend/clang_api.h"
#include "frontend/frontend.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct cl_clang_api cl_clang_table;
int cl_clang_ready;

const char *cl_clang_library(void)
{
	return CUDALINT_LIBCLANG;
}

const char *cl_frontend_identity(char *buf, size_t len)
{
	struct stat st;
	const char *path = cl_clang_library();
	if (stat(path, &st) != 0)
		memset(&st, 0, sizeof st);
	snprintf(buf, len, "libclang %d %s %jd %jd %jd %jd.%09ld", CUDALINT_LLVM_VERSION, path, (intmax_t)st.st_dev,
	         (intmax_t)st.st_ino, (intmax_t)st.st_size, (intmax_t)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	return buf;
}

static void load(void)
{
	const char *path = cl_clang_library();
	/* global, and each function looked up in the default scope rather
	 * than in the library: a wrapper of a libclang function that
	 * LD_PRELOAD puts first (tools/bench counts parses with one) is the
	 * one called, as when cudalint linked libclang */
	void *h = dlopen(path, RTLD_LAZY | RTLD_GLOBAL);
	if (!h) {
		fprintf(stderr, "cudalint: error: cannot load libclang: %s\n", dlerror());
		exit(2);
	}
#define CL_CLANG_RESOLVE(name)                                                                         \
	*(void **)&cl_clang_table.p_##name = dlsym(RTLD_DEFAULT, #name);                              \
	if (!cl_clang_table.p_##name) {                                                                \
		fprintf(stderr, "cudalint: error: %s has no function %s\n", path, #name);              \
		exit(2);                                                                               \
	}
	CL_CLANG_FUNCTIONS(CL_CLANG_RESOLVE)
#undef CL_CLANG_RESOLVE
	/* A test hook, not a feature (docs/cli.md): whether a run loaded
	 * libclang, seen without timing it */
	const char *trace = getenv("CUDALINT_TEST_TRACE_LIBCLANG");
	if (trace && *trace)
		fprintf(stderr, "cudalint: test: loaded %s\n", path);
	__atomic_store_n(&cl_clang_ready, 1, __ATOMIC_RELEASE);
}

const struct cl_clang_api *cl_clang_load(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, load);
	return &cl_clang_table;
}

const char *cl_frontend_libclang_path(char *buf, size_t len)
{
	/* a function no LD_PRELOAD shim wraps, so that dladdr names the
	 * library itself and not the shim */
	Dl_info info;
	const char *name = cl_clang_library();
	if (dladdr(*(void **)&cl_clang()->p_clang_getClangVersion, &info) && info.dli_fname && *info.dli_fname)
		name = info.dli_fname;
	char *real = realpath(name, NULL);
	snprintf(buf, len, "%s", real ? real : name);
	free(real);
	return buf;
}
