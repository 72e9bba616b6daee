/* config.h - .cudalint.yaml.
 *
 * A config file is found by walking up from a source file's directory (as
 * .clang-tidy is), or named with --config. Keys (docs/configuration.md):
 *   rules:      map of rule ID / name / glob ("CL2*") -> on | off
 *   severity:   map of rule ID / name / glob -> note | warning | error
 *   include:    path globs, relative to the config file's directory
 *   exclude:    path globs, likewise
 *   clang-args: list of extra compiler arguments
 *   cuda-path:  CUDA toolkit directory
 *   cuda-arch:  GPU architecture, e.g. sm_90
 *   fail-on:    note | warning | error, the least level that makes exit status 1
 *   unanalysed: error | warning, what a device function clang could not parse
 *               does to the exit status (error: 2; warning: nothing)
 * In rules: and severity:, the last matching entry wins (so "CL2*: off"
 * followed by "CL2005: on" turns on CL2005 alone). Command-line options
 * are applied after loading, with cl_config_set_* or by setting fields. */
#ifndef CUDALINT_CONFIG_H
#define CUDALINT_CONFIG_H

#include <stddef.h>

#include "finding.h"

struct cl_rule;

#define CL_CONFIG_NAME ".cudalint.yaml"

struct cl_config_rule {
	char *pattern;       /* rule ID, name or fnmatch glob over either */
	int on;              /* rules: */
	enum cl_level level; /* severity: */
	unsigned line;       /* in the config file; 0 for command-line entries */
};

struct cl_config {
	char *path;          /* the file loaded; NULL for the built-in defaults */
	char *dir;           /* its directory (absolute): include/exclude are relative to it */
	struct cl_config_rule *rules;    /* rules: entries, in file order */
	size_t nrules;
	struct cl_config_rule *severity; /* severity: entries, in file order */
	size_t nseverity;
	char **include;      /* empty: every file */
	size_t ninclude;
	char **exclude;
	size_t nexclude;
	char **clang_args;
	size_t nclang_args;
	char *cuda_path;     /* NULL: not set */
	char *cuda_arch;     /* NULL: not set */
	enum cl_level fail_on; /* default CL_LEVEL_WARNING */
	int fail_on_set;     /* fail-on: was given */
	int unanalysed_warning; /* unanalysed: warning */
	int warp_aligned_blocks; /* assume-warp-aligned-blocks: -1 not set, else 0 or 1 */
};

/* The built-in defaults: every rule as in the rule table, all files. */
void cl_config_init(struct cl_config *c);
void cl_config_free(struct cl_config *c);

/* Loads PATH into OUT (which need not be initialized). On error returns -1,
 * leaves OUT initialized to the defaults, and writes a one-line message
 * naming the file and line to ERR, e.g. ".cudalint.yaml:3: unknown key
 * 'rulez'". 0 on success. */
int cl_config_load(const char *path, struct cl_config *out, char *err, size_t errlen);

/* Looks for CL_CONFIG_NAME in DIR and each directory above it. Returns 1
 * and the file's path in PATH_OUT when found, 0 when not, -1 on error
 * (PATH_OUT too small, DIR unresolvable). */
int cl_config_find(const char *dir, char *path_out, size_t len);

/* The effective state of rule R under C (C may be NULL: the defaults). */
int cl_config_rule_enabled(const struct cl_config *c, const struct cl_rule *r);
enum cl_level cl_config_rule_level(const struct cl_config *c, const struct cl_rule *r);

/* Whether PATH passes include:/exclude: of C (C NULL or without a file:
 * always). A pattern without '/' is matched against every component of the
 * path (so "*.cuh" and "third_party" work at any depth); one with '/' is
 * matched against the path relative to the config directory and each of
 * its leading directories. '*' also matches '/'. */
int cl_config_path_included(const struct cl_config *c, const char *path);

/* Command-line overrides, appended after the file's entries so they win.
 * -1 (and nothing added) if PATTERN names or matches no rule. */
int cl_config_set_rule(struct cl_config *c, const char *pattern, int on);
int cl_config_set_level(struct cl_config *c, const char *pattern, enum cl_level level);

/* Parses "note" / "warning" / "error"; -1 if it is none of them. */
int cl_config_parse_level(const char *s, enum cl_level *out);

#endif
