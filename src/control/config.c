/* config.c - .cudalint.yaml loading (libyaml document API) and queries.
 *
 * Every error names the file and the 1-based line of the offending node
 * (libyaml marks are 0-based). Validation happens at load time, so a
 * loaded config never holds an unknown key, rule or level. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/config.h"
#include "frontend/clang_args.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <yaml.h>

#include "rules.h"
#include "util/glob.h"
#include "util/path.h"
#include "util/inputs.h"
#include "util/regfile.h"
#include "util/srctext.h"
#include "util/xalloc.h"

void cl_config_init(struct cl_config *c)
{
	memset(c, 0, sizeof *c);
	c->fail_on = CL_LEVEL_WARNING;
	c->warp_aligned_blocks = -1;
	c->respect_gitignore = -1;
	c->warp_sync_note = -1;
}

static void free_list(char **v, size_t n)
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
		free_list(e->rules, e->nrules);
	}
	free(c->ignores);
	for (size_t i = 0; i < c->nlaunches; i++) {
		free(c->launches[i].kernel);
		free(c->launches[i].file);
	}
	free(c->launches);
	free_list(c->chain, c->nchain);
	free_list(c->include, c->ninclude);
	free_list(c->exclude, c->nexclude);
	free_list(c->clang_args, c->nclang_args);
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

static int parse_bool(const char *s, int *out)
{
	static const char *const yes[] = {"on", "true", "yes"};
	static const char *const no[] = {"off", "false", "no"};
	for (size_t i = 0; i < 3; i++) {
		if (strcasecmp(s, yes[i]) == 0)
			return *out = 1, 0;
		if (strcasecmp(s, no[i]) == 0)
			return *out = 0, 0;
	}
	return -1;
}

int cl_config_rule_matches(const char *pattern, const struct cl_rule *r)
{
	if (strcmp(pattern, r->id) == 0 || strcmp(pattern, r->name) == 0)
		return 1;
	return strpbrk(pattern, "*?[") &&
	       (cl_glob_match(pattern, r->id) || cl_glob_match(pattern, r->name));
}

static int pattern_known(const char *pattern)
{
	if (cl_rule_find(pattern))
		return 1;
	for (int i = 0; i < cl_nrules; i++)
		if (cl_config_rule_matches(pattern, &cl_rules[i]))
			return 1;
	return 0;
}

static void add_entry(struct cl_config_rule **v, size_t *n, const char *pattern,
		      int on, enum cl_level level, unsigned line)
{
	*v = xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = (struct cl_config_rule){xstrdup(pattern), on, level, line};
}

int cl_config_set_rule(struct cl_config *c, const char *pattern, int on)
{
	if (!pattern_known(pattern))
		return -1;
	add_entry(&c->rules, &c->nrules, pattern, on, CL_LEVEL_WARNING, 0);
	return 0;
}

int cl_config_set_level(struct cl_config *c, const char *pattern, enum cl_level level)
{
	if (!pattern_known(pattern))
		return -1;
	add_entry(&c->severity, &c->nseverity, pattern, 1, level, 0);
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

/* ---- loading ---- */

struct loader {
	const char *path;
	yaml_document_t *doc;
	struct cl_config *c;
	char *err;
	size_t errlen;
	char *extends;          /* extends:, as written; NULL: none */
	unsigned extends_line;
};

static int want_launches(struct loader *L, const yaml_node_t *v);

