/* options.c - command-line parsing (docs/cli.md). */
#include "driver/options.h"
#include "control/config.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void options_usage(FILE *out)
{
	fputs("usage: cudalint [options] PATH... [-- CLANG-ARGS...]\n"
	      "       cudalint [options] --paths PATH...\n"
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
	      "  --severity RULE=LEVEL   report RULE at LEVEL (note, warning or error)\n"
	      "  --fail-on=LEVEL         least level that makes the exit status 1\n"
	      "                          (default: config fail-on, warning)\n"
	      "  --exit-zero             findings never make the exit status 1 (what could\n"
	      "                          not be analysed still makes it 2)\n"
	      "  --unanalysed=error|warning\n"
	      "                          what a device function that clang could not parse\n"
	      "                          means: an error (exit status 2, the default) or a\n"
	      "                          warning that does not change the exit status\n"
	      "                          (default: config unanalysed, error)\n"
	      "  --warn-unused-suppressions  report suppressions that match nothing (CL0001)\n"
	      "  --no-assume-warp-aligned-blocks\n"
	      "                          do not assume blockDim.x is a multiple of 32\n"
	      "                          (threadIdx.y/.z are then thread-varying)\n"
	      "  --no-respect-gitignore  also analyse files git ignores in the directories\n"
	      "                          searched (default: config respect-gitignore, true)\n"
	      "  --baseline FILE         report only findings not recorded in FILE\n"
	      "  --write-baseline FILE   record the current findings in FILE\n"
	      "\n"
	      "Speed:\n"
	      "  -j N, --jobs=N          analyse files in N worker processes (default 1;\n"
	      "                          0 or auto: one per online CPU)\n"
	      "  --cache-results         reuse the results of files (and headers) that have not\n"
	      "                          changed since an earlier run; --no-cache-results\n"
	      "\n"
	      "Output:\n"
	      "  --format=text|json|sarif|github  output format (default text; github:\n"
	      "                          GitHub Actions annotations)\n"
	      "  -o FILE                 write the report to FILE (atomically)\n"
	      "  --srcroot=DIR           root for SARIF paths and fingerprints (default: the\n"
	      "                          git top level, else .)\n"
	      "  --report-suppressed     include suppressed findings, marked as such\n"
	      "  --color=auto|always|never, --no-color\n"
	      "  --show-source, --no-show-source\n"
	      "                          the source line and a caret under each text finding\n"
	      "                          (default: on a terminal, unless --color=never)\n"
	      "\n"
	      "Paths:\n"
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
	      "  --explain RULE          print a rule's documentation\n"
	      "  --version, --help\n"
	      "\n"
	      "Exit status: 0 no findings at or above the fail-on level, 1 such findings,\n"
	      "2 usage error, bad configuration, or device code that could not be analysed.\n",
	      out);
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
	char msg[512];
	snprintf(msg, sizeof msg, fmt, arg);
	cl_eprintf("cudalint: error: %s (see cudalint --help)\n", msg);
	return -1;
}

/* --name=value or --name value; returns the value or NULL if absent. */
static const char *value_of(const char *opt, int argc, char **argv, int *i, int *err)
{
	size_t n = strlen(opt);
	const char *a = argv[*i];
	if (strncmp(a, opt, n))
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] != 0)
		return NULL;
	if (*i + 1 >= argc) {
		*err = usage_error("%s needs a value", opt);
		return NULL;
	}
	return argv[++*i];
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

