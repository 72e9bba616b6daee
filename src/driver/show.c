/* show.c - --show-config and --show-files (run_internal.h): what a run
 * would use, printed instead of analysing. --show-config's output is
 * YAML with the keys of .cudalint.yaml (docs/configuration.md), every
 * setting resolved (defaults, the extends: chain and the command line
 * applied), plus config-files:, the files it was read from. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run_internal.h"

#include "frontend/frontend.h"
#include "rules.h"
#include "util/srctext.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A double-quoted YAML scalar: a glob such as "*.cu" would be an alias
 * unquoted, a path may hold ": " or " #". What cannot be printed safely
 * is '?' as everywhere on a terminal (utf8.h). */
static void put_str(FILE *out, const char *s)
{
	char *clean = cl_text_clean(s, strlen(s), 0);
	fputc('"', out);
	for (const char *p = clean; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', out);
		fputc(*p, out);
	}
	fputc('"', out);
	free(clean);
}

/* DIR as the run names files: relative to the current directory inside it. */
static void put_dir(FILE *out, const char *dir)
{
	char rel[PATH_MAX], cwd[PATH_MAX];
	int k = cl_srctext_relpath(dir, NULL, rel, sizeof rel);
	if (k == 0 && cl_srctext_abspath(".", cwd, sizeof cwd) == 0 && !strcmp(rel, cwd))
		snprintf(rel, sizeof rel, ".");
	put_str(out, k < 0 ? dir : rel);
}

static void put_list(FILE *out, const char *key, char *const *v, size_t n, const char *dir)
{
	fprintf(out, "%s:%s", key, n ? "" : " []");
	if (dir && n) {
		fputs("  # relative to ", out);
		put_dir(out, dir);
	}
	fputc('\n', out);
	for (size_t i = 0; i < n; i++) {
		fputs("  - ", out);
		put_str(out, v[i]);
		fputc('\n', out);
	}
}

/* launches:, as a file writes them (the shapes with Y and Z filled in). */
static void put_launches(FILE *out, const struct cl_config *c)
{
	if (c->nlaunches)
		fputs("launches:\n", out);
	for (size_t i = 0; i < c->nlaunches; i++) {
		const struct cl_config_launch *l = &c->launches[i];
		fputs("  - kernel: ", out);
		put_str(out, l->kernel);
		fprintf(out, "\n    block: [%d, %d, %d]\n", l->block[0], l->block[1], l->block[2]);
		if (l->grid[0])
			fprintf(out, "    grid: [%d, %d, %d]\n", l->grid[0], l->grid[1], l->grid[2]);
	}
}

/* The configuration G that governs PATH, which is a file when IS_FILE. */
static void put_config(FILE *out, const struct run *r, const struct cfg *g, const char *path, int is_file)
{
	const struct cl_config *c = &g->c;
	const struct options *o = r->o;
	fputs("# the configuration of ", out);
	put_str(out, path);
	fputc('\n', out);
	put_list(out, "config-files", c->chain, c->nchain, NULL);
	fputs("rules:\n", out);
	for (int i = 0; i < cl_nrules; i++) {
		const struct cl_rule *rule = &cl_rules[i];
		int here = is_file && g->enabled[i] && cl_config_file_ignores(c, path, rule);
		fprintf(out, "  %s: %s  # %s%s\n", rule->id, g->enabled[i] && !here ? "on" : "off", rule->name,
		        here ? "; off in this file by per-file-ignores" : "");
	}
	fputs("severity:\n", out);
	for (int i = 0; i < cl_nrules; i++)
		fprintf(out, "  %s: %s\n", cl_rules[i].id, cl_level_name(g->levels[i]));
	fprintf(out, "per-file-ignores:%s\n", c->nignores ? "" : " {}");
	for (size_t i = 0; i < c->nignores; i++) {
		const struct cl_config_ignore *e = &c->ignores[i];
		fputs("  ", out);
		put_str(out, e->glob);
		fputs(": [", out);
		for (size_t k = 0; k < e->nrules; k++) {
			fputs(k ? ", " : "", out);
			put_str(out, e->rules[k]);
		}
		fputs("]  # relative to ", out);
		put_dir(out, e->dir);
		fputc('\n', out);
	}
	put_list(out, "include", c->include, c->ninclude, c->include_dir);
	put_list(out, "exclude", c->exclude, c->nexclude, c->exclude_dir);
	/* resolved: the configuration's paths made absolute, then the command line's */
	put_list(out, "clang-args", (char *const *)g->args, (size_t)g->nargs, NULL);
	const char *cuda = o->cuda_path ? o->cuda_path : g->cuda_path;
	fputs("cuda-path: ", out);
	if (cuda)
		put_str(out, cuda);
	else
		fputs("null  # searched for: $CUDA_PATH, $CUDA_HOME, nvcc on $PATH, /usr/local/cuda", out);
	const char *arch = o->cuda_arch ? o->cuda_arch : c->cuda_arch;
	fprintf(out, "\ncuda-arch: %s%s\n", arch ? arch : CL_DEFAULT_CUDA_ARCH,
	        arch ? "" : "  # the default, unless a compile command (-p) names one");
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_SCALAR_##TYPE(cl_option_put_value(out, &cl_options[CL_OPT_##NAME], CFG_OPTION(g, SCOPE, NAME));) \
	CL_OPTION_IF_LAUNCHES_##TYPE(put_launches(out, c);)
#include "analysis/options.def"
}

/* --show-config: one YAML document per path given (else "."). 2 when a
 * path does not exist, else 0; -1 on a bad configuration file. */
int show_config(struct run *r)
{
	const struct options *o = r->o;
	static const char *const here[] = { "." };
	const char *const *paths = o->npaths ? o->paths : here;
	int npaths = o->npaths ? o->npaths : 1, status = 0;
	for (int i = 0; i < npaths; i++) {
		struct stat st;
		char abs[PATH_MAX];
		if (stat(paths[i], &st) != 0 || cl_srctext_abspath(paths[i], abs, sizeof abs) < 0) {
			errorf(paths[i], strerror(errno ? errno : ENAMETOOLONG));
			status = 2;
			continue;
		}
		int is_file = !S_ISDIR(st.st_mode);
		struct cfg *g = is_file ? cfg_for(r, paths[i]) : cfg_for_dir(r, abs);
		if (!g)
			return -1;
		if (i)
			fputs("---\n", stdout);
		put_config(stdout, r, g, paths[i], is_file);
	}
	return fflush(stdout) == EOF ? 2 : status;
}

/* --show-files: the files a run would analyse, one a line. */
void show_files(const struct run *r)
{
	for (int i = 0; i < r->nfiles; i++) {
		char *clean = cl_text_clean(r->files[i], strlen(r->files[i]), 0);
		puts(clean);
		free(clean);
	}
	fflush(stdout);
}