static int fail(struct loader *L, const yaml_node_t *n, const char *fmt, ...)
{
	int k = snprintf(L->err, L->errlen, "%s:%lu: ", L->path,
			 n ? (unsigned long)n->start_mark.line + 1 : 1UL);
	if (k >= 0 && (size_t)k < L->errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(L->err + k, L->errlen - (size_t)k, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* A non-empty scalar value of KEY, else an error. */
static const char *want_scalar(struct loader *L, const char *key, const yaml_node_t *v)
{
	const char *s = scalar(v);
	if (!s || !*s) {
		fail(L, v, "'%s' expects a single value", key);
		return NULL;
	}
	return s;
}

/* A sequence of non-empty scalars (or a single scalar) into *V. */
static int want_list(struct loader *L, const char *key, const yaml_node_t *v,
		     char ***out, size_t *n, int allow_scalar)
{
	if (v->type == YAML_SCALAR_NODE && allow_scalar) {
		const char *s = want_scalar(L, key, v);
		if (!s)
			return -1;
		*out = xrealloc(*out, (*n + 1) * sizeof **out);
		(*out)[(*n)++] = xstrdup(s);
		return 0;
	}
	if (v->type != YAML_SEQUENCE_NODE)
		return fail(L, v, "'%s' expects a list", key);
	/* room for the whole list at once: growing by one entry copies the
	 * array each time with an allocator that cannot remap (ASan's), and
	 * a list can have a million entries */
	size_t len = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
	*out = xrealloc(*out, (*n + len) * sizeof **out);
	for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
		yaml_node_t *e = yaml_document_get_node(L->doc, *it);
		const char *s = scalar(e);
		if (!s || !*s)
			return fail(L, e, "'%s' expects a list of strings", key);
		(*out)[(*n)++] = xstrdup(s);
	}
	return 0;
}

/* clang-args: a list of arguments that only read (frontend/clang_args.h):
 * a repository's configuration must not make cudalint write a file. */
static int want_clang_args(struct loader *L, const char *key, const yaml_node_t *v)
{
	struct cl_config *c = L->c;
	size_t first = c->nclang_args;
	free(c->clang_args_dir);
	c->clang_args_dir = xstrdup(c->dir ? c->dir : ".");
	if (want_list(L, key, v, &c->clang_args, &c->nclang_args, 0) < 0)
		return -1;
	char why[512];
	if (cl_clang_args_refused((const char *const *)c->clang_args + first, (int)(c->nclang_args - first), why,
	                          sizeof why))
		return fail(L, v, "'%s': %s (docs/security.md)", key, why);
	return 0;
}

static int load_rule_map(struct loader *L, const char *key, const yaml_node_t *v, int severity)
{
	if (v->type != YAML_MAPPING_NODE)
		return fail(L, v, "'%s' expects a mapping of rule to %s", key,
			    severity ? "note, warning or error" : "on or off");
	for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(L->doc, p->key);
		yaml_node_t *val = yaml_document_get_node(L->doc, p->value);
		const char *pat = scalar(k);
		if (!pat || !*pat)
			return fail(L, k, "'%s' keys must be rule IDs, names or globs", key);
		if (!pattern_known(pat))
			return fail(L, k, "unknown rule '%s' in '%s'", pat, key);
		const char *s = scalar(val);
		unsigned line = (unsigned)k->start_mark.line + 1;
		if (severity) {
			enum cl_level l;
			if (!s || cl_config_parse_level(s, &l) < 0)
				return fail(L, val, "bad severity '%s' for '%s': use note, warning or error",
					    s ? s : "", pat);
			add_entry(&L->c->severity, &L->c->nseverity, pat, 1, l, line);
		} else {
			int on;
			if (!s || parse_bool(s, &on) < 0)
				return fail(L, val, "bad value '%s' for rule '%s': use on or off", s ? s : "", pat);
			add_entry(&L->c->rules, &L->c->nrules, pat, on, CL_LEVEL_WARNING, line);
		}
	}
	return 0;
}

/* per-file-ignores: a mapping of path glob to a rule or a list of them. */
static int load_ignores(struct loader *L, const char *key, const yaml_node_t *v)
{
	struct cl_config *c = L->c;
	if (v->type != YAML_MAPPING_NODE)
		return fail(L, v, "'%s' expects a mapping of path glob to rules", key);
	size_t len = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
	c->ignores = xrealloc(c->ignores, (c->nignores + len) * sizeof *c->ignores);
	for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(L->doc, p->key);
		yaml_node_t *val = yaml_document_get_node(L->doc, p->value);
		const char *glob = scalar(k);
		if (!glob || !*glob)
			return fail(L, k, "'%s' keys must be path globs", key);
		struct cl_config_ignore *e = &c->ignores[c->nignores++];
		*e = (struct cl_config_ignore){ xstrdup(glob), xstrdup(c->dir ? c->dir : "."), xstrdup(L->path),
		                                (unsigned)k->start_mark.line + 1, NULL, 0 };
		if (want_list(L, key, val, &e->rules, &e->nrules, 1) < 0)
			return -1;
		for (size_t i = 0; i < e->nrules; i++) {
			if (pattern_known(e->rules[i]))
				continue;
			const yaml_node_t *at = val->type == YAML_SEQUENCE_NODE
				? yaml_document_get_node(L->doc, val->data.sequence.items.start[i]) : val;
			return fail(L, at, "unknown rule '%s' in '%s'", e->rules[i], key);
		}
	}
	return 0;
}

