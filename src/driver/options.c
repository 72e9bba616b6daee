/* options.c - command-line parsing (docs/cli.md). */
#include "driver/options.h"
#include "control/config.h"
#include "frontend/clang_args.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --help: text, each piece followed by the --help lines of an option of
 * options.def (CL_OPT_*; -1: none), so that they keep their place among
 * the command line's other options. */
static const struct { const char *text; int option; } usage_layout[] = {
	{ "usage: cudalint [options] PATH... [-- CLANG-ARGS...]\n"
	  "       cudalint [options] --paths PATH...\n"
	  "       cudalint [options] --launcher COMPILER ARGS...\n"
	  "       cudalint lsp [options]   a language server for editors (see lsp --help)\n"
	  "\n"
	  "Finds synchronisation bugs in CUDA sources: divergent barriers, unordered\n"
	  "flag hand-offs, over-wide fences, warp collectives under divergence and\n"
	  "shared-memory races. PATH is a file or a directory (searched for .cu and .cuh).\n"
	  "\n"
	  "Parsing:\n"
	  "  -I DIR, -D NAME[=VAL]   include directory, macro (also -IDIR, -DNAME, -UNAME)\n"
	  "  -std=STD                language standard (default c++17)\n"
	  "  --cuda-path=DIR         CUDA toolkit (default: config cuda-path, $CUDA_PATH,\n"
	  "                          $CUDA_HOME, nvcc on $PATH, /usr/local/cuda; else\n"
	  "                          bundled declarations)\n"
	  "  --cuda-arch=sm_XX       GPU architecture (default: config cuda-arch, sm_90)\n"
	  "  --no-cuda-toolkit       parse against cudalint's bundled declarations\n"
	  "  --no-cache              do not use or build the precompiled toolkit header,\n"
	  "                          nor the result cache (both kept in $CUDALINT_CACHE_DIR,\n"
	  "                          else ~/.cache/cudalint)\n"
	  "  -p PATH, --compile-commands=PATH\n"
	  "                          take each file's -I, -D, -std and GPU architectures from\n"
	  "                          PATH/compile_commands.json or PATH itself (nvcc or clang\n"
	  "                          commands): each command is analysed, and each\n"
	  "                          architecture where the code tests __CUDA_ARCH__\n"
	  "  --extra-arg=ARG         pass ARG to clang (repeatable)\n"
	  "  -- ARGS                 pass the remaining arguments to clang\n"
	  "\n"
	  "Rules and configuration:\n"
	  "  --config FILE           use FILE instead of the nearest .cudalint.yaml\n"
	  "  --enable RULE           turn a rule on (ID, name or glob such as 'CL2*')\n"
	  "  --disable RULE          turn a rule off\n"
	  "  --severity RULE=LEVEL   report RULE at LEVEL (note, warning or error)\n", CL_OPT_fail_on },
	{ "  --exit-zero             findings never make the exit status 1 (what could\n"
	  "                          not be analysed still makes it 2)\n", CL_OPT_unanalysed_warning },
	{ "  --warn-unused-suppressions  report suppressions that match nothing (CL0001)\n", CL_OPT_warp_aligned_blocks },
	{ "", CL_OPT_warp_sync_note },
	{ "", CL_OPT_respect_gitignore },
	{ "  --follow-links          follow symbolic links out of the directories searched\n"
	  "                          (default: only those that stay inside; never into\n"
	  "                          /proc, /sys or /dev)\n"
	  "  --baseline FILE         report only findings not recorded in FILE\n"
	  "  --write-baseline FILE   record the current findings in FILE\n"
	  "\n"
	  "Speed:\n"
	  "  -j N, --jobs=N          analyse files in N worker processes (default 1;\n"
	  "                          0 or auto: one per online CPU)\n"
	  "  --no-cache-results      analyse every file again, even where its results\n"
	  "                          since an earlier run still hold (default: reuse\n"
	  "                          them; --cache-results turns it on again)\n"
	  "  --clear-cache           remove the precompiled toolkit headers and cached\n"
	  "                          results, and exit\n"
	  "  --shard=K/N             analyse only part K of N (1 <= K <= N) of the files,\n"
	  "                          split by a hash of each path from the fingerprint\n"
	  "                          root: N CI jobs, one part each, make the whole run\n"
	  "\n"
	  "Riding the build:\n"
	  "  --launcher COMPILER ARGS...\n"
	  "                          a compiler launcher (CMAKE_CUDA_COMPILER_LAUNCHER):\n"
	  "                          analyse the source file of the compile command after\n"
	  "                          it with that command's flags, print the findings on\n"
	  "                          standard error, then run the command, whose exit\n"
	  "                          status is the launcher's; findings fail the build\n"
	  "                          (exit 1, nothing compiled) only when --fail-on is given\n"
	  "\n"
	  "Output:\n"
	  "  --format=text|json|sarif|github  output format (default text; github:\n"
	  "                          GitHub Actions annotations)\n"
	  "  -o FILE                 write the report to FILE (atomically)\n"
	  "  --srcroot=DIR           root for SARIF paths and fingerprints (default: the\n"
	  "                          git top level, else .)\n"
	  "  --report-suppressed     include suppressed findings, marked as such\n"
	  "  --statistics            print how many findings each rule made, most first,\n"
	  "                          instead of the findings (text or json)\n"
	  "  --color=auto|always|never, --no-color\n"
	  "  --show-source, --no-show-source\n"
	  "                          the source line and a caret under each text finding\n"
	  "                          (default: on a terminal, unless --color=never)\n"
	  "\n"
	  "Fixes:\n"
	  "  --fix                   apply the safe fixes of the findings to the files, in\n"
	  "                          place, and report the findings that remain\n"
	  "  --unsafe-fixes          with --fix or --diff, the unsafe fixes too (they may\n"
	  "                          change what correct code does: docs/fixes.md)\n"
	  "  --diff                  print the fixes as a unified diff and change nothing\n"
	  "                          (exit status 1 when there is a fix to apply)\n"
	  "\n"
	  "Paths:\n"
	  "  -                       read a file from standard input (for editors)\n"
	  "  --stdin-filename=FILE   the name of that file: its configuration, the\n"
	  "                          directory of its includes, the name in the report\n"
	  "                          (default <stdin>); alone, it implies -\n"
	  "  --paths PATH...         every argument after --paths is a path, even one that\n"
	  "                          starts with '-' (for scripts and hooks that pass file\n"
	  "                          names: a file named -ofoo.cu is never an option)\n"
	  "\n"
	  "Information:\n"
	  "  -v, --verbose           print every clang error, also those outside device\n"
	  "                          code that did not stop the analysis\n"
	  "  -q, --quiet             print findings, warnings and errors only: no notes,\n"
	  "                          no summary line\n"
	  "  --list-rules            list the rules\n"
	  "  --show-toolkit          print the CUDA toolkit files are parsed against\n"
	  "                          (exit status 1 when none is found)\n"
	  "  --show-config           print the configuration that governs PATH (default .)\n"
	  "                          and the files it was read from, in YAML\n"
	  "  --show-files            print the files that would be analysed\n"
	  "  --dump-launches         print, for each kernel, the launches found (grid,\n"
	  "                          block, shared memory) and the block shapes simulated\n"
	  "  --explain RULE          print a rule's documentation\n"
	  "  --version, --help\n"
	  "\n"
	  "Exit status: 0 no findings at or above the fail-on level, 1 such findings,\n"
	  "2 usage error, bad configuration, or device code that could not be analysed.\n", -1 },
};

