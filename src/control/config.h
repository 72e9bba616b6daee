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
 *   per-file-ignores: map of path glob -> rules turned off for those files
 *   extends:    another config file this one builds on (relative to it)
 * and the keys of analysis/options.def (fail-on, unanalysed,
 * assume-warp-aligned-blocks, respect-gitignore, warp-synchronous,
 * launches), each as its line there says.
 * In rules: and severity:, the last matching entry wins (so "CL2*: off"
 * followed by "CL2005: on" turns on CL2005 alone). A file with extends:
 * is loaded over its parent, as ruff's `extend`: its rules:, severity:
 * and per-file-ignores: entries come after the parent's, any other key it
 * sets replaces the parent's, and relative paths stay relative to the
 * file that wrote them. Nothing is inherited without extends:. Command-line
 * options are applied after loading, with cl_config_set_* or by setting
 * fields. */
#ifndef CUDALINT_CONFIG_H
#define CUDALINT_CONFIG_H

#include <stddef.h>

#include "analysis/option_table.h"
#include "finding.h"

struct cl_rule;

#define CL_CONFIG_NAME ".cudalint.yaml"

struct cl_config_rule {
	char *pattern;       /* rule ID, name or glob over either (util/glob.h) */
	int on;              /* rules: */
	enum cl_level level; /* severity: */
	unsigned line;       /* in the config file; 0 for command-line entries */
};

/* One per-file-ignores: entry: RULES are off in the files GLOB matches. */
struct cl_config_ignore {
	char *glob;          /* relative to DIR; see cl_config_file_ignores */
	char *dir;           /* the directory of the file that wrote it (absolute) */
	char *file;          /* that file, as shown in messages */
	unsigned line;
	char **rules;        /* rule IDs, names or globs over either */
	size_t nrules;
};

/* One launches: entry: KERNEL runs in blocks BLOCK (grid GRID); a 0 is
 * a dimension not given. */
struct cl_config_launch {
	char *kernel;
	int block[3], grid[3];
	char *file;          /* the file that wrote it, as shown in messages */
	unsigned line;
};

struct cl_config {
	char *path;          /* the file loaded; NULL for the built-in defaults */
	char *dir;           /* its directory (absolute) */
	char **chain;        /* the files read: the farthest extends: first, PATH last */
	size_t nchain;
	struct cl_config_rule *rules;    /* rules: entries, in file order (a parent's first) */
	size_t nrules;
	struct cl_config_rule *severity; /* severity: entries, likewise */
	size_t nseverity;
	struct cl_config_ignore *ignores; /* per-file-ignores: entries, likewise */
	size_t nignores;
	struct cl_config_launch *launches; /* launches: entries, likewise */
	size_t nlaunches;
	/* Each list below comes with the directory its relative paths are
	 * relative to: that of the file that set it, which under extends: may
	 * be a parent's. NULL: the key is not set. */
	char **include;      /* empty: every file */
	size_t ninclude;
	char *include_dir;
	char **exclude;
	size_t nexclude;
	char *exclude_dir;
	char **clang_args;
	size_t nclang_args;
	char *clang_args_dir;
	char *cuda_path;     /* NULL: not set; relative to DIR (made absolute when inherited) */
	char *cuda_arch;     /* NULL: not set */
	/* The scalar options of options.def (fail_on, unanalysed_warning,
	 * warp_aligned_blocks, ...): the value, the default where the files
	 * do not set it, and whether one did (NAME_set). */
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_SCALAR_##TYPE(int NAME; int NAME##_set;)
#include "analysis/options.def"
};

/* The built-in defaults: every rule as in the rule table, all files. */
void cl_config_init(struct cl_config *c);
void cl_config_free(struct cl_config *c);

/* Loads PATH, and the files its extends: chain names, into OUT (which need
 * not be initialized). On error returns -1, leaves OUT initialized to the
 * defaults, and writes a one-line message naming the file and line to ERR,
 * e.g. ".cudalint.yaml:3: unknown key 'rulez'". 0 on success. */
int cl_config_load(const char *path, struct cl_config *out, char *err, size_t errlen);

/* Looks for CL_CONFIG_NAME in DIR and each directory above it. Returns 1
 * and the file's path in PATH_OUT when found (whatever it is: a FIFO or a
 * link to a device is then refused by cl_config_load), 0 when not, -1 on error
 * (PATH_OUT too small, DIR unresolvable). */
int cl_config_find(const char *dir, char *path_out, size_t len);

/* The effective state of rule R under C (C may be NULL: the defaults). */
int cl_config_rule_enabled(const struct cl_config *c, const struct cl_rule *r);
enum cl_level cl_config_rule_level(const struct cl_config *c, const struct cl_rule *r);

/* Whether PATH passes include:/exclude: of C (C NULL or without a file:
 * always). A pattern without '/' is matched against every component of the
 * path (so "*.cuh" and "third_party" work at any depth); one with '/' is
 * matched against the path relative to the config directory and each of
 * its leading directories. '*' also matches '/' (cl_glob_match, util/glob.h). */
int cl_config_path_included(const struct cl_config *c, const char *path);

/* Whether the per-file-ignores: of C turn rule R off for PATH (per_file.c).
 * A glob is matched against PATH relative to the directory of the file
 * that wrote it, as ruff's per-file-ignores: '*', '?' and '[...]' stay
 * within one path component (cl_glob_match_path, util/glob.h), a component
 * "**" spans any number of directories, and a glob without '/' is also
 * matched against the file name alone, at any depth. */
int cl_config_file_ignores(const struct cl_config *c, const char *path, const struct cl_rule *r);

/* Whether rule pattern PATTERN (ID, name or glob) covers R. */
int cl_config_rule_matches(const char *pattern, const struct cl_rule *r);

/* Command-line overrides, appended after the file's entries so they win.
 * -1 (and nothing added) if PATTERN names or matches no rule. */
int cl_config_set_rule(struct cl_config *c, const char *pattern, int on);
int cl_config_set_level(struct cl_config *c, const char *pattern, enum cl_level level);

/* The value of scalar option K (CL_OPT_*) under C, and in *SET (when
 * SET is not NULL) whether a file set it. */
int cl_config_option(const struct cl_config *c, int k, int *set);

/* Parses "note" / "warning" / "error"; -1 if it is none of them. */
int cl_config_parse_level(const char *s, enum cl_level *out);

#endif
