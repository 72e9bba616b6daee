/* config.c - .cudalint.yaml: the defaults, and the queries over a loaded
 * configuration (config_load.c reads a file's keys, config_extends.c a
 * file and its extends: chain). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/config_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../rules/rules.h"
#include "util/glob.h"
#include "util/srctext.h"
#include "util/xalloc.h"

void cl_config_init(struct cl_config *c)
{
	memset(c, 0, sizeof *c);
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_SCALAR_##TYPE(c->NAME = DEFAULT;)
#include "analysis/options.def"
}

int cl_config_option(const struct cl_config *c, int k, int *set)
{
	switch (k) {
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_SCALAR_##TYPE(case CL_OPT_##NAME: if (set) *set = c->NAME##_set; return c->NAME;)
#include "analysis/options.def"
	}
	if (set)
		*set = 0;
	return -1;
}

void cl_config_free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void cl_config_free(struct cl_config *c)
{
	free(c->path);
	free(c->dir);
	for (size_t i = 0; i < c->nrules; i++)
		free(c->rules[i].pattern);
	free(c->rules);
	for (size_t i = 0; i < c->nseverity; i++)
		free(c->severity[i].pattern);
	free(c->severity);
	for (size_t i = 0; i < c->nignores; i++) {
		struct cl_config_ignore *e = &c->ignores[i];
		free(e->glob);
		free(e->dir);
		free(e->file);
		cl_config_free_list(e->rules, e->nrules);
	}
	free(c->ignores);
	for (size_t i = 0; i < c->nlaunches; i++) {
		free(c->launches[i].kernel);
		free(c->launches[i].file);
	}
	free(c->launches);
	cl_config_free_list(c->chain, c->nchain);
	cl_config_free_list(c->include, c->ninclude);
	cl_config_free_list(c->exclude, c->nexclude);
	cl_config_free_list(c->clang_args, c->nclang_args);
	free(c->include_dir);
	free(c->exclude_dir);
	free(c->clang_args_dir);
	free(c->cuda_path);
	free(c->cuda_arch);
	cl_config_init(c);
}

int cl_config_parse_level(const char *s, enum cl_level *out)
{
	if (strcmp(s, "note") == 0)
		*out = CL_LEVEL_NOTE;
	else if (strcmp(s, "warning") == 0)
		*out = CL_LEVEL_WARNING;
	else if (strcmp(s, "error") == 0)
		*out = CL_LEVEL_ERROR;
	else
		return -1;
	return 0;
}

int cl_config_rule_matches(const char *pattern, const struct cl_rule *r)
{
	if (strcmp(pattern, r->id) == 0 || strcmp(pattern, r->name) == 0)
		return 1;
	return strpbrk(pattern, "*?[") &&
	       (cl_glob_match(pattern, r->id) || cl_glob_match(pattern, r->name));
}

int cl_config_pattern_known(const char *pattern)
{
	if (cl_rule_find(pattern))
		return 1;
	for (int i = 0; i < cl_nrules; i++)
		if (cl_config_rule_matches(pattern, &cl_rules[i]))
			return 1;
	return 0;
}

void cl_config_add_entry(struct cl_config_rule **v, size_t *n, const char *pattern, int on, enum cl_level level,
                         unsigned line)
{
	*v = xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = (struct cl_config_rule){xstrdup(pattern), on, level, line};
}

int cl_config_set_rule(struct cl_config *c, const char *pattern, int on)
{
	if (!cl_config_pattern_known(pattern))
		return -1;
	cl_config_add_entry(&c->rules, &c->nrules, pattern, on, CL_LEVEL_WARNING, 0);
	return 0;
}

int cl_config_set_level(struct cl_config *c, const char *pattern, enum cl_level level)
{
	if (!cl_config_pattern_known(pattern))
		return -1;
	cl_config_add_entry(&c->severity, &c->nseverity, pattern, 1, level, 0);
	return 0;
}

int cl_config_rule_enabled(const struct cl_config *c, const struct cl_rule *r)
{
	int on = r->enabled_by_default;
	for (size_t i = 0; c && i < c->nrules; i++)
		if (cl_config_rule_matches(c->rules[i].pattern, r))
			on = c->rules[i].on;
	return on;
}

enum cl_level cl_config_rule_level(const struct cl_config *c, const struct cl_rule *r)
{
	enum cl_level l = r->level;
	for (size_t i = 0; c && i < c->nseverity; i++)
		if (cl_config_rule_matches(c->severity[i].pattern, r))
			l = c->severity[i].level;
	return l;
}

/* ---- paths ---- */

/* PATTERN against REL, as cl_config_path_included says (config.h). */
static int path_matches(const char *pattern, const char *rel)
{
	size_t pn = strlen(pattern);
	if (!strchr(pattern, '/')) {
		/* any component */
		for (const char *s = rel; *s;) {
			const char *e = strchr(s, '/');
			size_t n = e ? (size_t)(e - s) : strlen(s);
			if (cl_glob_match_n(pattern, pn, s, n))
				return 1;
			if (!e)
				break;
			s = e + 1;
		}
		return 0;
	}
	while (pattern[0] == '.' && pattern[1] == '/')
		pattern += 2, pn -= 2;
	while (pattern[0] == '/')
		pattern++, pn--;
	/* the whole path, then each leading directory */
	for (size_t n = strlen(rel);;) {
		if (cl_glob_match_n(pattern, pn, rel, n))
			return 1;
		while (n > 0 && rel[--n] != '/')
			;
		if (n == 0)
			return 0;
	}
}

/* Whether PATH, relative to DIR, matches one of the N patterns of V. */
static int any_path_matches(char **v, size_t n, const char *dir, const char *path)
{
	char rel[PATH_MAX];
	if (!dir || cl_srctext_relpath(path, dir, rel, sizeof rel) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (path_matches(v[i], rel))
			return 1;
	return 0;
}

int cl_config_path_included(const struct cl_config *c, const char *path)
{
	if (!c)
		return 1;
	/* include: and exclude: may come from different files of an
	 * extends: chain, each relative to its own directory */
	if (c->ninclude && any_path_matches(c->include, c->ninclude, c->include_dir, path) == 0)
		return 0;
	return !c->nexclude || any_path_matches(c->exclude, c->nexclude, c->exclude_dir, path) != 1;
}

int cl_config_find(const char *dir, char *path_out, size_t len)
{
	char d[PATH_MAX];
	if (cl_srctext_abspath(dir, d, sizeof d) < 0)
		return -1;
	for (;;) {
		char p[PATH_MAX + sizeof CL_CONFIG_NAME + 1];
		snprintf(p, sizeof p, "%s/%s", strcmp(d, "/") == 0 ? "" : d, CL_CONFIG_NAME);
		/* anything by that name counts: a FIFO, a link to /dev/zero or to
		 * nothing is then refused when it is loaded ("not a regular
		 * file"), as with --config, instead of being passed over while
		 * the run goes on without the configuration it was meant to have */
		struct stat sb;
		if (lstat(p, &sb) == 0) {
			if (strlen(p) >= len)
				return -1;
			strcpy(path_out, p);
			return 1;
		}
		char *slash = strrchr(d, '/');
		if (!slash || strcmp(d, "/") == 0)
			return 0;
		if (slash == d)
			d[1] = '\0';
		else
			*slash = '\0';
	}
}