void options_usage(FILE *out)
{
	for (size_t i = 0; i < sizeof usage_layout / sizeof *usage_layout; i++) {
		fputs(usage_layout[i].text, out);
		if (usage_layout[i].option >= 0)
			cl_option_put_help(out, &cl_options[usage_layout[i].option]);
	}
}

static void push(const char ***v, int *n, const char *s)
{
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = s;
}

static void push_rule(struct options *o, const char *pattern, int kind, enum cl_level level)
{
	o->rule_opts = xrealloc(o->rule_opts, (size_t)(o->nrule_opts + 1) * sizeof *o->rule_opts);
	o->rule_opts[o->nrule_opts++] = (struct rule_opt){ pattern, kind, level };
}

static int usage_error(const char *fmt, const char *arg)
{
	char msg[1024];
	snprintf(msg, sizeof msg, fmt, arg);
	cl_eprintf("cudalint: error: %s (see cudalint --help)\n", msg);
	return -1;
}

/* -j N: 1..1024, or 0 / "auto" for the number of online CPUs (stored as -1). */
static int parse_jobs(const char *v, int *jobs)
{
	if (!strcmp(v, "auto")) {
		*jobs = -1;
		return 0;
	}
	char *end;
	long n = strtol(v, &end, 10);
	if (!*v || *end || n < 0 || n > 1024)
		return -1;
	*jobs = n == 0 ? -1 : (int)n;
	return 0;
}

