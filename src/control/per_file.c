/* per_file.c - per-file-ignores: which files a glob names (config.h).
 *
 * The globs are ruff's: each '/'-separated component of the glob is
 * matched against one component of the path (cl_glob_match_path, whose
 * cost stays polynomial however many "**" a glob holds), so '*', '?' and
 * '[...]' never cross a '/', and a component that is exactly "**"
 * matches any number of components, none included. A glob is
 * matched against the whole path, never a leading part of it: "tests/"
 * followed by "**" covers what is below tests/, "tests" covers nothing
 * there. */
#include "control/config.h"

#include <limits.h>
#include <string.h>

#include "util/glob.h"
#include "util/srctext.h"

static int suppress_entry_matches(const struct cl_config_ignore *e, const char *path)
{
	const char *glob = e->glob;
	while (glob[0] == '.' && glob[1] == '/')
		glob += 2;
	if (!strchr(glob, '/')) { /* a file name, at any depth (ruff's basename match) */
		const char *base = strrchr(path, '/');
		if (cl_glob_match_path(glob, base ? base + 1 : path))
			return 1;
	}
	char rel[PATH_MAX];
	return cl_srctext_relpath(path, e->dir, rel, sizeof rel) == 1 && cl_glob_match_path(glob, rel);
}

int cl_config_file_ignores(const struct cl_config *c, const char *path, const struct cl_rule *r)
{
	for (size_t i = 0; c && i < c->nignores; i++) {
		const struct cl_config_ignore *e = &c->ignores[i];
		int names_rule = 0;
		for (size_t k = 0; k < e->nrules && !names_rule; k++)
			names_rule = cl_config_rule_matches(e->rules[k], r);
		if (names_rule && suppress_entry_matches(e, path))
			return 1;
	}
	return 0;
}