static int valid_arch(const char *s)
{
	if (strncmp(s, "sm_", 3) != 0 || !isdigit((unsigned char)s[3]))
		return 0;
	s += 3;
	while (isdigit((unsigned char)*s))
		s++;
	if (*s && islower((unsigned char)*s))
		s++;
	return *s == '\0';
}

/* true / false (or on / off, yes / no) into *OUT. */
static int want_bool(struct loader *L, const char *key, const yaml_node_t *v, int *out)
{
	const char *s = want_scalar(L, key, v);
	if (!s)
		return -1;
	if (parse_bool(s, out) < 0)
		return fail(L, v, "bad value '%s' for '%s': use true or false", s, key);
	return 0;
}

static int load_key(struct loader *L, const char *key, const yaml_node_t *k, const yaml_node_t *v)
{
	struct cl_config *c = L->c;
	const char *s;
	if (strcmp(key, "rules") == 0)
		return load_rule_map(L, key, v, 0);
	if (strcmp(key, "severity") == 0)
		return load_rule_map(L, key, v, 1);
	if (strcmp(key, "per-file-ignores") == 0)
		return load_ignores(L, key, v);
	if (strcmp(key, "include") == 0)
		return c->include_dir = xstrdup(c->dir ? c->dir : "."),
		       want_list(L, key, v, &c->include, &c->ninclude, 1);
	if (strcmp(key, "exclude") == 0)
		return c->exclude_dir = xstrdup(c->dir ? c->dir : "."),
		       want_list(L, key, v, &c->exclude, &c->nexclude, 1);
	if (strcmp(key, "clang-args") == 0)
		return want_clang_args(L, key, v);
	if (strcmp(key, "extends") == 0) {
		if (!(s = want_scalar(L, key, v)))
			return -1;
		L->extends = xstrdup(s);
		L->extends_line = (unsigned)k->start_mark.line + 1;
		return 0;
	}
	if (strcmp(key, "cuda-path") == 0) {
		if (!(s = want_scalar(L, key, v)))
			return -1;
		c->cuda_path = xstrdup(s);
		return 0;
	}
	if (strcmp(key, "cuda-arch") == 0) {
		if (!(s = want_scalar(L, key, v)))
			return -1;
		if (!valid_arch(s))
			return fail(L, v, "bad value '%s' for 'cuda-arch': expected sm_NN, e.g. sm_90", s);
		c->cuda_arch = xstrdup(s);
		return 0;
	}
	if (strcmp(key, "fail-on") == 0) {
		if (!(s = want_scalar(L, key, v)))
			return -1;
		if (cl_config_parse_level(s, &c->fail_on) < 0)
			return fail(L, v, "bad value '%s' for 'fail-on': use note, warning or error", s);
		c->fail_on_set = 1;
		return 0;
	}
	if (strcmp(key, "unanalysed") == 0) {
		if (!(s = want_scalar(L, key, v)))
			return -1;
		if (strcmp(s, "error") && strcmp(s, "warning"))
			return fail(L, v, "bad value '%s' for 'unanalysed': use error or warning", s);
		c->unanalysed_warning = !strcmp(s, "warning");
		c->unanalysed_set = 1;
		return 0;
	}
	if (strcmp(key, "assume-warp-aligned-blocks") == 0)
		return want_bool(L, key, v, &c->warp_aligned_blocks);
	if (strcmp(key, "warp-synchronous") == 0) {
		if (!(s = want_scalar(L, key, v)))
			return -1;
		if (strcmp(s, "note") && strcmp(s, "warning"))
			return fail(L, v, "bad value '%s' for 'warp-synchronous': use warning or note", s);
		c->warp_sync_note = !strcmp(s, "note");
		return 0;
	}
	if (strcmp(key, "launches") == 0)
		return want_launches(L, v);
	if (strcmp(key, "respect-gitignore") == 0)
		return want_bool(L, key, v, &c->respect_gitignore);
	return fail(L, k, "unknown key '%s'", key);
}

