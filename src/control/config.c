/* config.c - .cudalint.yaml loading (libyaml document API) and queries.
 *
 * Every error names the file and the 1-based line of the offending node
 * (libyaml marks are 0-based). Validation happens at load time, so a
 * loaded config never holds an unknown key, rule or level. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/config.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <yaml.h>

#include "../rules/rules.h"
#include "util/regfile.h"
#include "util/srctext.h"
#include "util/xalloc.h"

void cl_config_init(struct cl_config *c)
{
	memset(c, 0, sizeof *c);
	c->fail_on = CL_LEVEL_WARNING;
	c->warp_aligned_blocks = -1;
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
	free_list(c->include, c->ninclude);
	free_list(c->exclude, c->nexclude);
	free_list(c->clang_args, c->nclang_args);
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

static int rule_matches(const char *pattern, const struct cl_rule *r)
{
	if (strcmp(pattern, r->id) == 0 || strcmp(pattern, r->name) == 0)
		return 1;
	return strpbrk(pattern, "*?[") &&
	       (fnmatch(pattern, r->id, 0) == 0 || fnmatch(pattern, r->name, 0) == 0);
}

static int pattern_known(const char *pattern)
{
	if (cl_rule_find(pattern))
		return 1;
	for (int i = 0; i < cl_nrules; i++)
		if (rule_matches(pattern, &cl_rules[i]))
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
		if (rule_matches(c->rules[i].pattern, r))
			on = c->rules[i].on;
	return on;
}

enum cl_level cl_config_rule_level(const struct cl_config *c, const struct cl_rule *r)
{
	enum cl_level l = r->level;
	for (size_t i = 0; c && i < c->nseverity; i++)
		if (rule_matches(c->severity[i].pattern, r))
			l = c->severity[i].level;
	return l;
}

/* ---- paths ---- */

static int path_matches(const char *pattern, const char *rel)
{
	if (!strchr(pattern, '/')) {
		/* any component */
		const char *s = rel;
		while (*s) {
			const char *e = strchr(s, '/');
			size_t n = e ? (size_t)(e - s) : strlen(s);
			char comp[NAME_MAX + 1];
			if (n < sizeof comp) {
				memcpy(comp, s, n);
				comp[n] = '\0';
				if (fnmatch(pattern, comp, 0) == 0)
					return 1;
			}
			if (!e)
				break;
			s = e + 1;
		}
		return 0;
	}
	while (pattern[0] == '.' && pattern[1] == '/')
		pattern += 2;
	while (pattern[0] == '/')
		pattern++;
	char buf[PATH_MAX];
	size_t n = strlen(rel);
	if (n >= sizeof buf)
		return 0;
	memcpy(buf, rel, n + 1);
	/* the whole path, then each leading directory */
	for (;;) {
		if (fnmatch(pattern, buf, 0) == 0)
			return 1;
		char *slash = strrchr(buf, '/');
		if (!slash || slash == buf)
			return 0;
		*slash = '\0';
	}
}

int cl_config_path_included(const struct cl_config *c, const char *path)
{
	if (!c || !c->dir || (c->ninclude == 0 && c->nexclude == 0))
		return 1;
	char rel[PATH_MAX];
	if (cl_srctext_relpath(path, c->dir, rel, sizeof rel) < 0)
		return 1;
	if (c->ninclude) {
		int in = 0;
		for (size_t i = 0; i < c->ninclude && !in; i++)
			in = path_matches(c->include[i], rel);
		if (!in)
			return 0;
	}
	for (size_t i = 0; i < c->nexclude; i++)
		if (path_matches(c->exclude[i], rel))
			return 0;
	return 1;
}

int cl_config_find(const char *dir, char *path_out, size_t len)
{
	char d[PATH_MAX];
	if (cl_srctext_abspath(dir, d, sizeof d) < 0)
		return -1;
	for (;;) {
		char p[PATH_MAX + sizeof CL_CONFIG_NAME + 1];
		snprintf(p, sizeof p, "%s/%s", strcmp(d, "/") == 0 ? "" : d, CL_CONFIG_NAME);
		struct stat sb;
		if (stat(p, &sb) == 0 && S_ISREG(sb.st_mode)) {
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
};

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

static int load_key(struct loader *L, const char *key, const yaml_node_t *k, const yaml_node_t *v)
{
	struct cl_config *c = L->c;
	const char *s;
	if (strcmp(key, "rules") == 0)
		return load_rule_map(L, key, v, 0);
	if (strcmp(key, "severity") == 0)
		return load_rule_map(L, key, v, 1);
	if (strcmp(key, "include") == 0)
		return want_list(L, key, v, &c->include, &c->ninclude, 1);
	if (strcmp(key, "exclude") == 0)
		return want_list(L, key, v, &c->exclude, &c->nexclude, 1);
	if (strcmp(key, "clang-args") == 0)
		return want_list(L, key, v, &c->clang_args, &c->nclang_args, 0);
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
		return 0;
	}
	if (strcmp(key, "assume-warp-aligned-blocks") == 0) {
		int on;
		if (!(s = want_scalar(L, key, v)))
			return -1;
		if (parse_bool(s, &on) < 0)
			return fail(L, v, "bad value '%s' for 'assume-warp-aligned-blocks': use true or false", s);
		c->warp_aligned_blocks = on;
		return 0;
	}
	return fail(L, k, "unknown key '%s'", key);
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

int cl_config_load(const char *path, struct cl_config *out, char *err, size_t errlen)
{
	cl_config_init(out);
	char why[256];
	FILE *fp = cl_fopen_regular(path, "cannot open", NULL, why, sizeof why);
	if (!fp) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	yaml_parser_t parser;
	yaml_document_t doc;
	if (!yaml_parser_initialize(&parser)) {
		fclose(fp);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	yaml_parser_set_input_file(&parser, fp);
	int rc = 0;
	if (!yaml_parser_load(&parser, &doc)) {
		snprintf(err, errlen, "%s:%lu: %s%s%s", path,
			 (unsigned long)parser.problem_mark.line + 1,
			 parser.problem ? parser.problem : "invalid YAML",
			 parser.context ? " " : "", parser.context ? parser.context : "");
		rc = -1;
	} else {
		struct loader L = {path, &doc, out, err, errlen};
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
		cl_config_free(out);
		return -1;
	}
	out->path = xstrdup(path);
	char abs[PATH_MAX];
	if (cl_srctext_abspath(path, abs, sizeof abs) == 0) {
		char *slash = strrchr(abs, '/');
		if (slash == abs)
			slash[1] = '\0';
		else if (slash)
			*slash = '\0';
		out->dir = xstrdup(abs);
	}
	return 0;
}
