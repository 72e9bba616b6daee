/* run.c - one analysis run (run.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run.h"
#include "driver/run_internal.h"

#include "analysis/analyze.h"
#include "check.h"
#include "control/baseline.h"
#include "control/config.h"
#include "control/result_cache.h"
#include "control/results.h"
#include "control/suppress.h"
#include "driver/files.h"
#include "driver/fixes.h"
#include "driver/hints.h"
#include "driver/includers.h"
#include "driver/options.h"
#include "driver/variants.h"
#include "driver/workers.h"
#include "frontend/compdb.h"
#include "frontend/frontend.h"
#include "ir/ir.h"
#include "report/report.h"
#include "report/text.h"
#include "rules.h"
#include "util/atomic_file.h"
#include "util/child.h"
#include "util/guard.h"
#include "util/htab.h"
#include "util/inputs.h"
#include "util/path.h"
#include "util/progress.h"
#include "util/readall.h"
#include "util/regfile.h"
#include "util/srctext.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


void run_errorf(const char *file, const char *reason)
{
	if (file)
		cl_eprintf("cudalint: error: %s: %s\n", file, reason);
	else
		cl_eprintf("cudalint: error: %s\n", reason);
}

void run_add_failure(struct run *r, const char *file, const char *reason)
{
	cl_failures_add(&r->failures, file, reason);
}

/* ---- the steps --------------------------------------------------------- */

/* Test hooks, not features: whether environment variable VAR names FILE
 * (its base name). CUDALINT_TEST_CRASH_ON=BASENAME makes a worker process
 * (-j 2 and up, never the main process) die of SIGSEGV when it comes to
 * that file, so that tests can check that a crash is reported;
 * CUDALINT_TEST_STALL_ON=BASENAME stalls for 30 s after that file's
 * parse, so that tests can check that the time limit covers the analysis. */
static int test_hook(const char *var, const char *file)
{
	const char *victim = getenv(var);
	const char *base = strrchr(file, '/');
	return victim && *victim && !strcmp(base ? base + 1 : file, victim);
}

static void test_crash_hook(const char *file)
{
	if (!cl_in_worker || !test_hook("CUDALINT_TEST_CRASH_ON", file))
		return;
	fflush(stderr);
	signal(SIGSEGV, SIG_DFL);
	raise(SIGSEGV);
}

/* Whether FILE is not source code (clang's lexer rejects its bytes) or
 * clang found no function at all in it, only errors: not CUDA, or a
 * fragment meant to be included elsewhere. */
static int nothing_parsed(const char *file, const struct ir_unit *u)
{
	if (!u->first_in_main)
		return 0;
	if (u->not_source)
		return 1;
	for (int k = 0; k < u->nfuncs; k++)
		if (!u->funcs[k]->from_header)
			return 0;
	for (int k = 0; k < u->nskipped; k++)
		if (u->skipped[k]->loc.file == u->path || !strcmp(u->skipped[k]->loc.file, file))
			return 0;
	return 1;
}

/* Whether FILE's own parse lacks what an includer would give it: a
 * header that is not self-contained, or a .cu fragment (`#include
 * "kernel.cu"` in another .cu) whose device code clang rejects alone, or
 * in which it found nothing but errors. A .cu whose errors are all in
 * host code is analysed as it is: its kernels do not need an includer. */
static int wants_includer(const char *file, const struct ir_unit *u)
{
	if (targets_is_header(file))
		return !targets_self_contained(u);
	if (!strcmp(file, STDIN_NAME))
		return 0;
	for (int k = 0; k < u->nskipped; k++)
		if (u->skipped[k]->is_device)
			return 1;
	return nothing_parsed(file, u);
}

/* Every file that U's parse read (the main file, its headers), noted as
 * inputs of the run: -o and --write-baseline must not be one of them
 * (util/inputs.h). The list is the one the result cache keeps. */
static void note_reads(const struct ir_unit *u, const char *file)
{
	for (int k = 0; k < u->ndeps; k++)
		cl_input_note(u->deps[k], NULL, "a file read by the analysis of", file);
}

/* The likely cause of U's failure (hints.h), malloc'd, or NULL: from a
 * header that was not found, else from the error of its first device
 * function that clang's errors left out, else from its first error, when
 * NOTHING of it could be analysed. Only for failures: a host error that
 * did not stop the analysis is not worth a walk of the project tree. */