int options_parse(struct options *o, int argc, char **argv)
{
	memset(o, 0, sizeof *o);
	o->warp_aligned_blocks = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		int err = 0;
		if (!strcmp(a, "--")) {
			for (i++; i < argc; i++)
				push(&o->clang_args, &o->nclang_args, argv[i]);
			break;
		}
		/* The end of options for whoever passes file names it does not
		 * control (pre-commit, xargs): unlike "--", which hands clang
		 * what follows, nothing after it is ever read as an option. */
		if (!strcmp(a, "--paths")) {
			for (i++; i < argc; i++)
				push(&o->paths, &o->npaths, argv[i]);
			break;
		}
		if (a[0] != '-' || !a[1]) {
			push(&o->paths, &o->npaths, a);
			continue;
		}
		if (!strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U") || !strcmp(a, "-isystem") ||
		    !strcmp(a, "-include")) {
			if (i + 1 >= argc)
				return usage_error("%s needs a value", a);
			push(&o->clang_args, &o->nclang_args, a);
			push(&o->clang_args, &o->nclang_args, argv[++i]);
		} else if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) {
			push(&o->clang_args, &o->nclang_args, a);
		} else if ((v = value_of("--extra-arg", argc, argv, &i, &err))) {
			push(&o->clang_args, &o->nclang_args, v);
		} else if (!strncmp(a, "-std=", 5)) {
			o->std = a + 5;
		} else if ((v = value_of("--cuda-path", argc, argv, &i, &err))) {
			o->cuda_path = v;
		} else if ((v = value_of("--cuda-arch", argc, argv, &i, &err))) {
			if (strncmp(v, "sm_", 3))
				return usage_error("--cuda-arch expects sm_XX, not '%s'", v);
			o->cuda_arch = v;
		} else if ((v = value_of("--format", argc, argv, &i, &err))) {
			if (!strcmp(v, "text"))
				o->format = FORMAT_TEXT;
			else if (!strcmp(v, "json"))
				o->format = FORMAT_JSON;
			else if (!strcmp(v, "sarif"))
				o->format = FORMAT_SARIF;
			else if (!strcmp(v, "github"))
				o->format = FORMAT_GITHUB;
			else
				return usage_error("unknown format '%s' (text, json, sarif or github)", v);
		} else if (!strcmp(a, "-o")) {
			if (i + 1 >= argc)
				return usage_error("%s needs a file", a);
			o->output = argv[++i];
		} else if (!strncmp(a, "-o", 2) && a[2] != '-') {
			o->output = a + 2;
		} else if ((v = value_of("--output", argc, argv, &i, &err))) {
			o->output = v;
		} else if ((v = value_of("--color", argc, argv, &i, &err))) {
			if (!strcmp(v, "auto"))
				o->color = COLOR_AUTO;
			else if (!strcmp(v, "always"))
				o->color = COLOR_ALWAYS;
			else if (!strcmp(v, "never"))
				o->color = COLOR_NEVER;
			else
				return usage_error("unknown colour mode '%s' (auto, always or never)", v);
		} else if (!strcmp(a, "--no-color")) {
			o->color = COLOR_NEVER;
		} else if (!strcmp(a, "-p") || (v = value_of("--compile-commands", argc, argv, &i, &err))) {
			if (!strcmp(a, "-p")) {
				if (i + 1 >= argc)
					return usage_error("%s needs a directory or a compile_commands.json", a);
				v = argv[++i];
			}
			o->compile_commands = v;
		} else if ((v = value_of("--config", argc, argv, &i, &err))) {
			o->config = v;
		} else if ((v = value_of("--baseline", argc, argv, &i, &err))) {
			o->baseline = v;
		} else if ((v = value_of("--write-baseline", argc, argv, &i, &err))) {
			o->write_baseline = v;
		} else if ((v = value_of("--srcroot", argc, argv, &i, &err))) {
			o->srcroot = v;
		} else if ((v = value_of("--explain", argc, argv, &i, &err))) {
			o->explain = v;
		} else if ((v = value_of("--enable", argc, argv, &i, &err))) {
			push_rule(o, v, RULE_OPT_ON, 0);
		} else if ((v = value_of("--disable", argc, argv, &i, &err))) {
			push_rule(o, v, RULE_OPT_OFF, 0);
		} else if ((v = value_of("--severity", argc, argv, &i, &err))) {
			const char *eq = strrchr(v, '=');
			enum cl_level l;
			if (!eq || eq == v || cl_config_parse_level(eq + 1, &l) < 0)
				return usage_error("--severity expects RULE=note|warning|error, not '%s'", v);
			char *pat = xstrdup(v);
			pat[eq - v] = 0;
			push_rule(o, pat, RULE_OPT_LEVEL, l);
		} else if ((v = value_of("--fail-on", argc, argv, &i, &err))) {
			if (cl_config_parse_level(v, &o->fail_on) < 0)
				return usage_error("--fail-on expects note, warning or error, not '%s'", v);
			o->fail_on_set = 1;
		} else if ((v = value_of("--unanalysed", argc, argv, &i, &err))) {
			if (strcmp(v, "error") && strcmp(v, "warning"))
				return usage_error("--unanalysed expects error or warning, not '%s'", v);
			o->unanalysed = strcmp(v, "error") ? 2 : 1;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			o->verbose = 1;
		} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			o->quiet = 1;
		} else if (!strcmp(a, "--show-source")) {
			o->show_source = 1;
		} else if (!strcmp(a, "--no-show-source")) {
			o->show_source = -1;
		} else if (!strcmp(a, "--exit-zero")) {
			o->exit_zero = 1;
		} else if (!strcmp(a, "--report-suppressed")) {
			o->report_suppressed = 1;
		} else if (!strcmp(a, "--warn-unused-suppressions")) {
			o->warn_unused_suppressions = 1;
		} else if (!strcmp(a, "--assume-warp-aligned-blocks")) {
			o->warp_aligned_blocks = 1;
			o->warp_aligned_set = 1;
		} else if (!strcmp(a, "--no-assume-warp-aligned-blocks")) {
			o->warp_aligned_blocks = 0;
			o->warp_aligned_set = 1;
		} else if (!strcmp(a, "--no-cuda-toolkit")) {
			o->no_toolkit = 1;
		} else if (!strcmp(a, "--no-cache")) {
			o->no_cache = 1;
		} else if (!strcmp(a, "--cache-results")) {
			o->cache_results = 1;
		} else if (!strcmp(a, "--no-cache-results")) {
			o->cache_results = 0;
		} else if (!strcmp(a, "-j") || (!strncmp(a, "-j", 2) && a[2] != '-') ||
		           (v = value_of("--jobs", argc, argv, &i, &err))) {
			if (!strcmp(a, "-j")) {
				if (i + 1 >= argc)
					return usage_error("%s needs a number", a);
				v = argv[++i];
			} else if (!strncmp(a, "-j", 2)) {
				v = a + 2;
			}
			if (parse_jobs(v, &o->jobs) < 0)
				return usage_error("-j expects a number of jobs (0 or auto: one per CPU), not '%s'", v);
		} else if (!strcmp(a, "--respect-gitignore")) {
			o->respect_gitignore = 1;
		} else if (!strcmp(a, "--no-respect-gitignore")) {
			o->respect_gitignore = -1;
		} else if (!strcmp(a, "--show-config")) {
			o->show_config = 1;
		} else if (!strcmp(a, "--show-files")) {
			o->show_files = 1;
		} else if (!strcmp(a, "--show-toolkit")) {
			o->show_toolkit = 1;
		} else if (!strcmp(a, "--list-rules")) {
			o->list_rules = 1;
		} else if (!strcmp(a, "--version")) {
			o->version = 1;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			o->help = 1;
		} else if (!strcmp(a, "--dump-ir")) {
			o->dump_ir = 1;
		} else if (!err) {
			return usage_error("unknown option '%s'", a);
		}
		if (err)
			return -1;
	}
	if (o->output && !*o->output)
		return usage_error("%s", "-o needs a file");
	return 0;
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