/* --shard K/N: 1 <= K <= N <= 65536. */
static int parse_shard(const char *v, int *k, int *n)
{
	char *end, *end2;
	long a = strtol(v, &end, 10);
	if (end == v || *end != '/')
		return -1;
	long b = strtol(end + 1, &end2, 10);
	if (end2 == end + 1 || *end2 || a < 1 || b < 1 || a > b || b > 65536)
		return -1;
	*k = (int)a;
	*n = (int)b;
	return 0;
}

/* Long options without a short form get values above any character. */
enum {
	OPT_EXTRA_ARG = 256, OPT_STD, OPT_ISYSTEM, OPT_INCLUDE, OPT_CUDA_PATH, OPT_CUDA_ARCH,
	OPT_FORMAT, OPT_COLOR, OPT_NO_COLOR, OPT_CONFIG, OPT_BASELINE, OPT_WRITE_BASELINE,
	OPT_SRCROOT, OPT_EXPLAIN, OPT_ENABLE, OPT_DISABLE, OPT_SEVERITY,
	OPT_SHOW_SOURCE, OPT_NO_SHOW_SOURCE, OPT_EXIT_ZERO,
	OPT_REPORT_SUPPRESSED, OPT_WARN_UNUSED,
	OPT_NO_TOOLKIT, OPT_NO_CACHE, OPT_CACHE_RESULTS, OPT_NO_CACHE_RESULTS,
	OPT_SHOW_TOOLKIT, OPT_LIST_RULES, OPT_VERSION, OPT_DUMP_IR, OPT_DUMP_LAUNCHES, OPT_PATHS,
	OPT_STATISTICS, OPT_STDIN_FILENAME, OPT_FIX, OPT_UNSAFE_FIXES, OPT_DIFF,
	OPT_SHOW_CONFIG, OPT_SHOW_FILES, OPT_CLEAR_CACHE, OPT_FOLLOW_LINKS, OPT_SHARD, OPT_LAUNCHER,
	/* options.def's: option K is OPT_OPTION + 2 K, and its --no- form one more */
	OPT_OPTION = 512,
};

/* getopt_long_only: clang's single-dash spellings (-std=, -isystem,
 * -include) are long options, while -I, -D, -U, -o, -j, -p with the value
 * attached (-Iinc, -j4) fall back to the short options because no long
 * option starts with those letters. A single-letter option always means
 * the short one.
 *
 * The options of options.def are slots here (SLOT), filled with their
 * spellings by build_long_options: where they stand decides the order in
 * which an ambiguous abbreviation's candidates are listed. */