/* block: and grid: of a launches: entry: [X, Y, Z] (Y and Z default to
 * 1) or a single X, each from 1 to 1024 for a block (the hardware's
 * limit on threads per block) and to 2^31 - 1 for a grid. */
static int want_dims(struct loader *L, const char *key, const yaml_node_t *v, int out[3])
{
	const yaml_node_t *item[3] = { v, NULL, NULL };
	int n = 1;
	if (v->type == YAML_SEQUENCE_NODE) {
		n = (int)(v->data.sequence.items.top - v->data.sequence.items.start);
		if (n < 1 || n > 3)
			return fail(L, v, "'%s' expects one to three sizes, e.g. [16, 16, 1]", key);
		for (int i = 0; i < n; i++)
			item[i] = yaml_document_get_node(L->doc, v->data.sequence.items.start[i]);
	}
	long long total = 1;
	for (int d = 0; d < 3; d++) {
		out[d] = 1;
		if (d >= n)
			continue;
		const char *s = scalar(item[d]);
		char *end;
		long long x = s ? strtoll(s, &end, 10) : 0;
		if (!s || !*s || *end || x < 1 || x > (strcmp(key, "block") ? 2147483647LL : 1024))
			return fail(L, item[d], "bad size '%s' in '%s': expected a whole number from 1 to %s", s ? s : "",
			            key, strcmp(key, "block") ? "2147483647" : "1024");
		out[d] = (int)x;
		total *= x;
	}
	if (!strcmp(key, "block") && total > 1024)
		return fail(L, v, "'block' has %lld threads: a block holds at most 1024", total);
	return 0;
}

static int want_launches(struct loader *L, const yaml_node_t *v)
{
	struct cl_config *c = L->c;
	if (v->type != YAML_SEQUENCE_NODE)
		return fail(L, v, "'launches' expects a list of {kernel: NAME, block: [X, Y, Z]}");
	for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
		yaml_node_t *e = yaml_document_get_node(L->doc, *it);
		if (e->type != YAML_MAPPING_NODE)
			return fail(L, e, "'launches' expects a list of {kernel: NAME, block: [X, Y, Z]}");
		struct cl_config_launch d = { .line = (unsigned)e->start_mark.line + 1 };
		const char *kernel = NULL;
		int has_block = 0;
		for (yaml_node_pair_t *p = e->data.mapping.pairs.start; p < e->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(L->doc, p->key);
			yaml_node_t *x = yaml_document_get_node(L->doc, p->value);
			const char *key = scalar(k);
			if (key && !strcmp(key, "kernel")) {
				if (!(kernel = want_scalar(L, key, x)))
					return -1;
			} else if (key && (!strcmp(key, "block") || !strcmp(key, "grid"))) {
				if (want_dims(L, key, x, !strcmp(key, "block") ? d.block : d.grid) < 0)
					return -1;
				has_block |= !strcmp(key, "block");
			} else {
				return fail(L, k, "unknown key '%s' in a launch: use kernel, block and grid", key ? key : "");
			}
		}
		if (!kernel || !has_block)
			return fail(L, e, "a launch needs 'kernel' and 'block'");
		if (!strcmp(kernel, "*") || strpbrk(kernel, " \t"))
			return fail(L, e, "bad kernel name '%s' in a launch", kernel);
		d.kernel = xstrdup(kernel);
		d.file = xstrdup(L->path);
		c->launches = xrealloc(c->launches, (c->nlaunches + 1) * sizeof *c->launches);
		c->launches[c->nlaunches++] = d;
	}
	return 0;
}

