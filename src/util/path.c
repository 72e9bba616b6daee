#include "util/path.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int path_git_top(const char *start, char *out, size_t len)
{
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", start);
	snprintf(out, len, "%s", start);
	for (;;) {
		char probe[PATH_MAX + 8];
		struct stat st;
		snprintf(probe, sizeof probe, "%s/.git", dir);
		if (stat(probe, &st) == 0) {
			snprintf(out, len, "%s", dir[0] ? dir : "/");
			return 1;
		}
		char *s = strrchr(dir, '/');
		if (!s)
			return 0;
		if (s == dir) {
			if (!dir[1])
				return 0;
			dir[1] = 0; /* try "/" itself */
			continue;
		}
		*s = 0;
	}
}

char *path_under(const char *dir, const char *p)
{
	if (!dir || !*dir || !*p || p[0] == '/')
		return xstrdup(p);
	size_t n = strlen(dir) + strlen(p) + 2;
	char *r = xmalloc(n);
	snprintf(r, n, "%s/%s", dir, p);
	return r;
}