#define SLOT(NAME) { NULL, -1, 0, CL_OPT_##NAME }
static const struct option long_layout[] = {
	{ "extra-arg", required_argument, 0, OPT_EXTRA_ARG },
	{ "std", required_argument, 0, OPT_STD },
	{ "isystem", required_argument, 0, OPT_ISYSTEM },
	{ "include", required_argument, 0, OPT_INCLUDE },
	{ "cuda-path", required_argument, 0, OPT_CUDA_PATH },
	{ "cuda-arch", required_argument, 0, OPT_CUDA_ARCH },
	{ "no-cuda-toolkit", no_argument, 0, OPT_NO_TOOLKIT },
	{ "no-cache", no_argument, 0, OPT_NO_CACHE },
	{ "compile-commands", required_argument, 0, 'p' },
	{ "config", required_argument, 0, OPT_CONFIG },
	{ "enable", required_argument, 0, OPT_ENABLE },
	{ "disable", required_argument, 0, OPT_DISABLE },
	{ "severity", required_argument, 0, OPT_SEVERITY },
	SLOT(fail_on),
	{ "exit-zero", no_argument, 0, OPT_EXIT_ZERO },
	SLOT(unanalysed_warning),
	{ "warn-unused-suppressions", no_argument, 0, OPT_WARN_UNUSED },
	SLOT(warp_aligned_blocks),
	SLOT(warp_sync_note),
	{ "baseline", required_argument, 0, OPT_BASELINE },
	{ "write-baseline", required_argument, 0, OPT_WRITE_BASELINE },
	{ "jobs", required_argument, 0, 'j' },
	{ "cache-results", no_argument, 0, OPT_CACHE_RESULTS },
	{ "no-cache-results", no_argument, 0, OPT_NO_CACHE_RESULTS },
	{ "clear-cache", no_argument, 0, OPT_CLEAR_CACHE },
	{ "shard", required_argument, 0, OPT_SHARD },
	{ "launcher", no_argument, 0, OPT_LAUNCHER },
	{ "format", required_argument, 0, OPT_FORMAT },
	{ "output", required_argument, 0, 'o' },
	{ "srcroot", required_argument, 0, OPT_SRCROOT },
	{ "report-suppressed", no_argument, 0, OPT_REPORT_SUPPRESSED },
	{ "statistics", no_argument, 0, OPT_STATISTICS },
	{ "fix", no_argument, 0, OPT_FIX },
	{ "unsafe-fixes", no_argument, 0, OPT_UNSAFE_FIXES },
	{ "diff", no_argument, 0, OPT_DIFF },
	{ "color", required_argument, 0, OPT_COLOR },
	{ "no-color", no_argument, 0, OPT_NO_COLOR },
	{ "show-source", no_argument, 0, OPT_SHOW_SOURCE },
	{ "no-show-source", no_argument, 0, OPT_NO_SHOW_SOURCE },
	{ "paths", no_argument, 0, OPT_PATHS },
	{ "stdin-filename", required_argument, 0, OPT_STDIN_FILENAME },
	{ "verbose", no_argument, 0, 'v' },
	{ "quiet", no_argument, 0, 'q' },
	{ "list-rules", no_argument, 0, OPT_LIST_RULES },
	{ "show-toolkit", no_argument, 0, OPT_SHOW_TOOLKIT },
	{ "show-config", no_argument, 0, OPT_SHOW_CONFIG },
	{ "show-files", no_argument, 0, OPT_SHOW_FILES },
	SLOT(respect_gitignore),
	{ "follow-links", no_argument, 0, OPT_FOLLOW_LINKS },
	{ "explain", required_argument, 0, OPT_EXPLAIN },
	{ "version", no_argument, 0, OPT_VERSION },
	{ "help", no_argument, 0, 'h' },
	{ "dump-ir", no_argument, 0, OPT_DUMP_IR },
	{ "dump-launches", no_argument, 0, OPT_DUMP_LAUNCHES },
	{ 0, 0, 0, 0 },
};
#undef SLOT
static struct option long_options[sizeof long_layout / sizeof *long_layout + 2 * CL_NOPTIONS];

/* The long options of cl_options[K] into *P: --KEY, and --no-KEY for a BOOL. */
static void add_spellings(struct option **p, int k)
{
	const struct cl_option *t = &cl_options[k];
	if (t->type == CL_OPTION_LAUNCHES) /* a file's list, no flag */
		return;
	*(*p)++ = (struct option){ t->key, t->type == CL_OPTION_BOOL ? no_argument : required_argument, 0,
	                           OPT_OPTION + 2 * k };
	if (t->no_key)
		*(*p)++ = (struct option){ t->no_key, no_argument, 0, OPT_OPTION + 2 * k + 1 };
}

/* long_layout with its slots filled, the options without one last. */
static void build_long_options(void)
{
	if (long_options[0].name)
		return;
	unsigned char placed[CL_NOPTIONS] = { 0 };
	struct option *p = long_options;
	for (const struct option *l = long_layout; l->name || l->has_arg < 0; l++) {
		if (l->has_arg >= 0) {
			*p++ = *l;
			continue;
		}
		add_spellings(&p, l->val);
		placed[l->val] = 1;
	}
	for (int k = 0; k < CL_NOPTIONS; k++)
		if (!placed[k])
			add_spellings(&p, k);
	*p = (struct option){ 0, 0, 0, 0 };
}