static int load_doc(struct loader *L)
{
	yaml_node_t *root = yaml_document_get_root_node(L->doc);
	if (!root) /* empty file: defaults */
		return 0;
	if (root->type == YAML_SCALAR_NODE && root->data.scalar.length == 0)
		return 0;
	if (root->type != YAML_MAPPING_NODE)
		return fail(L, root, "expected a mapping of settings at the top level");
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(L->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(L->doc, p->value);
		const char *key = scalar(k);
		if (!key)
			return fail(L, k, "keys must be plain names");
		for (yaml_node_pair_t *q = root->data.mapping.pairs.start; q < p; q++) {
			const char *prev = scalar(yaml_document_get_node(L->doc, q->key));
			if (prev && strcmp(prev, key) == 0)
				return fail(L, k, "duplicate key '%s'", key);
		}
		if (load_key(L, key, k, v) < 0)
			return -1;
	}
	return 0;
}

/* ---- extends: ---- */

/* The files of an extends: chain being loaded, from the file being loaded
 * down to the one first asked for: a file met twice makes a cycle. */
struct chain {
	const char *abs, *shown;
	const struct chain *below;
};

static int load_file(const char *path, const struct chain *below, const char *from, struct cl_config *out,
		     char *err, size_t errlen);

/* Moves the N entries of SRC (of SIZE bytes each) to the end of DST. */
static void *append(void *dst, size_t *dn, void **src, size_t *sn, size_t size)
{
	if (*sn) {
		dst = xrealloc(dst, (*dn + *sn) * size);
		memcpy((char *)dst + *dn * size, *src, *sn * size);
		*dn += *sn;
	}
	free(*src);
	*src = NULL;
	*sn = 0;
	return dst;
}

/* A list key of CHILD, when it sets it, replaces BASE's, directory and all. */
static void take_list(char ***dv, size_t *dn, char **ddir, char ***sv, size_t *sn, char **sdir)
{
	if (!*sdir)
		return;
	free_list(*dv, *dn);
	free(*ddir);
	*dv = *sv, *dn = *sn, *ddir = *sdir;
	*sv = NULL, *sn = 0, *sdir = NULL;
}

static void take_str(char **d, char **s)
{
	if (!*s)
		return;
	free(*d);
	*d = *s;
	*s = NULL;
}

/* Lays CHILD, a file that says extends:, over BASE, the configuration it
 * extends, as ruff's `extend`: the entries of rules:, severity: and
 * per-file-ignores: come after BASE's, so the child's win where both
 * match; any other key the child sets replaces BASE's. Relative paths
 * stay relative to the file that wrote them (lists keep their directory;
 * an inherited cuda-path is made absolute). CHILD is freed. */
