/* run_internal.h - what the parts of one run share (src/driver/run.c
 * puts them together): its state, its configurations and parsers, and
 * the functions each part offers the others.
 *   configs.c     the configuration of each file, the command line applied
 *   parsers.c     the builds of each file and a parser per set of options
 *   cache_keys.c  result-cache keys and stores
 *   targets.c     what a unit reports on: a header through its includer,
 *                 findings placed in headers, coverage of device functions
 *   select.c      the files to analyse: paths walked, include/exclude, .gitignore
 *   show.c        --show-config, --show-files
 *   finish.c      failures, suppressions and the baseline, the report */
#ifndef CUDALINT_RUN_INTERNAL_H
#define CUDALINT_RUN_INTERNAL_H

#include "analysis/analyze.h"
#include "analysis/launch.h"
#include "control/config.h"
#include "driver/options.h"
#include "finding.h"
#include "frontend/frontend.h"
#include "frontend/nvcc_args.h"
#include "ir/ir.h"
#include "util/hash.h"

#include <limits.h>
#include <stddef.h>
#include <time.h>

/* A configuration as a run uses it: the file's settings with the command
 * line applied, and the per-rule tables that struct cl_ctx wants. */
struct cfg {
	struct cl_config c;
	char *abs;                 /* absolute path of the file; NULL: defaults */
	enum cl_level *levels;     /* per rule index */
	unsigned char *enabled;    /* per rule index */
	/* the options of analysis/options.def whose SCOPE is RUN, merged
	 * (CFG_OPTION): fail_on, the least level that makes the exit status 1;
	 * unanalysed_warning, an unanalysed device function does not make it
	 * 2; respect_gitignore, a directory walk leaves out what git ignores */
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_RUN_##SCOPE(CL_OPTION_IF_SCALAR_##TYPE(int NAME;))
#include "analysis/options.def"
	const char **args;         /* config clang-args (paths resolved), then the command line's */
	int nargs;
	int nowned;                /* args[0..nowned) are the config's, made here */
	char *cuda_path;           /* resolved against the config's directory */
	struct analysis_options ao; /* the options of SCOPE ANALYSIS, merged likewise */
	struct launch_decl *launches; /* ao's: the configuration's launches: */
};

/* Where the merged value of option NAME of SCOPE lives in G. */
#define CFG_OPTION(G, SCOPE, NAME) CFG_OPTION_##SCOPE(G).NAME
#define CFG_OPTION_ANALYSIS(G) (G)->ao
#define CFG_OPTION_RUN(G) (*(G))

struct parser {
	char *key;                 /* the options, serialized */
	struct cl_parser *p;       /* NULL: creation failed, see err */
	char **args;               /* p's own copies of its arguments */
	int nargs;
	char err[512];
};

/* The parse options of one build of a file (struct cl_parse_opts points
 * into it and into the build's compile command). */
struct popts {
	struct cl_parse_opts po;
	char *key;                 /* po, serialized: files with equal keys share a parser */
	const char **args;
};

/* What one file's analysis gave, kept apart until all files are done so
 * that the findings are merged in file order whatever order workers
 * finish in (then the input of the sort is that of a -j1 run). */
struct file_result {
	struct cl_findings f;
	struct cl_failures x;
};

struct run {
	const struct options *o;
	struct cfg *defaults, *fixed; /* no file found; --config */
	struct cfg **cfgs; int ncfgs; /* discovered files */
	struct cl_htab *cfg_dirs;      /* absolute directory -> the struct cfg that governs it */
	struct parser **parsers; int nparsers;
	struct cl_findings findings;
	struct cl_failures failures;
	const char **files; int nfiles;     /* analysed */
	struct cfg **cfg_of;                /* per file: its configuration */
	struct cl_variants **variants;      /* per file: its builds, NULL until worked out */
	struct file_result *res;            /* per file */
	struct compdb *db;                  /* -p: compile_commands.json */
	const char *cache_dir;              /* result cache; NULL: off */
	char **keys;                        /* per file: result cache key, or NULL */
	struct timespec t0;                 /* a little before the run read any input */
	const char *srcroot;                /* --srcroot, else the git top level, else "." */
	char srcroot_buf[PATH_MAX];
	int ndone;                          /* files the workers finished, for the progress line */
	char *stdin_text;                   /* `-`: what standard input held */
	struct fixes_snap *snaps;           /* --fix, --diff: per file, as read before the parse */
};