/* --KEY[=V] or --no-KEY of an option of options.def (C: its OPT_OPTION code). */
static int take_option(struct options *o, int c, const char *v)
{
	int k = (c - OPT_OPTION) / 2;
	const struct cl_option *t = &cl_options[k];
	int x = t->type == CL_OPTION_BOOL ? !((c - OPT_OPTION) % 2) : cl_option_parse(t, v);
	if (x < 0) {
		char names[128], msg[400];
		snprintf(msg, sizeof msg, "--%s expects %s, not '%s'", t->key, cl_option_values_text(t, names, sizeof names),
		         v);
		return usage_error("%s", msg);
	}
	o->option_value[k] = x;
	o->option_given[k] = 1;
	return 0;
}

/* '-': paths come back in order as option 1, so that "--" (clang's
 * arguments follow) is told from the end; ':': a missing value is ':'. */
static const char short_options[] = "-:I:D:U:o:p:j:vqh";

/* What a missing value of option c is, for the message. */
static const char *value_kind(int c)
{
	switch (c) {
	case 'o': return "a file";
	case 'j': return "a number";
	case 'p': return "a directory or a compile_commands.json";
	default: return "a value";
	}
}

/* getopt's ':' (a missing value) or '?' (an unknown option, or a value
 * given to a flag) for the argument arg. */
static int option_error(int c, const char *arg)
{
	char name[64];
	int is_long = arg[0] == '-' && arg[1] == '-';
	if (is_long || optopt >= 256 || !optopt)
		snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
	else
		snprintf(name, sizeof name, "-%c", optopt);
	if (c == ':') {
		char msg[128];
		snprintf(msg, sizeof msg, "%s needs %s", name, value_kind(optopt));
		return usage_error("%s", msg);
	}
	if (optopt && strchr(arg, '='))
		return usage_error("%s takes no value", name);
	/* getopt takes unambiguous abbreviations (--verb); say when one was not. */
	const char *word = arg + (is_long ? 2 : 1);
	size_t n = strcspn(word, "=");
	char alts[256];
	int len = 0, nalts = 0;
	for (const struct option *l = long_options; l->name; l++)
		if (n && !strncmp(l->name, word, n) && len < (int)sizeof alts)
			len += snprintf(alts + len, sizeof alts - (size_t)len, "%s--%s", nalts++ ? ", " : "", l->name);
	if (nalts > 1) {
		char msg[400];
		snprintf(msg, sizeof msg, "ambiguous option '%s' (%s)", arg, alts);
		return usage_error("%s", msg);
	}
	return usage_error("unknown option '%s'", arg);
}

/* The index of V in NAMES (NULL-terminated, in the order of the enum it
 * spells), or -1. */
static int pick(const char *v, const char *const *names)
{
	for (int k = 0; names[k]; k++)
		if (!strcmp(v, names[k]))
			return k;
	return -1;
}