static char *failure_cause(const char *file, const struct ir_unit *u, int nothing)
{
	char *hint = NULL;
	int failed = nothing;
	for (int k = 0; k < u->nskipped; k++)
		failed |= u->skipped[k]->is_device;
	/* a header not found explains the undeclared names that follow */
	if (failed && u->first_ignored && strstr(u->first_ignored, "' file not found"))
		hint = cl_hint_for_error(file, u->first_ignored);
	for (int k = 0; !hint && k < u->nskipped; k++)
		if (u->skipped[k]->is_device)
			hint = cl_hint_for_error(file, u->skipped[k]->error);
	if (!hint && nothing)
		hint = cl_hint_for_error(file, u->first_ignored);
	return hint;
}

/* FILE's own unit, or NULL once its failure is reported. */
static struct ir_unit *parse_own(struct parser *p, const char *file, struct cl_failures *xo)
{
	char *reason = NULL;
	struct ir_unit *u = cl_parse_file(p->p, file, NULL, &reason);
	if (!u) {
		const char *why = reason ? reason : "could not be parsed";
		run_errorf(file, why);
		cl_failures_add(xo, file, why);
		free(reason);
		return NULL;
	}
	note_reads(u, file);
	return u;
}

static void analyse_guarded(struct run *r, int i, struct parser *p, struct cl_findings *fo, struct cl_failures *xo)
{
	const char *file = r->files[i];
	/* A header whose preamble is known to meet clang errors does not
	 * parse on its own: its includers are tried first, its own parse
	 * only when none can be used. Not under -v, which prints the errors
	 * of the header's own parse. */
	struct includer_search is = { { 0 }, { 0 } };
	int known = targets_is_header(file) && !r->o->verbose && cl_parse_known_errors(p->p, file, &is.read);
	struct ir_unit *u = known ? NULL : parse_own(p, file, xo);
	if (!known && !u)
		return;
	for (int k = 0; known && k < is.read.n; k++) /* what the own parse would have noted */
		cl_input_note(is.read.v[k], NULL, "a file read by the analysis of", file);
	if (test_hook("CUDALINT_TEST_STALL_ON", file))
		for (int s = 30; s > 0;)
			s = (int)sleep((unsigned)s);
	struct target t = { file, NULL, NULL };
	char *via = NULL;
	/* Through an includer, the entry lists every file read on the way
	 * (the header's own parse, rejected candidates, the includer's
	 * parse) and the digest of the candidate list, searched again on a
	 * look-up: a new file naming the header in an #include, a candidate
	 * that no longer does, or one removed is a miss (docs/cli.md#the-
	 * result-cache). Not cached when no includer could be used: the note
	 * saying so would not be repeated by a hit; a .cu that no file names
	 * in an #include is a file with errors of its own, and those failures
	 * are not cached either (cache_store_file). */
	int tried = known || wants_includer(file, u), ncands = 0;
	if (tried) {
		/* the header first: the entry's main file (already there when
		 * its preamble was known to fail) */
		for (int k = 0; u && k < u->ndeps; k++)
			nvcc_strvec_push(&is.read, u->deps[k]);
		struct ir_unit *w =
			targets_through_includer(p, file, &via, !targets_is_header(file), r->o->quiet, &ncands, &is);
		if (!w && !ncands && !targets_is_header(file))
			tried = 0;
		if (w) {
			note_reads(w, file);
			ir_unit_free(u);
			u = w;
			t.via = via;
			t.canon = targets_header_path(file);
		} else if (!u && !(u = parse_own(p, file, xo))) {
			nvcc_strvec_free(&is.read);
			return;
		}
	}
	if (!t.via && nothing_parsed(file, u)) {
		const char *what = u->not_source ? "not a source file: clang's lexer rejects its bytes"
		                                 : "clang found no function in it, only errors";
		size_t n = strlen(what) + sizeof " (the first: )" + strlen(u->first_in_main);
		char *why = xmalloc(n);
		snprintf(why, n, "%s (the first: %s)", what, u->first_in_main);
		run_errorf(file, why);
		char *cause = failure_cause(file, u, 1);
		if (cause && !r->o->quiet)
			cl_eprintf("cudalint: note: %s: %s\n", file, cause);
		free(cause);
		cl_failures_add(xo, file, why);
		free(why);
		ir_unit_free(u);
		nvcc_strvec_free(&is.read);
		return;
	}
	if (u->truncated)
		cl_eprintf("cudalint: warning: %s: code nested too deeply was left out of the analysis; "
		                "findings in it may be missing\n", t.via ? t.via : file);
	struct analysis_options ao = r->cfg_of[i]->ao;
	if (t.via) { /* only the header's findings are kept */
		ao.in_focus = targets_in_focus;
		ao.focus_arg = &t;
	}
	if (r->o->dump_launches)
		ao.dump_launches = stderr;
	analyze_unit(u, &ao);
	if (r->o->dump_ir)
		ir_dump(u, stderr);
	struct cfg *g = r->cfg_of[i];
	size_t first = fo->n;
	struct cl_ctx cx = { .out = fo, .path = t.via ? t.via : file, .levels = g->levels, .enabled = g->enabled,
	                   .ao = &ao };
	cl_check_unit(&cx, u);
	fo->n = first + targets_place_in_headers(&t, u, fo->v + first, fo->n - first);
	char *cause = failure_cause(t.via ? t.via : file, u, 0);
	targets_record_coverage(&t, u, cause, xo); /* reported with the failures (finish.c) */
	free(cause);
	/* a unit that printed a warning is not cached: a hit would not repeat it */
	if (r->cache_dir && r->keys[i] && !u->truncated && !r->o->verbose && (!tried || t.via))
		cache_store(r, i, p, u, t.via ? file : NULL, &is);
	cl_variants_parsed(r->variants[i], u->uses_cuda_arch);
	free(via);
	nvcc_strvec_free(&is.read);
	analyze_free(u);
	ir_unit_free(u);
}

