/* pch.c - see pch.h. The cache lives in $CUDALINT_CACHE_DIR, else
 * $XDG_CACHE_HOME/cudalint, else ~/.cache/cudalint. Files are written to
 * a temporary name and renamed, so concurrent runs (pre-commit splits
 * files across processes) never see half a PCH. */
#include "frontend/pch.h"
#include "util/xalloc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char pch_header[] =
	"/* cudalint: the headers shared by most CUDA files, precompiled once */\n"
	"#include <cuda_runtime.h>\n"
	"#include <cooperative_groups.h>\n"
	"#include <cuda/atomic>\n"
	"#include <cuda/barrier>\n"
	"#include <cstdio>\n"
	"#include <cstdlib>\n"
	"#include <vector>\n";

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 1099511628211ull;
	}
	return h;
}

static int mkdirs(const char *path)
{
	char buf[4096];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return -1;
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(buf, 0755) != 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	return mkdir(buf, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

static int cache_dir(char *out, size_t len)
{
	const char *d = getenv("CUDALINT_CACHE_DIR");
	if (d && *d)
		snprintf(out, len, "%s", d);
	else if ((d = getenv("XDG_CACHE_HOME")) && *d)
		snprintf(out, len, "%s/cudalint", d);
	else if ((d = getenv("HOME")) && *d)
		snprintf(out, len, "%s/.cache/cudalint", d);
	else
		return -1;
	return mkdirs(out);
}

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	int ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok ? 0 : -1;
}

static int has_errors(CXTranslationUnit tu)
{
	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		int err = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
		if (err)
			return 1;
	}
	return 0;
}

char *pch_ensure(CXIndex index, const char *const *argv, int argc, struct CXUnsavedFile *unsaved,
                 unsigned nunsaved, const char *cuda_path)
{
	char dir[4096], pch[4200], hdr[4200], tmp[4300];
	if (!cuda_path || cache_dir(dir, sizeof dir) != 0)
		return NULL;

	/* the key: libclang, cudalint, the arguments, the toolkit's headers */
	uint64_t h = 14695981039346656037ull;
	CXString v = clang_getClangVersion();
	h = fnv(h, clang_getCString(v), strlen(clang_getCString(v)));
	clang_disposeString(v);
	h = fnv(h, CUDALINT_VERSION, sizeof CUDALINT_VERSION);
	h = fnv(h, pch_header, sizeof pch_header);
	for (int i = 0; i < argc; i++)
		h = fnv(h, argv[i], strlen(argv[i]) + 1);
	struct stat st;
	char probe[4200];
	snprintf(probe, sizeof probe, "%s/include/cuda_runtime.h", cuda_path);
	if (stat(probe, &st) == 0) {
		h = fnv(h, &st.st_mtime, sizeof st.st_mtime);
		h = fnv(h, &st.st_size, sizeof st.st_size);
	}
	snprintf(pch, sizeof pch, "%s/cuda-%016llx.pch", dir, (unsigned long long)h);
	if (access(pch, R_OK) == 0)
		return xstrdup(pch);

	snprintf(hdr, sizeof hdr, "%s/cuda-%016llx.cuh", dir, (unsigned long long)h);
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", pch, (long)getpid());
	if (write_file(hdr, pch_header) != 0)
		return NULL;
	const char **args = xmalloc((size_t)(argc + 2) * sizeof *args);
	memcpy(args, argv, (size_t)argc * sizeof *args);
	args[argc] = "-Xclang";
	args[argc + 1] = "-fpch-instantiate-templates";
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec = clang_parseTranslationUnit2(index, hdr, args, argc + 2, unsaved, nunsaved,
	                                                  CXTranslationUnit_ForSerialization |
	                                                          CXTranslationUnit_Incomplete,
	                                                  &tu);
	free(args);
	char *result = NULL;
	if (ec == CXError_Success && tu && !has_errors(tu) &&
	    clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) == CXSaveError_None &&
	    rename(tmp, pch) == 0)
		result = xstrdup(pch);
	unlink(tmp);
	if (tu)
		clang_disposeTranslationUnit(tu);
	return result;
}