static void merge(struct cl_config *base, struct cl_config *child)
{
	base->rules = append(base->rules, &base->nrules, (void **)&child->rules, &child->nrules, sizeof *base->rules);
	base->severity = append(base->severity, &base->nseverity, (void **)&child->severity, &child->nseverity,
				sizeof *base->severity);
	base->ignores = append(base->ignores, &base->nignores, (void **)&child->ignores, &child->nignores,
			       sizeof *base->ignores);
	base->launches = append(base->launches, &base->nlaunches, (void **)&child->launches, &child->nlaunches,
			        sizeof *base->launches);
	base->chain = append(base->chain, &base->nchain, (void **)&child->chain, &child->nchain, sizeof *base->chain);
	take_list(&base->include, &base->ninclude, &base->include_dir, &child->include, &child->ninclude,
		  &child->include_dir);
	take_list(&base->exclude, &base->nexclude, &base->exclude_dir, &child->exclude, &child->nexclude,
		  &child->exclude_dir);
	take_list(&base->clang_args, &base->nclang_args, &base->clang_args_dir, &child->clang_args,
		  &child->nclang_args, &child->clang_args_dir);
	if (!child->cuda_path && base->cuda_path) {
		char *abs = path_under(base->dir, base->cuda_path);
		free(base->cuda_path);
		base->cuda_path = abs;
	}
	take_str(&base->cuda_path, &child->cuda_path);
	take_str(&base->cuda_arch, &child->cuda_arch);
	take_str(&base->path, &child->path);
	take_str(&base->dir, &child->dir);
	if (child->fail_on_set)
		base->fail_on = child->fail_on, base->fail_on_set = 1;
	if (child->unanalysed_set)
		base->unanalysed_warning = child->unanalysed_warning, base->unanalysed_set = 1;
	if (child->warp_aligned_blocks >= 0)
		base->warp_aligned_blocks = child->warp_aligned_blocks;
	if (child->respect_gitignore >= 0)
		base->respect_gitignore = child->respect_gitignore;
	if (child->warp_sync_note >= 0)
		base->warp_sync_note = child->warp_sync_note;
	cl_config_free(child);
}

/* V[0..N) joined by " -> " into OUT (LEN bytes). When that does not fit,
 * the middle goes ("a -> b -> … (37 more) -> y -> z"): the first files
 * say where the chain starts and the last ones close the cycle, and the
 * message stays one line of bounded length. */
static void join_chain(char *out, size_t len, const char *const *v, size_t n)
{
	static const char sep[] = " -> ";
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += strlen(v[i]) + (i ? sizeof sep - 1 : 0);
	size_t head = n, tail = 0;
	if (total >= len) {
		/* as many whole names from each end as fit in half of what is
		 * left once the marker is written; at least one of each */
		size_t half = len > 64 ? (len - 48) / 2 : 0, used = 0;
		for (head = 0; head < n - 1 && (head == 0 || used + strlen(v[head]) + 4 <= half); head++)
			used += strlen(v[head]) + 4;
		used = 0;
		for (tail = 0; head + tail < n && (tail == 0 || used + strlen(v[n - 1 - tail]) + 4 <= half); tail++)
			used += strlen(v[n - 1 - tail]) + 4;
	}
	size_t k = 0;
	for (size_t i = 0; i < n && k < len; i++) {
		if (i == head && head + tail < n) {
			k += (size_t)snprintf(out + k, len - k, "%s\xe2\x80\xa6 (%zu more)", sep, n - head - tail);
			i = n - tail - 1;
			continue;
		}
		k += (size_t)snprintf(out + k, len - k, "%s%s", i ? sep : "", v[i]);
	}
}

/* The message for a cycle: the files of the chain ME in the order they
 * were read, then AGAIN, the one met a second time. */
static void cycle_error(char *err, size_t errlen, const struct loader *L, const struct chain *me, const char *again)
{
	size_t n = 1;
	for (const struct chain *d = me; d; d = d->below)
		n++;
	const char **v = xmalloc(n * sizeof *v);
	size_t i = n - 1;
	v[i] = again;
	for (const struct chain *d = me; d; d = d->below)
		v[--i] = d->shown;
	int k = snprintf(err, errlen, "%s:%u: extends makes a cycle: ", L->path, L->extends_line);
	if (k >= 0 && (size_t)k < errlen)
		join_chain(err + k, errlen - (size_t)k, v, n);
	free(v);
}

/* Loads what OUT's file (PATH, resolved to ABS) extends and lays OUT over
 * it. The parent is named in messages relative to the current directory
 * when it lies inside it, as the run names the configuration files it
 * finds. */