/* One option c with value v (NULL for flags); 0 or -1 on a usage error. */
static int take(struct options *o, int c, const char *v)
{
	if (c >= OPT_OPTION)
		return take_option(o, c, v);
	switch (c) {
	case 1:
		/* after --paths, "-" is a file of that name: a hook never hands
		 * over its standard input by accident */
		if (!strcmp(v, "-"))
			o->use_stdin++;
		else
			push(&o->paths, &o->npaths, v);
		break;
	case 'I': push(&o->clang_args, &o->nclang_args, "-I"); push(&o->clang_args, &o->nclang_args, v); break;
	case 'D': push(&o->clang_args, &o->nclang_args, "-D"); push(&o->clang_args, &o->nclang_args, v); break;
	case 'U': push(&o->clang_args, &o->nclang_args, "-U"); push(&o->clang_args, &o->nclang_args, v); break;
	case OPT_ISYSTEM: push(&o->clang_args, &o->nclang_args, "-isystem"); push(&o->clang_args, &o->nclang_args, v); break;
	case OPT_INCLUDE: push(&o->clang_args, &o->nclang_args, "-include"); push(&o->clang_args, &o->nclang_args, v); break;
	case OPT_EXTRA_ARG: push(&o->clang_args, &o->nclang_args, v); break;
	case OPT_STD: o->std = v; break;
	case OPT_CUDA_PATH: o->cuda_path = v; break;
	case OPT_CUDA_ARCH:
		if (strncmp(v, "sm_", 3))
			return usage_error("--cuda-arch expects sm_XX, not '%s'", v);
		o->cuda_arch = v;
		break;
	case OPT_FORMAT: {
		static const char *const names[] = { "text", "json", "sarif", "github", NULL }; /* enum out_format */
		int k = pick(v, names);
		if (k < 0)
			return usage_error("unknown format '%s' (text, json, sarif or github)", v);
		o->format = (enum out_format)k;
		break;
	}
	case 'o':
		if (!*v)
			return usage_error("%s", "-o needs a file");
		o->output = v;
		break;
	case OPT_COLOR: {
		static const char *const names[] = { "auto", "always", "never", NULL }; /* enum color_mode */
		int k = pick(v, names);
		if (k < 0)
			return usage_error("unknown colour mode '%s' (auto, always or never)", v);
		o->color = (enum color_mode)k;
		break;
	}
	case OPT_NO_COLOR: o->color = COLOR_NEVER; break;
	case 'p': o->compile_commands = v; break;
	case OPT_CONFIG: o->config = v; break;
	case OPT_BASELINE: o->baseline = v; break;
	case OPT_WRITE_BASELINE: o->write_baseline = v; break;
	case OPT_SRCROOT: o->srcroot = v; break;
	case OPT_STDIN_FILENAME: o->stdin_filename = v; break;
	case OPT_EXPLAIN: o->explain = v; break;
	case OPT_ENABLE: push_rule(o, v, RULE_OPT_ON, 0); break;
	case OPT_DISABLE: push_rule(o, v, RULE_OPT_OFF, 0); break;
	case OPT_SEVERITY: {
		const char *eq = strrchr(v, '=');
		enum cl_level l;
		if (!eq || eq == v || cl_config_parse_level(eq + 1, &l) < 0)
			return usage_error("--severity expects RULE=note|warning|error, not '%s'", v);
		char *pat = xstrdup(v);
		pat[eq - v] = 0;
		push_rule(o, pat, RULE_OPT_LEVEL, l);
		break;
	}
	case 'v': o->verbose = 1; break;
	case 'q': o->quiet = 1; break;
	case OPT_SHOW_SOURCE: o->show_source = 1; break;
	case OPT_NO_SHOW_SOURCE: o->show_source = -1; break;
	case OPT_EXIT_ZERO: o->exit_zero = 1; break;
	case OPT_REPORT_SUPPRESSED: o->report_suppressed = 1; break;
	case OPT_STATISTICS: o->statistics = 1; break;
	case OPT_FIX: o->fix = 1; break;
	case OPT_UNSAFE_FIXES: o->unsafe_fixes = 1; break;
	case OPT_DIFF: o->diff = 1; break;
	case OPT_WARN_UNUSED: o->warn_unused_suppressions = 1; break;
	case OPT_NO_TOOLKIT: o->no_toolkit = 1; break;
	case OPT_NO_CACHE: o->no_cache = 1; break;
	case OPT_CACHE_RESULTS: o->cache_results = 1; break;
	case OPT_NO_CACHE_RESULTS: o->cache_results = 0; break;
	case OPT_CLEAR_CACHE: o->clear_cache = 1; break;
	case OPT_SHARD:
		if (parse_shard(v, &o->shard_k, &o->shard_n) < 0)
			return usage_error("--shard expects K/N with 1 <= K <= N <= 65536, not '%s'", v);
		break;
	case 'j':
		if (parse_jobs(v, &o->jobs) < 0)
			return usage_error("-j expects a number of jobs, 1 to 1024 (0 or auto: one per CPU), not '%s'", v);
		break;
	case OPT_SHOW_TOOLKIT: o->show_toolkit = 1; break;
	case OPT_SHOW_CONFIG: o->show_config = 1; break;
	case OPT_SHOW_FILES: o->show_files = 1; break;
	case OPT_FOLLOW_LINKS: o->follow_links = 1; break;
	case OPT_LIST_RULES: o->list_rules = 1; break;
	case OPT_VERSION: o->version = 1; break;
	case 'h': o->help = 1; break;
	case OPT_DUMP_IR: o->dump_ir = 1; break;
	case OPT_DUMP_LAUNCHES: o->dump_launches = 1; break;
	}
	return 0;
}

