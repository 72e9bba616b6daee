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

int cl_cache_dir_name(const char *sub, char *out, size_t len)
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
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int cl_cache_dir(const char *sub, char *out, size_t len)
{
	return cl_cache_dir_name(sub, out, len) != 0 ? -1 : mkdirs(out);
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

struct entry {
	char *name;
	time_t used;
	long long size;
};

static int by_use(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	return x->used < y->used ? -1 : x->used > y->used; /* oldest first */
}

void cl_cache_evict(const char *dir, int (*is_entry)(const char *name), long max_age, size_t keep,
                    const char *spare, void (*also)(int dirfd, const char *name))
{
	cl_cache_evict_sized(dir, is_entry, max_age, keep, 0, spare, also);
}

void cl_cache_evict_sized(const char *dir, int (*is_entry)(const char *name), long max_age, size_t keep,
                          long long max_bytes, const char *spare, void (*also)(int dirfd, const char *name))
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct entry *v = NULL;
	size_t n = 0, cap = 0;
	long long bytes = 0; /* of the entries, the spared one left out */
	time_t before = time(NULL) - max_age;
	for (struct dirent *e; (e = readdir(d));) {
		struct stat st;
		if (!is_entry(e->d_name) || (spare && !strcmp(e->d_name, spare)) ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			struct entry *w = realloc(v, cap * sizeof *v);
			if (!w)
				break; /* evicting less is no harm */
			v = w;
		}
		char *name = strdup(e->d_name);
		if (!name)
			break;
		v[n++] = (struct entry){ name, st.st_mtime, (long long)st.st_size };
		bytes += (long long)st.st_size;
	}
	if (n)
		qsort(v, n, sizeof *v, by_use);
	/* the spared entry counts against KEEP too */
	size_t left = n + (spare != NULL);
	for (size_t i = 0; i < n; i++) {
		if (v[i].used >= before && (!keep || left <= keep) && (!max_bytes || bytes <= max_bytes))
			break;
		if (unlinkat(dirfd(d), v[i].name, 0) == 0 || errno == ENOENT) {
			left--;
			bytes -= v[i].size;
			if (also)
				also(dirfd(d), v[i].name);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	closedir(d);
}

void cl_cache_touch(const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0 && st.st_mtime < time(NULL) - 3600)
		(void)utimensat(AT_FDCWD, path, NULL, 0);
}

void cl_cache_remove(const char *dir, int (*is_ours)(const char *name), size_t *n, long long *bytes)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d));) {
		struct stat st;
		if (!is_ours(e->d_name) || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    S_ISDIR(st.st_mode))
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0) == 0) {
			++*n;
			*bytes += st.st_size;
		}
	}
	closedir(d);
}