static int extend(struct cl_config *out, const struct loader *L, const char *abs, const struct chain *below,
		  char *err, size_t errlen)
{
	char *joined = path_under(out->dir, L->extends);
	char shown[PATH_MAX], pabs[PATH_MAX];
	int ok = cl_srctext_relpath(joined, NULL, shown, sizeof shown) >= 0 &&
		 cl_srctext_abspath(joined, pabs, sizeof pabs) == 0;
	free(joined);
	if (!ok) {
		snprintf(err, errlen, "%s:%u: extends '%s': path too long", L->path, L->extends_line, L->extends);
		cl_config_free(out);
		return -1;
	}
	const struct chain me = { abs, L->path, below };
	for (const struct chain *c = &me; c; c = c->below) {
		if (strcmp(c->abs, pabs))
			continue;
		cycle_error(err, errlen, L, &me, shown);
		cl_config_free(out);
		return -1;
	}
	char from[PATH_MAX + 64];
	snprintf(from, sizeof from, "%s:%u: extends '%s'", L->path, L->extends_line, L->extends);
	struct cl_config base;
	if (load_file(shown, &me, from, &base, err, errlen) < 0) {
		cl_config_free(out);
		return -1;
	}
	merge(&base, out);
	*out = base;
	return 0;
}

/* Loads PATH. BELOW: the files that extend it (NULL for the one asked
 * for); FROM: what names it there, for the message when it cannot be
 * opened. */
static int load_file(const char *path, const struct chain *below, const char *from, struct cl_config *out,
		     char *err, size_t errlen)
{
	cl_config_init(out);
	char why[256];
	struct stat st;
	FILE *fp = cl_fopen_regular(path, "cannot open", &st, why, sizeof why);
	if (!fp) {
		snprintf(err, errlen, "%s: %s", from ? from : path, why);
		return -1;
	}
	cl_input_note(path, &st, "a configuration file of this run", NULL);
	/* the directory first: keys with paths record it as they load */
	char abs[PATH_MAX];
	int have_abs = cl_srctext_abspath(path, abs, sizeof abs) == 0;
	if (have_abs) {
		char dir[PATH_MAX];
		memcpy(dir, abs, sizeof dir);
		char *slash = strrchr(dir, '/');
		if (slash == dir)
			slash[1] = '\0';
		else if (slash)
			*slash = '\0';
		out->dir = xstrdup(dir);
	}
	yaml_parser_t parser;
	yaml_document_t doc;
	if (!yaml_parser_initialize(&parser)) {
		fclose(fp);
		snprintf(err, errlen, "%s: out of memory", path);
		cl_config_free(out);
		return -1;
	}
	yaml_parser_set_input_file(&parser, fp);
	int rc = 0;
	struct loader L = {path, &doc, out, err, errlen, NULL, 0};
	if (!yaml_parser_load(&parser, &doc)) {
		snprintf(err, errlen, "%s:%lu: %s%s%s", path,
			 (unsigned long)parser.problem_mark.line + 1,
			 parser.problem ? parser.problem : "invalid YAML",
			 parser.context ? " " : "", parser.context ? parser.context : "");
		rc = -1;
	} else {
		rc = load_doc(&L);
		/* A second document ("---") is not a configuration. */
		if (rc == 0) {
			yaml_document_t more;
			if (yaml_parser_load(&parser, &more)) {
				if (yaml_document_get_root_node(&more))
					rc = fail(&L, yaml_document_get_root_node(&more),
						  "only one YAML document is allowed");
				yaml_document_delete(&more);
			}
		}
		yaml_document_delete(&doc);
	}
	yaml_parser_delete(&parser);
	fclose(fp);
	if (rc < 0) {
		free(L.extends);
		cl_config_free(out);
		return -1;
	}
	out->path = xstrdup(path);
	out->chain = xmalloc(sizeof *out->chain);
	out->chain[out->nchain++] = xstrdup(path);
	if (L.extends)
		rc = extend(out, &L, have_abs ? abs : path, below, err, errlen);
	free(L.extends);
	return rc;
}

int cl_config_load(const char *path, struct cl_config *out, char *err, size_t errlen)
{
	return load_file(path, NULL, NULL, out, err, errlen);
}
