/* files.c - see files.h. Directories are walked with fts(3), following
 * symbolic links (a source tree may link in a folder of kernels), and
 * each directory and each file is taken once, by device and inode: fts
 * itself only stops a link back to an ancestor, and two links to ".."
 * would otherwise make the walk exponential. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* tdestroy */
#endif
#include "driver/files.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fts.h>
#include <search.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct id {
	dev_t dev;
	ino_t ino;
	int index; /* of a file, in the list; -1 for a directory */
};

static int cmp_id(const void *a, const void *b)
{
	const struct id *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* The record of (dev, ino) in SET, added with INDEX when new (*FRESH). */
static struct id *visit(void **set, const struct stat *st, int index, int *fresh)
{
	struct id *k = xmalloc(sizeof *k);
	*k = (struct id){ st->st_dev, st->st_ino, index };
	struct id **found = tsearch(k, set, cmp_id);
	if (!found)
		abort(); /* out of memory */
	*fresh = *found == k;
	if (!*fresh)
		free(k);
	return *found;
}

static int first_visit(void **set, const struct stat *st)
{
	int fresh;
	visit(set, st, -1, &fresh);
	return fresh;
}

static void push(struct file_list *l, const char *p, const struct stat *st, int walked)
{
	int fresh;
	struct id *id = visit(&l->seen, st, l->n, &fresh);
	if (!fresh) {
		if (!walked) /* named, and walked too: named wins (.gitignore does not apply) */
			l->walked[id->index] = 0;
		return;
	}
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
		l->walked = xrealloc(l->walked, (size_t)l->cap);
	}
	l->walked[l->n] = (unsigned char)walked;
	l->v[l->n++] = xstrdup(p);
}

static int is_cuda_source(const char *name)
{
	const char *dot = strrchr(name, '.');
	return dot && (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh"));
}

/* Sorted by name; hidden entries (".git", ".cache") are never visited. */
static int by_name(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

static int walk(struct file_list *l, const char *dir, files_problem *problem, void *arg)
{
	char *const argv[] = { (char *)dir, NULL };
	FTS *fts = fts_open(argv, FTS_LOGICAL | FTS_NOCHDIR, by_name);
	if (!fts) {
		problem(dir, strerror(errno), 1, arg);
		return -1;
	}
	void *dirs = NULL;
	int found = 0;
	for (FTSENT *e; (e = fts_read(fts));) {
		int top = e->fts_level == FTS_ROOTLEVEL;
		if (!top && e->fts_name[0] == '.') {
			if (e->fts_info == FTS_D)
				fts_set(fts, e, FTS_SKIP);
			continue;
		}
		switch (e->fts_info) {
		case FTS_D:
			if (!first_visit(&dirs, e->fts_statp))
				fts_set(fts, e, FTS_SKIP);
			break;
		case FTS_F:
			if (is_cuda_source(e->fts_name)) {
				push(l, e->fts_path, e->fts_statp, 1);
				found++;
			}
			break;
		case FTS_DC: /* a link back to an ancestor: already being walked */
		case FTS_DP:
			break;
		case FTS_SLNONE:
			if (is_cuda_source(e->fts_name))
				problem(e->fts_path, "a symbolic link to nothing, not analysed", 0, arg);
			break;
		case FTS_DNR:
			problem(e->fts_path, strerror(e->fts_errno), 1, arg);
			break;
		case FTS_NS:
		case FTS_ERR:
			problem(e->fts_path, strerror(e->fts_errno), 1, arg);
			break;
		default: /* sockets, FIFOs and devices are not sources */
			break;
		}
	}
	int e = errno;
	if (e)
		problem(dir, strerror(e), 1, arg);
	fts_close(fts);
	tdestroy(dirs, free);
	return found;
}

int files_add(struct file_list *l, const char *path, files_problem *problem, void *arg)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		problem(path, strerror(errno), 1, arg);
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return walk(l, path, problem, arg);
	push(l, path, &st, 0); /* named explicitly: analysed whatever its extension, whatever git ignores */
	return 1;
}

void files_add_unread(struct file_list *l, const char *name)
{
	/* a file of that name on disk is the same file, should a directory
	 * searched also reach it; no file at all is (0, 0), once */
	struct stat st = { 0 };
	if (stat(name, &st) != 0)
		st.st_dev = st.st_ino = 0;
	push(l, name, &st, 0); /* named: never left out for .gitignore */
}

void files_free(struct file_list *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	free(l->walked);
	tdestroy(l->seen, free);
	memset(l, 0, sizeof *l);
}
