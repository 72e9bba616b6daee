/* configs.c - the configuration each file is analysed under (run_internal.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run_internal.h"

#include "rules.h"
#include "util/path.h"
#include "util/srctext.h"
#include "util/htab.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- configurations ---------------------------------------------------- */


static const char *const path_opts[] = { "-I", "-isystem", "-iquote", "-idirafter", "-include", NULL };

static void push_arg(struct cfg *g, const char *a)
{
	g->args = xrealloc(g->args, (size_t)(g->nargs + 1) * sizeof *g->args);
	g->args[g->nargs++] = a;
}

static void resolve_args(struct cfg *g)
{
	const char *dir = g->c.clang_args_dir; /* under extends:, maybe a parent's */
	for (size_t i = 0; i < g->c.nclang_args; i++) {
		const char *a = g->c.clang_args[i];
		int done = 0;
		for (int k = 0; path_opts[k] && !done; k++) {
			size_t n = strlen(path_opts[k]);
			if (strncmp(a, path_opts[k], n))
				continue;
			if (!a[n] && i + 1 < g->c.nclang_args) { /* -I DIR */
				push_arg(g, xstrdup(a));
				push_arg(g, path_under(dir, g->c.clang_args[++i]));
				done = 1;
			} else if (a[n]) { /* -IDIR */
				char *p = path_under(dir, a + n);
				size_t m = n + strlen(p) + 1;
				char *s = xmalloc(m);
				snprintf(s, m, "%s%s", path_opts[k], p);
				free(p);
				push_arg(g, s);
				done = 1;
			}
		}
		if (!done)
			push_arg(g, xstrdup(a));
	}
	g->nowned = g->nargs;
}

/* Option K as the command line O gives it, else as configuration C has it. */
static int merged(const struct options *o, const struct cl_config *c, int k)
{
	return o->option_given[k] ? o->option_value[k] : cl_config_option(c, k, NULL);
}

/* Applies the command line to G and fills its tables. -1 (message
 * printed) when a rule pattern of the command line matches no rule. */
int cfg_finish(struct run *r, struct cfg *g)
{
	const struct options *o = r->o;
	if (o->warn_unused_suppressions)
		cl_config_set_rule(&g->c, "CL0001", 1);
	for (int i = 0; i < o->nrule_opts; i++) {
		const struct rule_opt *ro = &o->rule_opts[i];
		int rc = ro->kind == RULE_OPT_LEVEL ? cl_config_set_level(&g->c, ro->pattern, ro->level)
		                                    : cl_config_set_rule(&g->c, ro->pattern, ro->kind == RULE_OPT_ON);
		if (rc < 0) {
			char msg[300];
			snprintf(msg, sizeof msg, "no rule matches '%s' (see cudalint --list-rules)", ro->pattern);
			run_errorf(ro->kind == RULE_OPT_ON ? "--enable" : ro->kind == RULE_OPT_OFF ? "--disable" : "--severity",
			       msg);
			return -1;
		}
	}
	/* options.def: the command line over the configuration, which holds
	 * the default where no file set it */
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_SCALAR_##TYPE(CFG_OPTION(g, SCOPE, NAME) = merged(o, &g->c, CL_OPT_##NAME);)
#include "analysis/options.def"
	/* launches: the analysis' view of them (analysis/launch.h) */
	g->launches = xcalloc(g->c.nlaunches + 1, sizeof *g->launches);
	for (size_t i = 0; i < g->c.nlaunches; i++) {
		const struct cl_config_launch *l = &g->c.launches[i];
		struct launch_decl *d = &g->launches[i];
		d->kernel = l->kernel;
		memcpy(d->block, l->block, sizeof d->block);
		memcpy(d->grid, l->grid, sizeof d->grid);
		d->file = l->file;
		d->line = l->line;
	}
	g->ao.launches = g->launches;
	g->ao.nlaunches = (int)g->c.nlaunches;
	g->levels = xcalloc((size_t)cl_nrules, sizeof *g->levels);
	g->enabled = xcalloc((size_t)cl_nrules, 1);
	for (int i = 0; i < cl_nrules; i++) {
		g->levels[i] = cl_config_rule_level(&g->c, &cl_rules[i]);
		g->enabled[i] = (unsigned char)cl_config_rule_enabled(&g->c, &cl_rules[i]);
	}
	resolve_args(g);
	for (int i = 0; i < o->nclang_args; i++)
		push_arg(g, o->clang_args[i]);
	if (g->c.cuda_path)
		g->cuda_path = path_under(g->c.dir, g->c.cuda_path);
	return 0;
}

