/* cachedir.c - see cachedir.h. */
#include "util/cachedir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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

void cl_cache_sweep(const char *dir, int (*is_leftover)(const char *name), long age)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	time_t before = time(NULL) - age;
	for (struct dirent *e; (e = readdir(d));) {
		struct stat st;
		if (!is_leftover(e->d_name) || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (age == 0 || st.st_mtime < before)
			(void)unlinkat(dirfd(d), e->d_name, 0);
	}
	closedir(d);
}
