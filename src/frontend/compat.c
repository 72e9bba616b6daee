/* compat.c - see compat.h. Every entry here answers one class of code that
 * nvcc 13 compiles and libclang's device-side parse rejects; each has a
 * case in testdata/compat/ that fails without it. */
#define _GNU_SOURCE /* dladdr */
#include "frontend/compat.h"
#include "util/xalloc.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const compat_args[] = {
	NULL,
};

/* ---- the resource directory ------------------------------------------- */

/* libclang computes its own resource directory from where it was loaded,
 * but the driver inside it derives the CUDA wrapper headers' directory
 * (<resource>/include/cuda_wrappers, with the device-side placement `new`)
 * from its argv[0], "clang", so relative to the working directory: cub and
 * thrust then fail with "no matching 'operator new' ... include <new>"
 * (NOTES.md). Passing -resource-dir sets both. */

static int libclang_major(void)
{
	CXString v = clang_getClangVersion(); /* "Debian clang version 19.1.7 (...)" */
	const char *s = strstr(clang_getCString(v), "version ");
	int major = s ? atoi(s + strlen("version ")) : 0;
	clang_disposeString(v);
	return major;
}

/* dir = base + rel + "/<major>", if it holds clang's CUDA headers. */
static char *resource_candidate(const char *base, const char *rel, int major)
{
	char dir[PATH_MAX], probe[PATH_MAX], real[PATH_MAX];
	if (snprintf(dir, sizeof dir, "%s%s/%d", base, rel, major) >= (int)sizeof dir ||
	    snprintf(probe, sizeof probe, "%s/include/cuda_wrappers/new", dir) >= (int)sizeof probe ||
	    access(probe, R_OK) != 0 || !realpath(dir, real))
		return NULL;
	return xstrdup(real);
}

char *compat_resource_dir(void)
{
	int major = libclang_major();
	Dl_info info;
	if (major <= 0 || !dladdr((void *)clang_createIndex, &info) || !info.dli_fname)
		return NULL;
	char lib[PATH_MAX], real[PATH_MAX];
	if (snprintf(lib, sizeof lib, "%s", info.dli_fname) >= (int)sizeof lib)
		return NULL;
	if (!realpath(lib, real))
		memcpy(real, lib, sizeof real);
	char *slash = strrchr(lib, '/');
	if (slash)
		*slash = 0;
	slash = strrchr(real, '/');
	if (slash)
		*slash = 0;
	/* the LLVM layout (<prefix>/lib/libclang.so, <prefix>/lib/clang/N),
	 * through the path it was loaded by and through its real file (Debian
	 * keeps the file in /usr/lib/<triple>/, with /usr/lib/clang/N beside
	 * it), then Debian's and Ubuntu's fixed prefix */
	char *dir = resource_candidate(lib, "/clang", major);
	if (!dir)
		dir = resource_candidate(real, "/clang", major);
	if (!dir)
		dir = resource_candidate(real, "/../clang", major);
	if (!dir) {
		char prefix[64];
		snprintf(prefix, sizeof prefix, "/usr/lib/llvm-%d/lib", major);
		dir = resource_candidate(prefix, "/clang", major);
	}
	return dir;
}

/* ---- tolerated errors --------------------------------------------------- */

int compat_tolerated(CXTranslationUnit tu, CXDiagnostic d, const char *msg)
{
	(void)tu;
	(void)d;
	(void)msg;
	return 0;
}