/* Parses and checks file I, appending to FO and XO; stores the results in
 * the result cache when the file has a key. */
static void analyse(struct run *r, int i, struct cl_findings *fo, struct cl_failures *xo)
{
	const char *file = r->files[i];
	struct popts *pp = parsers_popts_of(r, i);
	struct parser *p = parsers_for(r, pp);
	if (!p->p) {
		run_errorf(file, p->err);
		cl_failures_add(xo, file, p->err);
		return;
	}
	test_crash_hook(file);
	/* the time limit covers the parse, the includers' parses and the
	 * analysis: a pathological kernel can be slow in any of them; the
	 * precompiled header is looked for (never waited for) before */
	cl_parser_prepare(p->p);
	guard_file(file);
	analyse_guarded(r, i, p, fo, xo);
	guard_file(NULL);
}

/* File I under each of its builds (variants.h), their results merged into
 * FO and XO. */
static void analyse_file(struct run *r, int i, struct cl_findings *fo, struct cl_failures *xo)
{
	struct cl_variants *vs = parsers_variants_of(r, i);
	int k, nanalysed = 0;
	while ((k = cl_variants_next(vs)) >= 0) {
		analyse(r, i, &vs->v[k].f, &vs->v[k].x);
		nanalysed++;
		if (vs->n > 1 && vs->v[k].x.n) { /* the error lines above do not say which build */
			char *name = cl_variants_name(vs, k);
			if (!r->o->quiet)
				cl_eprintf("cudalint: note: %s: that failure is in its configuration %s\n", r->files[i],
				           name);
			free(name);
		}
	}
	size_t first = fo->n, xfirst = xo->n, sfirst = xo->nsum;
	cl_variants_merge(vs, fo, xo);
	struct cl_failures mine = { xo->v + xfirst, xo->n - xfirst, 0, xo->sum + sfirst, xo->nsum - sfirst, 0 };
	cache_store_file(r, i, nanalysed, fo->v + first, fo->n - first, &mine);
}

/* ---- parallel runs ------------------------------------------------------ */

/* In a worker: analyse file I, send its results. */
static char *work_one(int i, size_t *len, void *arg)
{
	struct run *r = arg;
	struct cl_findings f = { 0 };
	struct cl_failures x = { 0 };
	analyse_file(r, i, &f, &x);
	const char *clash[2];
	int out;
	clash[0] = cl_input_clash(&clash[1], &out);
	char *s = cl_results_serialise(f.v, f.n, &x, clash);
	*len = strlen(s);
	cl_findings_free(&f);
	cl_failures_free(&x);
	return s;
}

/* In the parent: file I's results, or the news that its worker died:
 * of a limit the guard enforces (util/guard.h names it, as a -j1 run
 * in one process once did), or of anything else. */