/* What no single option can say wrong alone. */
static int options_check(struct options *o)
{
	if (o->use_stdin > 1)
		return usage_error("%s", "'-' (standard input) given more than once");
	if (o->stdin_filename && !o->use_stdin) {
		if (o->npaths)
			return usage_error("%s", "--stdin-filename names standard input: give '-' among the paths");
		o->use_stdin = 1; /* as ruff: the name alone means standard input */
	}
	if (o->stdin_filename && (!*o->stdin_filename || !strcmp(o->stdin_filename, "-")))
		return usage_error("%s", "--stdin-filename needs a file name");
	if (o->launch_argv && !o->launch_argc)
		return usage_error("%s", "--launcher needs the compile command after it");
	if (o->launch_argv && (o->npaths || o->use_stdin || o->compile_commands || o->shard_n || o->fix || o->diff))
		return usage_error("%s", "--launcher analyses the file of the compile command after it: no "
		                         "paths, -, -p, --shard, --fix or --diff");
	if (o->fix && o->diff)
		return usage_error("%s", "--fix changes the files and --diff only shows the changes: give one");
	if (o->unsafe_fixes && !o->fix && !o->diff)
		return usage_error("%s", "--unsafe-fixes goes with --fix or --diff");
	if (o->statistics && o->format != FORMAT_TEXT && o->format != FORMAT_JSON)
		return usage_error("%s", "--statistics prints text or json, not sarif or github");
	/* the command line too: a pre-commit hook's args come from the
	 * repository, as its configuration does */
	char why[512], msg[600];
	if (cl_clang_args_refused(o->clang_args, o->nclang_args, why, sizeof why)) {
		snprintf(msg, sizeof msg, "clang argument %s (docs/security.md)", why);
		return usage_error("%s", msg);
	}
	return 0;
}

int options_parse(struct options *o, int argc, char **argv)
{
	memset(o, 0, sizeof *o);
	build_long_options();
	o->cache_results = 1; /* a rerun over unchanged files is instant (--no-cache-results) */
	opterr = 0; /* our messages, in cudalint's form */
	optind = 0; /* glibc: start afresh */
	int c;
	while ((c = getopt_long_only(argc, argv, short_options, long_options, NULL)) != -1) {
		if (c == OPT_PATHS) {
			/* The end of options for whoever passes file names it does
			 * not control (pre-commit, xargs): unlike "--", which hands
			 * clang what follows, nothing after it is ever an option. */
			for (; optind < argc; optind++)
				push(&o->paths, &o->npaths, argv[optind]);
			return options_check(o);
		}
		if (c == OPT_LAUNCHER) {
			/* the compiler's command: never an option of ours */
			o->launch_argv = (const char *const *)argv + optind;
			o->launch_argc = argc - optind;
			return options_check(o);
		}
		if (c == ':' || c == '?')
			return option_error(c, argv[optind - 1]);
		if (take(o, c, optarg) < 0)
			return -1;
	}
	/* With '-' at the head of short_options, getopt stops early only at
	 * "--": what follows goes to clang. */
	if (optind > 1 && optind <= argc && !strcmp(argv[optind - 1], "--"))
		for (; optind < argc; optind++)
			push(&o->clang_args, &o->nclang_args, argv[optind]);
	return options_check(o);
}

void options_free(struct options *o)
{
	for (int i = 0; i < o->nrule_opts; i++)
		if (o->rule_opts[i].kind == RULE_OPT_LEVEL) /* the pattern was cut out of its argument */
			free((char *)o->rule_opts[i].pattern);
	free(o->rule_opts);
	free(o->paths);
	free(o->clang_args);
	o->rule_opts = NULL;
	o->paths = o->clang_args = NULL;
	o->nrule_opts = o->npaths = o->nclang_args = 0;
}
