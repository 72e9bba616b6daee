/* config_load.c - one .cudalint.yaml document into a struct cl_config
 * (libyaml's document API): every key, its value checked.
 *
 * Every error names the file and the 1-based line of the offending node
 * (libyaml marks are 0-based). Validation happens at load time, so a
 * loaded config never holds an unknown key, rule or level. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/config_internal.h"
#include "frontend/clang_args.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/xalloc.h"

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

static int want_launches(struct cl_config_loader *L, const yaml_node_t *v);

static int fail(struct cl_config_loader *L, const yaml_node_t *n, const char *fmt, ...)
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
static const char *want_scalar(struct cl_config_loader *L, const char *key, const yaml_node_t *v)
{
	const char *s = scalar(v);
	if (!s || !*s) {
		fail(L, v, "'%s' expects a single value", key);
		return NULL;
	}
	return s;
}

/* A sequence of non-empty scalars (or a single scalar) into *V. */
static int want_list(struct cl_config_loader *L, const char *key, const yaml_node_t *v,
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
static int want_clang_args(struct cl_config_loader *L, const char *key, const yaml_node_t *v)
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

static int load_rule_map(struct cl_config_loader *L, const char *key, const yaml_node_t *v, int severity)
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
		if (!cl_config_pattern_known(pat))
			return fail(L, k, "unknown rule '%s' in '%s'", pat, key);
		const char *s = scalar(val);
		unsigned line = (unsigned)k->start_mark.line + 1;
		if (severity) {
			enum cl_level l;
			if (!s || cl_config_parse_level(s, &l) < 0)
				return fail(L, val, "bad severity '%s' for '%s': use note, warning or error",
					    s ? s : "", pat);
			cl_config_add_entry(&L->c->severity, &L->c->nseverity, pat, 1, l, line);
		} else {
			int on;
			if (!s || parse_bool(s, &on) < 0)
				return fail(L, val, "bad value '%s' for rule '%s': use on or off", s ? s : "", pat);
			cl_config_add_entry(&L->c->rules, &L->c->nrules, pat, on, CL_LEVEL_WARNING, line);
		}
	}
	return 0;
}

/* per-file-ignores: a mapping of path glob to a rule or a list of them. */
static int load_ignores(struct cl_config_loader *L, const char *key, const yaml_node_t *v)
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
			if (cl_config_pattern_known(e->rules[i]))
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
static int want_bool(struct cl_config_loader *L, const char *key, const yaml_node_t *v, int *out)
{
	const char *s = want_scalar(L, key, v);
	if (!s)
		return -1;
	if (parse_bool(s, out) < 0)
		return fail(L, v, "bad value '%s' for '%s': use true or false", s, key);
	return 0;
}

/* A BOOL or CHOICE option of options.def, cl_options[K], into *VALUE;
 * *SET records that this file set it. */
static int want_option(struct cl_config_loader *L, int k, const yaml_node_t *v, int *value, int *set)
{
	const struct cl_option *o = &cl_options[k];
	int x;
	if (o->type == CL_OPTION_BOOL) {
		if (want_bool(L, o->key, v, &x) < 0)
			return -1;
	} else {
		const char *s = want_scalar(L, o->key, v);
		if (!s)
			return -1;
		char names[128];
		if ((x = cl_option_parse(o, s)) < 0)
			return fail(L, v, "bad value '%s' for '%s': use %s", s, o->key,
			            cl_option_values_text(o, names, sizeof names));
	}
	*value = x;
	*set = 1;
	return 0;
}

/* The keys of options.def; -2 when KEY is none of them. */
static int load_option(struct cl_config_loader *L, const char *key, const yaml_node_t *v)
{
	struct cl_config *c = L->c;
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	if (!strcmp(key, KEY)) \
		return CL_OPTION_IF_SCALAR_##TYPE(want_option(L, CL_OPT_##NAME, v, &c->NAME, &c->NAME##_set)) \
		       CL_OPTION_IF_LAUNCHES_##TYPE(want_launches(L, v));
#include "analysis/options.def"
	return -2;
}

/* A path or a name: a non-empty scalar, copied into *OUT. */
static int want_string(struct cl_config_loader *L, const char *key, const yaml_node_t *v, char **out)
{
	const char *s = want_scalar(L, key, v);
	if (!s)
		return -1;
	*out = xstrdup(s);
	return 0;
}

static int load_key(struct cl_config_loader *L, const char *key, const yaml_node_t *k, const yaml_node_t *v)
{
	struct cl_config *c = L->c;
	int rc = load_option(L, key, v);
	if (rc != -2)
		return rc;
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
		L->extends_line = (unsigned)k->start_mark.line + 1;
		return want_string(L, key, v, &L->extends);
	}
	if (strcmp(key, "cuda-path") == 0)
		return want_string(L, key, v, &c->cuda_path);
	if (strcmp(key, "cuda-arch") == 0) {
		const char *s = want_scalar(L, key, v);
		if (!s)
			return -1;
		if (!valid_arch(s))
			return fail(L, v, "bad value '%s' for 'cuda-arch': expected sm_NN, e.g. sm_90", s);
		c->cuda_arch = xstrdup(s);
		return 0;
	}
	return fail(L, k, "unknown key '%s'", key);
}

/* block: and grid: of a launches: entry: [X, Y, Z] (Y and Z default to
 * 1) or a single X, each from 1 to 1024 for a block (the hardware's
 * limit on threads per block) and to 2^31 - 1 for a grid. */
static int want_dims(struct cl_config_loader *L, const char *key, const yaml_node_t *v, int out[3])
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

static int want_launches(struct cl_config_loader *L, const yaml_node_t *v)
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

static int load_doc(struct cl_config_loader *L)
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

int cl_config_read(FILE *fp, struct cl_config_loader *L)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	if (!yaml_parser_initialize(&parser)) {
		snprintf(L->err, L->errlen, "%s: out of memory", L->path);
		return -1;
	}
	yaml_parser_set_input_file(&parser, fp);
	int rc = 0;
	L->doc = &doc;
	if (!yaml_parser_load(&parser, &doc)) {
		snprintf(L->err, L->errlen, "%s:%lu: %s%s%s", L->path,
			 (unsigned long)parser.problem_mark.line + 1,
			 parser.problem ? parser.problem : "invalid YAML",
			 parser.context ? " " : "", parser.context ? parser.context : "");
		rc = -1;
	} else {
		rc = load_doc(L);
		/* A second document ("---") is not a configuration. */
		if (rc == 0) {
			yaml_document_t more;
			if (yaml_parser_load(&parser, &more)) {
				if (yaml_document_get_root_node(&more))
					rc = fail(L, yaml_document_get_root_node(&more),
						  "only one YAML document is allowed");
				yaml_document_delete(&more);
			}
		}
		yaml_document_delete(&doc);
	}
	L->doc = NULL;
	yaml_parser_delete(&parser);
	return rc;
}