static void take_result(struct run *r, int i, const char *payload, size_t len, const int *status)
{
	struct file_result *fr = &r->res[i];
	char msg[PATH_MAX + 300];
	if (status) {
		char how[64];
		if (!guard_exit_reason(*status, msg, sizeof msg)) {
			cl_describe_status(*status, how, sizeof how);
			snprintf(msg, sizeof msg, "worker crashed on %s (%s); not analysed", r->files[i], how);
		}
	} else {
		char err[256], *clash[2];
		if (cl_results_parse(payload, len, &fr->f, &fr->x, clash, err, sizeof err) == 0) {
			if (clash[0]) /* the worker read an output: refused before anything is written */
				cl_input_note(clash[0], NULL, clash[1], NULL);
			free(clash[0]);
			free(clash[1]);
			return;
		}
		snprintf(msg, sizeof msg, "the worker's results could not be read (%s); not analysed", err);
	}
	run_errorf(r->files[i], msg);
	cl_failures_add(&fr->x, r->files[i], msg);
}

static void done_one(int i, const char *payload, size_t len, const int *status, void *arg)
{
	struct run *r = arg;
	take_result(r, i, payload, len, status);
	cl_progress_update(++r->ndone, NULL);
}

/* The files no worker could be forked for, analysed here. */
struct leftover { struct run *r; const int *todo; int ntodo; const unsigned char *not_run; };

static int analyse_leftover(void *arg)
{
	const struct leftover *lo = arg;
	for (int k = 0; k < lo->ntodo; k++)
		if (lo->not_run[k])
			analyse_file(lo->r, lo->todo[k], &lo->r->res[lo->todo[k]].f, &lo->r->res[lo->todo[k]].x);
	return 0;
}

/* Every file, through the result cache, in worker processes (-j of them,
 * one by default); then the results are merged in file order. */
static void analyse_all(struct run *r)
{
	const struct options *o = r->o;
	int jobs = o->jobs < 0 ? cl_online_cpus() : o->jobs > 0 ? o->jobs : 1;
	if (o->dump_ir || o->dump_launches)
		jobs = 1; /* dumps of several files must not interleave */
	r->variants = xcalloc((size_t)r->nfiles + 1, sizeof *r->variants);
	r->keys = xcalloc((size_t)r->nfiles + 1, sizeof *r->keys);
	r->res = xcalloc((size_t)r->nfiles + 1, sizeof *r->res);

	static char dir[PATH_MAX];
	if (o->cache_results && !o->no_cache && !o->dump_ir && !o->dump_launches && cl_rcache_dir(dir, sizeof dir) == 0) {
		r->cache_dir = dir;
		cl_rcache_sweep(dir);
	}
	int *todo = xcalloc((size_t)r->nfiles + 1, sizeof *todo), ntodo = 0;
	if (r->cache_dir) {
		struct cl_hash base;
		cache_key_base(&base, r->cache_dir);
		for (int i = 0; i < r->nfiles; i++) {
			r->keys[i] = cache_file_key(r, &base, i);
			if (r->keys[i] &&
			    cl_rcache_lookup(r->cache_dir, r->keys[i], cl_includers_probe, &r->res[i].f, &r->res[i].x))
				continue;
			todo[ntodo++] = i;
		}
	} else {
		for (int i = 0; i < r->nfiles; i++)
			todo[ntodo++] = i;
	}

	if (ntodo > 0) {
		/* Files are analysed in worker processes even with -j1 (one
		 * worker): a file that the guard stops (CUDALINT_FILE_TIMEOUT,
		 * CUDALINT_MAX_MEMORY_MB, a crash in clang) ends its worker,
		 * not the run, so the other files are still analysed and the
		 * report is still written, and a -j1 report is that of -jN by
		 * construction. One fork per run costs about a millisecond:
		 * the worker shares the parent's pages until it writes them.
		 *
		 * The precompiled toolkit header of the first file's options
		 * is looked for before the workers fork: they inherit it, or
		 * the build that this started in the background (frontend/pch.h;
		 * nobody waits for it: files are parsed without it until it is
		 * there), or its failure, warned about once. */
		struct parser *first = parsers_for(r, parsers_popts_of(r, todo[0]));
		if (first->p)
			cl_parser_prepare(first->p);
		struct cl_pool_ops ops = { work_one, done_one, r };
		cl_progress_start(ntodo, o->quiet || o->dump_ir);
		unsigned char *not_run = xcalloc((size_t)ntodo, 1);
		cl_pool_run(todo, ntodo, jobs, &ops, not_run);
		struct leftover lo = { r, todo, ntodo, not_run };
		if (memchr(not_run, 1, (size_t)ntodo)) /* seldom: fork failed */
			guard_deep(analyse_leftover, &lo);
		free(not_run);
	}
	cl_progress_end();
	free(todo);

	for (int i = 0; i < r->nfiles; i++) {
		struct file_result *fr = &r->res[i];
		for (size_t k = 0; k < fr->f.n; k++) {
			struct cl_findings *out = &r->findings;
			if (out->n == out->cap) {
				out->cap = out->cap ? out->cap * 2 : 16;
				out->v = xrealloc(out->v, out->cap * sizeof *out->v);
			}
			out->v[out->n++] = fr->f.v[k]; /* the message moves with it */
		}
		cl_failures_append(&r->failures, &fr->x);
		free(fr->f.v);
		cl_failures_free(&fr->x);
		if (r->variants[i])
			cl_variants_free(r->variants[i], parsers_popts_free);
		free(r->variants[i]);
		free(r->keys[i]);
	}
	free(r->res);
	free(r->variants);
	free(r->keys);
	r->res = NULL;
	r->variants = NULL;
	r->keys = NULL;
}

