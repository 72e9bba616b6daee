/* cuda_env.c - where the CUDA toolkit is, and the clang arguments for it.
 *
 * Search order (as nvcc users expect): --cuda-path, $CUDA_PATH,
 * $CUDA_HOME, the directory above the nvcc on $PATH, /usr/local/cuda.
 * A candidate counts only if it has include/cuda_runtime.h. */
#include "frontend/cuda_env.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int has_toolkit(const char *dir)
{
	char p[PATH_MAX + 32];
	if (!dir || !*dir || strlen(dir) >= PATH_MAX)
		return 0;
	snprintf(p, sizeof p, "%s/include/cuda_runtime.h", dir);
	return access(p, R_OK) == 0;
}

/* The toolkit root of the nvcc found on $PATH: <root>/bin/nvcc. */
static char *toolkit_of_nvcc(void)
{
	const char *path = getenv("PATH");
	if (!path)
		return NULL;
	char *copy = xstrdup(path), *save = NULL;
	char *found = NULL;
	for (char *dir = strtok_r(copy, ":", &save); dir && !found; dir = strtok_r(NULL, ":", &save)) {
		char p[PATH_MAX], real[PATH_MAX];
		snprintf(p, sizeof p, "%s/nvcc", dir);
		if (access(p, X_OK) != 0 || !realpath(p, real))
			continue;
		char *slash = strrchr(real, '/');
		if (slash)
			*slash = 0; /* .../bin */
		slash = strrchr(real, '/');
		if (slash)
			*slash = 0; /* root */
		if (has_toolkit(real))
			found = xstrdup(real);
	}
	free(copy);
	return found;
}

char *cuda_env_find(const char *explicit_path, char *err, size_t errlen)
{
	if (explicit_path) {
		if (has_toolkit(explicit_path))
			return xstrdup(explicit_path);
		snprintf(err, errlen, "--cuda-path %s: no CUDA toolkit there (include/cuda_runtime.h is missing)",
		         explicit_path);
		return NULL;
	}
	const char *vars[] = { "CUDA_PATH", "CUDA_HOME" };
	for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
		const char *v = getenv(vars[i]);
		if (has_toolkit(v))
			return xstrdup(v);
	}
	char *nvcc = toolkit_of_nvcc();
	if (nvcc)
		return nvcc;
	if (has_toolkit("/usr/local/cuda"))
		return xstrdup("/usr/local/cuda");
	err[0] = 0;
	return NULL;
}