/* What one analysis reports on: FILE itself, or, for a header that is
 * not self-contained, the header's part of a file that includes it (VIA).
 * CANON is the header's canonical path (targets_header_path) in that case. */
struct target {
	const char *file;
	const char *via;
	const char *canon;
};

/* The files a run writes, in the order util/inputs.h numbers them. */
enum { OUT_REPORT, OUT_BASELINE, OUTPUTS };

/* run.c */
void run_errorf(const char *file, const char *reason);
void run_add_failure(struct run *r, const char *file, const char *reason);

struct file_list;

/* finish.c */
struct cl_baseline_entry;
void finish_given_spellings(struct run *r);
int finish_report_unanalysed(struct run *r);
int finish_failures_fail(struct run *r);
int finish_suppress(struct run *r);
void finish_report_stale(struct run *r, const char *path, const struct cl_baseline_entry **stale, size_t n);
int finish_write_report(struct run *r);
void finish_print_summary(const struct run *r);
int finish_refuse_outputs(const struct run *r, const struct file_list *files);

/* configs.c */
int cfg_finish(struct run *r, struct cfg *g);
void cfg_free(struct cfg *g);
struct cfg *cfg_load(struct run *r, const char *path);
struct cfg *cfg_for(struct run *r, const char *path);
struct cfg *cfg_for_dir(struct run *r, const char *dir);
int cfg_drop_ignored(struct run *r);

/* select.c */
int select_files(struct run *r, struct file_list *files);

/* show.c */
int show_config(struct run *r);
void show_files(const struct run *r);

/* parsers.c */
struct cl_variants *parsers_variants_of(struct run *r, int i);
struct popts *parsers_popts_of(struct run *r, int i);
struct parser *parsers_for(struct run *r, const struct popts *pp);
void parsers_free(struct run *r);
void parsers_key_add(char **k, size_t *n, const char *s);
void parsers_popts_free(void *data);

/* cache_keys.c */
void cache_key_base(struct cl_hash *h, const char *dir);
char *cache_file_key(struct run *r, const struct cl_hash *base, int i);
/* What an includer search decided by, for the result cache (run.c,
 * targets.c): the digest of its candidate list (cl_includers_digest)
 * and every file read before its answer - the header's own parse, and
 * the parses of candidates that were tried and rejected. */
struct includer_search {
	char digest[33];
	struct strvec read;
};
void cache_store(struct run *r, int i, struct parser *p, const struct ir_unit *u, const char *header,
                 const struct includer_search *s);
void cache_store_file(struct run *r, int i, int nanalysed, const struct cl_finding *f, size_t nf, const struct cl_failures *x);

/* targets.c */
const char *targets_header_path(const char *p);
void targets_record_coverage(const struct target *t, const struct ir_unit *u, const char *cause, struct cl_failures *xo);
size_t targets_place_in_headers(const struct target *t, const struct ir_unit *u, struct cl_finding *f, size_t n);
int targets_is_header(const char *file);
/* Whether FILE is the header of target ARG, analysed through an includer:
 * the analysis' in_focus (analysis/analyze.h). */
int targets_in_focus(const char *file, void *arg);
int targets_self_contained(const struct ir_unit *u);
struct ir_unit *targets_through_includer(struct parser *p, const char *file, char **via, int fragment, int quiet,
                                        int *ncands, struct includer_search *s);

#endif
