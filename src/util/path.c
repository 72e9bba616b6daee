#include "util/path.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <string.h>

char *path_under(const char *dir, const char *p)
{
	if (!dir || !*dir || !*p || p[0] == '/')
		return xstrdup(p);
	size_t n = strlen(dir) + strlen(p) + 2;
	char *r = xmalloc(n);
	snprintf(r, n, "%s/%s", dir, p);
	return r;
}
