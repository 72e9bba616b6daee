/* options.h - the command line (docs/cli.md). */
#ifndef CUDALINT_OPTIONS_H
#define CUDALINT_OPTIONS_H

#include <stdio.h>

#include "analysis/option_table.h"
#include "finding.h"

enum out_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF, FORMAT_GITHUB };
enum color_mode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

/* --enable/--disable/--severity, in command-line order (the last match
 * wins, after the configuration file's entries). */
struct rule_opt {
	const char *pattern; /* rule ID, name or glob */
	int kind;            /* RULE_OPT_ON, RULE_OPT_OFF, RULE_OPT_LEVEL */
	enum cl_level level; /* RULE_OPT_LEVEL */
};
enum { RULE_OPT_ON, RULE_OPT_OFF, RULE_OPT_LEVEL };

struct options {
	const char **paths; int npaths;
	const char **clang_args; int nclang_args; /* -I, -D, and after "--" */
	const char *std;
	const char *cuda_path;
	const char *cuda_arch;
	int no_toolkit;
	int no_cache;                 /* --no-cache: no precompiled toolkit header, no result cache */
	int cache_results;            /* result cache: on unless --no-cache-results (--no-cache wins) */
	int jobs;                     /* -j N: worker processes; 0: not given (1); -1: -j0 or -j auto */
	enum out_format format;
	const char *output;           /* -o; NULL or "-": standard output */
	enum color_mode color;
	const char *config;
	const char *compile_commands;   /* -p DIR: compile_commands.json */
	const char *baseline;
	const char *write_baseline;
	const char *srcroot;
	const char *stdin_filename;   /* --stdin-filename: the name of `-` */
	int use_stdin;                /* `-` among the paths (before --paths): read standard input */
	int report_suppressed;
	int warn_unused_suppressions;
	struct rule_opt *rule_opts; int nrule_opts;
	/* the options of analysis/options.def the command line gives: the
	 * value of option K (CL_OPT_*) where option_given[K] */
	int option_value[CL_NOPTIONS];
	unsigned char option_given[CL_NOPTIONS];
	int verbose;                  /* -v: every clang error, also those ignored */
	int exit_zero;                /* --exit-zero: findings never make the status 1 */
	int quiet;                    /* -q, --quiet: findings and errors only, no notes or summary */
	int statistics;               /* --statistics: counts per rule instead of the findings */
	int fix;                      /* --fix: apply the fixes to the files (driver/fixes.h) */
	int unsafe_fixes;             /* --unsafe-fixes: also the unsafe ones */
	int diff;                     /* --diff: print the fixes as a unified diff, change nothing */
	int show_source;              /* --show-source 1, --no-show-source -1, 0: on a terminal */
	int follow_links;             /* --follow-links: directory walks follow links out of the tree */
	int show_config, show_files;  /* print the configuration or the files, analyse nothing */
	int shard_k, shard_n;         /* --shard K/N: only the files of part K (1..N); N 0: all */
	const char *const *launch_argv; int launch_argc; /* --launcher: the compile command after it */
	int list_rules, version, help, dump_ir, dump_launches, show_toolkit, clear_cache;
	const char *explain;
};

/* Parses argv; on a usage error prints "cudalint: error: ..." and
 * returns -1 (exit status 2). */
int options_parse(struct options *o, int argc, char **argv);
/* Frees what options_parse allocated (also after an error); the strings
 * of argv stay. */
void options_free(struct options *o);
void options_usage(FILE *out);

#endif
