/* per_file.c - per-file-ignores: which files a glob names (config.h).
 *
 * The globs are ruff's: each '/'-separated component of the glob is
 * matched against one component of the path with fnmatch(3), so '*', '?'
 * and '[...]' never cross a '/' (what FNM_PATHNAME does for a whole
 * path), and a component that is exactly "**" matches any number of
 * components, none included, which fnmatch has no syntax for. A glob is
 * matched against the whole path, never a leading part of it: "tests/"
 * followed by "**" covers what is below tests/, "tests" covers nothing
 * there. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/config.h"

#include <fnmatch.h>
#include <limits.h>
#include <string.h>

#include "util/srctext.h"

/* Whether glob component [G, G+GN) matches path component [P, P+PN). */
static int component_matches(const char *g, size_t gn, const char *p, size_t pn)
{
	char gb[NAME_MAX + 1], pb[NAME_MAX + 1];
	if (gn >= sizeof gb || pn >= sizeof pb)
		return 0;
	memcpy(gb, g, gn);
	gb[gn] = '\0';
	memcpy(pb, p, pn);
	pb[pn] = '\0';
	return fnmatch(gb, pb, 0) == 0;
}

/* Whether GLOB matches all of PATH (both relative, '/'-separated). */
static int glob_matches(const char *glob, const char *path)
{
	for (;;) {
		const char *ge = strchr(glob, '/');
		size_t gn = ge ? (size_t)(ge - glob) : strlen(glob);
		if (gn == 2 && !strncmp(glob, "**", 2)) {
			if (!ge)
				return 1; /* a trailing "**": whatever is left */
			/* the rest of the glob, at this component or any below */
			for (const char *p = path;;) {
				if (glob_matches(ge + 1, p))
					return 1;
				if (!(p = strchr(p, '/')))
					return 0;
				p++;
			}
		}
		const char *pe = strchr(path, '/');
		size_t pn = pe ? (size_t)(pe - path) : strlen(path);
		if (!component_matches(glob, gn, path, pn))
			return 0;
		if (!ge || !pe)
			return !ge && !pe;
		glob = ge + 1;
		path = pe + 1;
	}
}

static int entry_matches(const struct cl_config_ignore *e, const char *path)
{
	const char *glob = e->glob;
	while (glob[0] == '.' && glob[1] == '/')
		glob += 2;
	if (!strchr(glob, '/')) { /* a file name, at any depth (ruff's basename match) */
		const char *base = strrchr(path, '/');
		if (glob_matches(glob, base ? base + 1 : path))
			return 1;
	}
	char rel[PATH_MAX];
	return cl_srctext_relpath(path, e->dir, rel, sizeof rel) == 1 && glob_matches(glob, rel);
}

int cl_config_file_ignores(const struct cl_config *c, const char *path, const struct cl_rule *r)
{
	for (size_t i = 0; c && i < c->nignores; i++) {
		const struct cl_config_ignore *e = &c->ignores[i];
		int names_rule = 0;
		for (size_t k = 0; k < e->nrules && !names_rule; k++)
			names_rule = cl_config_rule_matches(e->rules[k], r);
		if (names_rule && entry_matches(e, path))
			return 1;
	}
	return 0;
}
