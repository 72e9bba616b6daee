/* select.c - the files a run analyses (run_internal.h): the paths given,
 * directories searched, each file's configuration found, and what its
 * include:/exclude: and, for files a search found, .gitignore leave out.
 * A run left with nothing to analyse says so in one warning. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run_internal.h"

#include "driver/files.h"
#include "driver/gitignore.h"
#include "util/hash.h"
#include "util/srctext.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* files_add's problems: an error is a failure of that path (exit 2). */
static void path_problem(const char *path, const char *why, int is_error, void *arg)
{
	if (!is_error) {
		cl_eprintf("cudalint: warning: %s: %s\n", path, why);
		return;
	}
	run_errorf(path, why);
	run_add_failure(arg, path, why);
}

/* Leaves out of R's files those a directory search found (FILES->walked)
 * that git ignores, where their configuration respects .gitignore.
 * FROM[k]: the index in FILES of R's file K. Returns how many it left out. */
static int leave_out_ignored(struct run *r, const struct file_list *files, const int *from)
{
	const char **ask = xcalloc((size_t)r->nfiles + 1, sizeof *ask);
	int *at = xcalloc((size_t)r->nfiles + 1, sizeof *at), nask = 0;
	for (int k = 0; k < r->nfiles; k++)
		if (files->walked[from[k]] && r->cfg_of[k]->respect_gitignore) {
			at[nask] = k;
			ask[nask++] = r->files[k];
		}
	unsigned char *ignored = xcalloc((size_t)nask + 1, 1);
	unsigned char *drop = xcalloc((size_t)r->nfiles + 1, 1);
	if (nask)
		gitignore_mark(ask, nask, ignored);
	int n = 0;
	for (int j = 0; j < nask; j++)
		if (ignored[j])
			drop[at[j]] = 1, n++;
	int kept = 0;
	for (int k = 0; k < r->nfiles; k++)
		if (!drop[k]) {
			r->files[kept] = r->files[k];
			r->cfg_of[kept++] = r->cfg_of[k];
		}
	r->nfiles = kept;
	free(drop);
	free(ignored);
	free(at);
	free(ask);
	return n;
}

/* --shard K/N: keeps of R's files those in part K, by XXH3-64 of each
 * path relative to the fingerprint root (a file outside it: its absolute
 * path), modulo N. The name, not the bytes: a file stays in its part as
 * it changes, so each CI job's result cache keeps serving it; and the
 * same name from any directory, so the parts do not depend on where the
 * jobs run. Returns how many it left out. */
static int keep_shard(struct run *r)
{
	const struct options *o = r->o;
	if (!o->shard_n)
		return 0;
	int kept = 0;
	for (int k = 0; k < r->nfiles; k++) {
		char rel[PATH_MAX];
		const char *name = cl_srctext_relpath(r->files[k], r->srcroot, rel, sizeof rel) >= 0 ? rel : r->files[k];
		if (XXH3_64bits(name, strlen(name)) % (unsigned)o->shard_n == (unsigned)(o->shard_k - 1)) {
			r->files[kept] = r->files[k];
			r->cfg_of[kept++] = r->cfg_of[k];
		}
	}
	int n = r->nfiles - kept;
	r->nfiles = kept;
	return n;
}

/* The paths given (or ".") into FILES, then R's files and their
 * configurations. -1 on a bad configuration file (message printed). */
int select_files(struct run *r, struct file_list *files)
{
	const struct options *o = r->o;
	static const char *const here[] = { "." };
	/* no path: ".", unless standard input is the file */
	const char *const *paths = o->npaths || o->use_stdin ? o->paths : here;
	int npaths = o->npaths || o->use_stdin ? o->npaths : 1;
	int *empty = xcalloc((size_t)npaths, sizeof *empty), nempty = 0;
	for (int i = 0; i < npaths; i++) {
		size_t failed = r->failures.n;
		if (files_add(files, paths[i], o->follow_links, path_problem, r) == 0 && r->failures.n == failed)
			empty[nempty++] = i;
	}
	r->cfg_of = xcalloc((size_t)files->n + 1, sizeof *r->cfg_of);
	r->files = xcalloc((size_t)files->n + 1, sizeof *r->files);
	int *from = xcalloc((size_t)files->n + 1, sizeof *from);
	int excluded = 0;
	for (int i = 0; i < files->n; i++) {
		struct cfg *g = cfg_for(r, files->v[i]);
		if (!g) {
			free(from);
			free(empty);
			return -1;
		}
		if (!cl_config_path_included(&g->c, files->v[i])) {
			excluded++;
			continue;
		}
		from[r->nfiles] = i;
		r->cfg_of[r->nfiles] = g;
		r->files[r->nfiles++] = files->v[i];
	}
	int ignored = leave_out_ignored(r, files, from);
	free(from);
	int others = keep_shard(r);

	/* As ruff: a warning, and the exit status of a clean run, for there
	 * is nothing wrong in what was not given (a folder of host code).
	 * One line for the run when nothing is left, else one per
	 * directory searched in vain. */
	if (!r->nfiles && !r->failures.n && others) {
		/* a part can be empty: no warning, as for the other parts */
		if (!o->quiet)
			cl_eprintf(others == 1 ? "cudalint: note: --shard %d/%d: the only file is in another part\n"
			                       : "cudalint: note: --shard %d/%d: all %d files are in other parts\n",
			           o->shard_k, o->shard_n, others);
	} else if (!r->nfiles && !r->failures.n) {
		const char *are = files->n == 1 ? "is" : "are";
		if (!files->n)
			cl_eprintf("cudalint: warning: nothing to analyse: no .cu or .cuh file in the paths given\n");
		else if (!ignored)
			cl_eprintf("cudalint: warning: nothing to analyse: the %d file%s found %s excluded by the "
			           "configuration's include:/exclude:\n", files->n, files->n == 1 ? "" : "s", are);
		else if (!excluded)
			cl_eprintf("cudalint: warning: nothing to analyse: the %d file%s found %s ignored by git "
			           "(--no-respect-gitignore turns that off)\n", files->n, files->n == 1 ? "" : "s", are);
		else
			cl_eprintf("cudalint: warning: nothing to analyse: of the %d files found, %d %s excluded by the "
			           "configuration's include:/exclude: and %d ignored by git\n", files->n, excluded,
			           excluded == 1 ? "is" : "are", ignored);
	} else {
		for (int k = 0; k < nempty; k++)
			cl_eprintf("cudalint: warning: %s: no .cu or .cuh file in this directory\n", paths[empty[k]]);
	}
	free(empty);
	return 0;
}