/* Everything the run holds, once the report is written. */
static void run_free(struct run *r)
{
	parsers_free(r);
	compdb_free(r->db);
	cfg_free(r->defaults);
	cfg_free(r->fixed);
	for (int i = 0; i < r->ncfgs; i++)
		cfg_free(r->cfgs[i]);
	free(r->cfgs);
	cl_htab_free(r->cfg_dirs);
	free(r->cfg_of);
	free(r->files);
	cl_findings_free(&r->findings);
	cl_failures_free(&r->failures);
	cl_regfile_overlay(NULL, NULL, 0);
	free(r->stdin_text);
	fixes_free(r);
}

/* The root of SARIF's %SRCROOT%, fingerprints and baselines: --srcroot,
 * which must be a directory, else the top of the git work tree the run
 * is in, so that a run from src/ names files as the repository does (code
 * scanning maps them onto it), else the current directory. */
static int resolve_srcroot(struct run *r)
{
	struct stat st;
	if (r->o->srcroot) {
		int bad = stat(r->o->srcroot, &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
		if (bad) {
			char msg[PATH_MAX + 64];
			snprintf(msg, sizeof msg, "--srcroot %s: %s", r->o->srcroot, strerror(bad));
			run_errorf(NULL, msg);
			return -1;
		}
		r->srcroot = r->o->srcroot;
		return 0;
	}
	char cwd[PATH_MAX];
	r->srcroot = ".";
	if (getcwd(cwd, sizeof cwd) && path_git_top(cwd, r->srcroot_buf, sizeof r->srcroot_buf))
		r->srcroot = r->srcroot_buf;
	return 0;
}

/* `-`: standard input, read whole, analysed as --stdin-filename (for the
 * configuration that applies, the includes next to it, and the report),
 * else as <stdin> in the current directory; for editors, as ruff's. */
#define STDIN_MAX ((size_t)64 << 20)

static int read_stdin(struct run *r, struct file_list *files)
{
	const struct options *o = r->o;
	if (!o->use_stdin)
		return 0;
	size_t n;
	r->stdin_text = cl_read_all(stdin, STDIN_MAX, 0, &n);
	if (!r->stdin_text) {
		run_errorf("<stdin>", errno == EFBIG ? "larger than 64 MiB" : strerror(errno));
		return -1;
	}
	const char *name = o->stdin_filename ? o->stdin_filename : STDIN_NAME;
	cl_regfile_overlay(name, r->stdin_text, n);
	files_add_unread(files, name);
	return 0;
}

/* --fix, --diff (driver/fixes.h): 1 when the run ends here, as ruff's
 * --diff does: the diff alone, status 1 when it is not empty */
static int apply_fixes(struct run *r, int *status)
{
	int fixable = 0;
	if (fixes_run(r, &fixable) < 0)
		*status = 2;
	if (!r->o->diff)
		return 0;
	if (fflush(stdout) == EOF && errno != EPIPE)
		*status = 2;
	if (finish_failures_fail(r))
		*status = 2;
	if (!*status && fixable)
		*status = 1;
	return 1;
}

/* cl_run compares a finding's level with fail-on's (a merge had left this
 * inside a comment of analyse_guarded, where it checked nothing) */
_Static_assert(CL_LEVEL_NOTE == 0 && CL_LEVEL_WARNING == 1 && CL_LEVEL_ERROR == 2,
	       "options.def lists fail-on's values in enum cl_level's order");

int cl_run(const struct options *o)
{
	struct run run = { .o = o }, *r = &run;
	struct cl_baseline base = { 0 };
	struct file_list files = { 0 };
	int status = 2;
	char err[1024];
	clock_gettime(CLOCK_REALTIME, &r->t0);
	r->t0.tv_sec -= 1; /* file system clocks are coarse */
	if (resolve_srcroot(r) < 0)
		goto out;
	const char *const outputs[OUTPUTS] = { [OUT_REPORT] = o->output, [OUT_BASELINE] = o->write_baseline };
	cl_outputs_set(outputs, OUTPUTS);

	r->defaults = xcalloc(1, sizeof *r->defaults);
	cl_config_init(&r->defaults->c);
	if (cfg_finish(r, r->defaults) < 0)
		goto out;
	if (o->config && !(r->fixed = cfg_load(r, o->config)))
		goto out;
	if (o->compile_commands && !(r->db = compdb_open(o->compile_commands, err, sizeof err))) {
		run_errorf(NULL, err);
		goto out;
	}
	if (o->baseline && cl_baseline_load(o->baseline, &base, err, sizeof err) < 0) {
		run_errorf(NULL, err);
		goto out;
	}

	if (o->show_config) {
		int rc = show_config(r);
		status = rc < 0 ? 2 : rc;
		goto out;
	}

	/* files and their configurations */
	if (read_stdin(r, &files) < 0)
		goto out;
	if (select_files(r, &files) < 0)
		goto out;
	if (o->show_files) {
		show_files(r);
		status = r->failures.n ? 2 : 0;
		goto out;
	}
	/* before the analysis, what is known of the inputs; after it (the
	 * headers, configurations met on the way), before anything is
	 * written, all of them */
	if (finish_refuse_outputs(r, &files) < 0)
		goto out;

	if (o->fix || o->diff)
		fixes_snapshot(r);
	analyse_all(r);
	parsers_free(r);
	compdb_free(r->db);
	r->db = NULL;
	finish_given_spellings(r);
	if (finish_report_unanalysed(r) < 0 || cfg_drop_ignored(r) < 0)
		goto out;

	if (finish_suppress(r) < 0 || finish_refuse_outputs(r, &files) < 0)
		goto out;
	cl_findings_sort(&r->findings);
	cl_findings_dedupe(&r->findings);

	status = 0;
	if (o->baseline) {
		const struct cl_baseline_entry **stale = NULL;
		size_t nstale = 0;
		if (cl_baseline_apply(&base, &r->findings, r->srcroot, &stale, &nstale) < 0) {
			run_errorf(o->baseline, "out of memory");
			status = 2;
			goto out;
		}
		finish_report_stale(r, o->baseline, stale, nstale);
		free(stale);
	}
	if (o->write_baseline) {
		if (cl_baseline_write(o->write_baseline, &r->findings, r->srcroot, err, sizeof err) < 0) {
			run_errorf(NULL, err);
			status = 2;
		} else {
			size_t n = 0;
			for (size_t i = 0; i < r->findings.n; i++)
				if (r->findings.v[i].suppressed != CL_SUPPRESSED_INSOURCE) {
					r->findings.v[i].suppressed = CL_SUPPRESSED_BASELINE;
					n++;
				}
			if (!o->quiet)
				cl_eprintf("cudalint: note: %s: wrote %zu finding%s\n", o->write_baseline, n,
				           n == 1 ? "" : "s");
		}
	}

	if ((o->fix || o->diff) && apply_fixes(r, &status))
		goto out;
	if (finish_write_report(r) < 0)
		status = 2;
	else
		finish_print_summary(r);
	if (finish_failures_fail(r))
		status = 2;
	/* --exit-zero: a report, not a gate (as ruff's); what could not be
	 * analysed is no finding and still fails */
	for (size_t i = 0; i < r->findings.n && !status && !o->exit_zero; i++) {
		const struct cl_finding *f = &r->findings.v[i];
		struct cfg *g = f->suppressed ? NULL : cfg_for(r, f->pos.file);
		if (g && (int)f->level >= g->fail_on) /* fail-on's values are in enum cl_level's order */
			status = 1;
	}
out:
	run_free(r);
	cl_baseline_free(&base);
	files_free(&files);
	return status;
}

int cl_run_guarded(void *arg)
{
	return cl_run(arg);
}
