/* cachedir.c - see cachedir.h. */
#include "util/cachedir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static int mkdirs(char *path)
{
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			int rc = mkdir(path, 0755);
			*p = '/';
			if (rc != 0 && errno != EEXIST)
				return -1;
		}
	return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

int cl_cache_dir(const char *sub, char *out, size_t len)
{
	const char *d = getenv("CUDALINT_CACHE_DIR"), *tail = "";
	if (!d || !*d) {
		if ((d = getenv("XDG_CACHE_HOME")) && *d)
			tail = "/cudalint";
		else if ((d = getenv("HOME")) && *d)
			tail = "/.cache/cudalint";
		else
			return -1;
	}
	int n = snprintf(out, len, "%s%s%s%s", d, tail, sub ? "/" : "", sub ? sub : "");
	if (n < 0 || (size_t)n >= len)
		return -1;
	return mkdirs(out);
}
