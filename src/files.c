#include "files.h"
#include "util/srctext.h"
#include "util/xalloc.h"

#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void push_name(struct file_list *l, const char *p)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
	}
	l->v[l->n++] = xstrdup(p);
}

static void push(struct file_list *l, const char *p)
{
	char abs[PATH_MAX];
	if (cl_srctext_abspath(p, abs, sizeof abs) < 0)
		snprintf(abs, sizeof abs, "%s", p);
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->abs[i], abs))
			return;
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
		l->abs = xrealloc(l->abs, (size_t)l->cap * sizeof *l->abs);
	}
	l->abs[l->n] = xstrdup(abs);
	l->v[l->n++] = xstrdup(p);
}

static int is_cuda_source(const char *name)
{
	const char *dot = strrchr(name, '.');
	return dot && (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh"));
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(struct file_list *l, const char *dir, int depth)
{
	if (depth > 64) /* symlink loops */
		return;
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct file_list names = { 0 };
	for (struct dirent *e; (e = readdir(d));)
		if (e->d_name[0] != '.')
			push_name(&names, e->d_name);
	closedir(d);
	if (names.n) /* names.v is NULL for an empty directory */
		qsort(names.v, (size_t)names.n, sizeof *names.v, cmp);
	for (int i = 0; i < names.n; i++) {
		size_t n = strlen(dir) + strlen(names.v[i]) + 2;
		char *p = xmalloc(n);
		snprintf(p, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names.v[i]);
		struct stat st;
		if (stat(p, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				walk(l, p, depth + 1);
			else if (S_ISREG(st.st_mode) && is_cuda_source(names.v[i]))
				push(l, p);
		}
		free(p);
	}
	files_free(&names);
}

int files_add(struct file_list *l, const char *path, const char **reason)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		*reason = strerror(errno);
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		walk(l, path, 0);
	else
		push(l, path); /* named explicitly: analysed whatever its extension */
	return 0;
}

void files_free(struct file_list *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->v[i]);
		if (l->abs)
			free(l->abs[i]);
	}
	free(l->abs);
	l->abs = NULL;
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}