void cfg_free(struct cfg *g)
{
	if (!g)
		return;
	free(g->launches);
	for (int i = 0; i < g->nowned; i++)
		free((char *)g->args[i]);
	free(g->args);
	free(g->abs);
	free(g->levels);
	free(g->enabled);
	free(g->cuda_path);
	cl_config_free(&g->c);
	free(g);
}

/* Loads config file PATH (shown in messages as given). NULL on error,
 * with the message printed. */
struct cfg *cfg_load(struct run *r, const char *path)
{
	struct cfg *g = xcalloc(1, sizeof *g);
	char err[4096]; /* an extends: cycle names every file, shortened beyond this */
	if (cl_config_load(path, &g->c, err, sizeof err) < 0) {
		run_errorf(NULL, err);
		free(g);
		return NULL;
	}
	char abs[PATH_MAX];
	g->abs = xstrdup(cl_srctext_abspath(path, abs, sizeof abs) == 0 ? abs : path);
	if (cfg_finish(r, g) < 0) {
		cfg_free(g);
		return NULL;
	}
	return g;
}

/* The configuration that governs the files in directory DIR (absolute).
 * NULL on a bad config file. */
static struct cfg *find_for_dir(struct run *r, const char *dir)
{
	char found[PATH_MAX];
	if (cl_config_find(dir, found, sizeof found) != 1)
		return r->defaults;
	for (int i = 0; i < r->ncfgs; i++)
		if (!strcmp(r->cfgs[i]->abs, found))
			return r->cfgs[i];
	/* messages name the file relative to the current directory when inside it */
	char rel[PATH_MAX];
	struct cfg *g = cfg_load(r, cl_srctext_relpath(found, NULL, rel, sizeof rel) == 1 ? rel : found);
	if (!g)
		return NULL;
	r->cfgs = xrealloc(r->cfgs, (size_t)(r->ncfgs + 1) * sizeof *r->cfgs);
	r->cfgs[r->ncfgs++] = g;
	return g;
}

struct cfg *cfg_for_dir(struct run *r, const char *dir)
{
	if (r->fixed)
		return r->fixed;
	/* asked for each file several times (its selection, its findings,
	 * its failures): the walk up the tree is done once per directory */
	if (!r->cfg_dirs)
		r->cfg_dirs = cl_htab_new();
	void **slot = cl_htab_put(r->cfg_dirs, dir, strlen(dir));
	if (!*slot)
		*slot = find_for_dir(r, dir);
	return *slot;
}

/* The configuration that governs PATH. NULL on a bad config file. */
struct cfg *cfg_for(struct run *r, const char *path)
{
	if (r->fixed)
		return r->fixed;
	char dir[PATH_MAX];
	if (cl_srctext_abspath(path, dir, sizeof dir) < 0)
		return r->defaults;
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir] = '\0';
	return cfg_for_dir(r, dir);
}

/* per-file-ignores: a finding goes when the configuration that governs
 * its file turns its rule off there. For a finding in a header reported
 * through a file that includes it, that is the header's path and the
 * header's configuration, as for fail-on. -1 on a bad config file. */
int cfg_drop_ignored(struct run *r)
{
	struct cl_findings *fs = &r->findings;
	size_t k = 0;
	for (size_t i = 0; i < fs->n; i++) {
		struct cl_finding *f = &fs->v[i];
		struct cfg *g = f->pos.file ? cfg_for(r, f->pos.file) : NULL;
		if (f->pos.file && !g)
			return -1;
		if (g && cl_config_file_ignores(&g->c, f->pos.file, f->rule)) {
			free((char *)f->message);
			for (int j = 0; j < f->nnotes; j++)
				free((char *)f->notes[j].message);
			continue;
		}
		fs->v[k++] = *f;
	}
	fs->n = k;
	return 0;
}
