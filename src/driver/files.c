/* files.c - see files.h. Directories are walked with fts(3), physically:
 * each symbolic link met is looked at before it is followed. A link that
 * stays inside the tree given is followed (a source tree may link a
 * folder of kernels into another place of itself); one that leaves it
 * only with --follow-links, for a repository in a pull request must not
 * make a run read /etc or walk the whole file system through a link to
 * "/"; and one into /proc, /sys or /dev never (endless files, files
 * that block, links back to everything). Each directory and each file is
 * taken once, by device and inode: fts itself only stops a link back to
 * an ancestor, and two links to ".." would otherwise make the walk
 * exponential, or a cycle of links out of the tree endless. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* tdestroy */
#endif
#include "driver/files.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fts.h>
#include <limits.h>
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

/* The system directories no walk enters, by name (for where a link
 * leads) and by device and inode (for a walk of "/" itself). */
static const char *const system_dirs[] = { "/proc", "/sys", "/dev" };
#define NSYSTEM (sizeof system_dirs / sizeof *system_dirs)

/* Whether the resolved path REAL is a system directory or below one. */
static int in_system_dir(const char *real)
{
	for (size_t k = 0; k < NSYSTEM; k++) {
		size_t n = strlen(system_dirs[k]);
		if (!strncmp(real, system_dirs[k], n) && (real[n] == '\0' || real[n] == '/'))
			return 1;
	}
	return 0;
}

/* One directory walk: the tree given, resolved, and what it has seen. */
struct walk {
	struct file_list *l;
	files_problem *problem;
	void *arg;
	int follow_links;
	char tree[PATH_MAX];       /* realpath of the directory given */
	struct stat system[NSYSTEM]; /* st_ino 0: no such directory */
	void *dirs;                /* tsearch(3) set of the directories walked */
	int found;                 /* .cu/.cuh files listed, or named in a warning */
};

static int is_system_dir(const struct walk *w, const struct stat *st)
{
	for (size_t k = 0; k < NSYSTEM; k++)
		if (w->system[k].st_ino && w->system[k].st_dev == st->st_dev && w->system[k].st_ino == st->st_ino)
			return 1;
	return 0;
}

/* The warning WHY for a .cu/.cuh entry (or a directory, which may hold
 * them) that the walk leaves out, counted as found: the directory is not
 * "without .cu files" when one was named. */
static void left_out(struct walk *w, const FTSENT *e, const char *why)
{
	w->problem(e->fts_path, why, 0, w->arg);
	w->found += is_cuda_source(e->fts_name);
}

/* What to do with the symbolic link E: follow it (1), or not (0), having
 * said why where that could hide sources. */
static int follow(struct walk *w, const FTSENT *e)
{
	char real[PATH_MAX];
	struct stat st;
	int cuda = is_cuda_source(e->fts_name);
	if (!realpath(e->fts_accpath, real) || stat(real, &st) != 0) {
		if (cuda) /* a directory link to nothing cannot hide anything */
			w->problem(e->fts_path, errno == ENOENT ? "a symbolic link to nothing, not analysed" : strerror(errno),
			           0, w->arg);
		return 0;
	}
	int matters = cuda || S_ISDIR(st.st_mode);
	if (in_system_dir(real)) {
		if (matters)
			left_out(w, e, "a symbolic link into /proc, /sys or /dev, left out (never followed)");
		return 0;
	}
	size_t n = strlen(w->tree);
	int inside = !strncmp(real, w->tree, n) && (real[n] == '\0' || real[n] == '/' || n == 1);
	if (inside || w->follow_links)
		return 1;
	if (matters)
		left_out(w, e, "a symbolic link out of the directory searched, left out (--follow-links follows it)");
	return 0;
}

/* Handles entry E of the walk; FTS is the walk's. */
static void visit_entry(struct walk *w, FTS *fts, FTSENT *e)
{
	switch (e->fts_info) {
	case FTS_D:
		if (is_system_dir(w, e->fts_statp)) { /* a walk of "/" */
			left_out(w, e, "a system directory, left out (never searched)");
			fts_set(fts, e, FTS_SKIP);
		} else if (!first_visit(&w->dirs, e->fts_statp)) {
			fts_set(fts, e, FTS_SKIP);
		}
		break;
	case FTS_F:
		if (is_cuda_source(e->fts_name)) {
			push(w->l, e->fts_path, e->fts_statp, 1);
			w->found++;
		}
		break;
	case FTS_SL: /* the walk is physical: each link is looked at first */
		if (follow(w, e))
			fts_set(fts, e, FTS_FOLLOW); /* fts_read gives E again, as what it points to */
		break;
	case FTS_SLNONE: /* a link followed, whose target went away since */
		if (is_cuda_source(e->fts_name))
			w->problem(e->fts_path, "a symbolic link to nothing, not analysed", 0, w->arg);
		break;
	case FTS_DC: /* a link back to an ancestor: already being walked */
	case FTS_DP:
		break;
	case FTS_DNR:
	case FTS_NS:
	case FTS_ERR:
		w->problem(e->fts_path, strerror(e->fts_errno), 1, w->arg);
		break;
	default: /* FIFOs, sockets and devices: no source, but one named as a source is said */
		if (is_cuda_source(e->fts_name))
			left_out(w, e, "not a regular file, left out");
		break;
	}
}

static int walk(struct file_list *l, const char *dir, int follow_links, files_problem *problem, void *arg)
{
	struct walk w = { .l = l, .problem = problem, .arg = arg, .follow_links = follow_links };
	if (!realpath(dir, w.tree)) {
		problem(dir, strerror(errno), 1, arg);
		return -1;
	}
	if (in_system_dir(w.tree)) {
		problem(dir, "a system directory, left out (never searched)", 0, arg);
		return 1; /* named in a warning: not also "no .cu or .cuh file" */
	}
	for (size_t k = 0; k < NSYSTEM; k++)
		if (lstat(system_dirs[k], &w.system[k]) != 0 || !S_ISDIR(w.system[k].st_mode))
			w.system[k].st_ino = 0;
	char *const argv[] = { (char *)dir, NULL };
	/* FTS_COMFOLLOW: the directory given may itself be a link */
	FTS *fts = fts_open(argv, FTS_PHYSICAL | FTS_COMFOLLOW | FTS_NOCHDIR, by_name);
	if (!fts) {
		problem(dir, strerror(errno), 1, arg);
		return -1;
	}
	errno = 0;
	for (FTSENT *e; (e = fts_read(fts));) {
		if (e->fts_level != FTS_ROOTLEVEL && e->fts_name[0] == '.') {
			if (e->fts_info == FTS_D)
				fts_set(fts, e, FTS_SKIP);
			continue;
		}
		visit_entry(&w, fts, e);
		errno = 0;
	}
	int e = errno;
	if (e)
		problem(dir, strerror(e), 1, arg);
	fts_close(fts);
	tdestroy(w.dirs, free);
	return w.found;
}

int files_add(struct file_list *l, const char *path, int follow_links, files_problem *problem, void *arg)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		problem(path, strerror(errno), 1, arg);
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return walk(l, path, follow_links, problem, arg);
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
