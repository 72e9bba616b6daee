/* finish.c - the end of a run (run_internal.h): the spellings of files
 * as given, the failures that make the exit status 2, suppressions and
 * the baseline applied, and the report written. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run_internal.h"

#include "check.h"
#include "control/baseline.h"
#include "control/results.h"
#include "control/suppress.h"
#include "driver/files.h"
#include "report/report.h"
#include "report/text.h"
#include "rules.h"
#include "util/atomic_file.h"
#include "util/inputs.h"
#include "util/srctext.h"
#include "util/utf8.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A file the run analysed may also be included by another (llm.c's tests
 * include its training programs): its findings from there are written as
 * the run was given the file, so that they merge with its own. */
void finish_given_spellings(struct run *r)
{
	const char **canon = xcalloc((size_t)r->nfiles + 1, sizeof *canon);
	for (int i = 0; i < r->nfiles; i++)
		canon[i] = targets_header_path(r->files[i]);
	for (size_t k = 0; k < r->findings.n; k++) {
		struct cl_finding *f = &r->findings.v[k];
		struct cl_pos *ps[1 + CL_MAX_NOTES];
		int np = 0;
		ps[np++] = &f->pos;
		for (int j = 0; j < f->nnotes; j++)
			ps[np++] = &f->notes[j].pos;
		for (int j = 0; j < np; j++) {
			if (!ps[j]->file)
				continue;
			const char *c = targets_header_path(ps[j]->file);
			for (int i = 0; i < r->nfiles; i++)
				if (canon[i] == c) {
					ps[j]->file = cl_intern(r->files[i]);
					break;
				}
		}
	}
	for (size_t k = 0; k < r->failures.n; k++) {
		struct cl_failure *x = &r->failures.v[k];
		const char *c = x->function ? targets_header_path(x->file) : NULL;
		for (int i = 0; c && i < r->nfiles; i++)
			if (canon[i] == c) {
				x->file = cl_intern(r->files[i]);
				break;
			}
	}
	free(canon);
}

/* One failure per device function, though every file that includes the
 * header holding it reports it. */
static void dedupe_failures(struct cl_failures *x)
{
	size_t k = 0;
	for (size_t i = 0; i < x->n; i++) {
		const struct cl_failure *a = &x->v[i];
		int dup = 0;
		for (size_t j = 0; j < k && !dup && a->function; j++) {
			const struct cl_failure *b = &x->v[j];
			dup = b->function == a->function && b->file == a->file && b->line == a->line && b->col == a->col;
		}
		if (dup)
			free(x->v[i].reason);
		else
			x->v[k++] = x->v[i];
	}
	x->n = k;
}

/* Device functions left out, and the clang errors that did not stop the
 * analysis, on stderr; -1 on a bad configuration file. Whole files that
 * failed were reported as they failed. */
int finish_report_unanalysed(struct run *r)
{
	dedupe_failures(&r->failures);
	for (size_t i = 0; i < r->failures.n; i++) {
		const struct cl_failure *f = &r->failures.v[i];
		if (!f->function)
			continue;
		struct cfg *g = cfg_for(r, f->file);
		if (!g)
			return -1;
		cl_eprintf("cudalint: %s: %s:%u:%u: device function '%s' not analysed: %s\n",
		        g->unanalysed_warning ? "warning" : "error", f->file, f->line, f->col, f->function, f->reason);
	}
	/* analysed in part: no failure (the exit status stays), said with -v */
	for (size_t i = 0; i < r->failures.nsum && r->o->verbose && !r->o->quiet; i++) {
		const struct cl_file_summary *s = &r->failures.sum[i];
		for (int k = 0; k < s->nfns; k++)
			if (s->fns[k].status == CL_FN_PARTLY)
				cl_eprintf("cudalint: note: %s:%u: device function '%s' partly analysed: %s\n", s->file,
				           s->fns[k].line, s->fns[k].name, s->fns[k].reason ? s->fns[k].reason : "?");
	}
	for (size_t i = 0; i < r->failures.nsum && !r->o->quiet; i++) {
		const struct cl_file_summary *s = &r->failures.sum[i];
		if (s->cause)
			cl_eprintf("cudalint: note: %s: %s\n", s->file, s->cause);
		if (!s->errors_ignored)
			continue;
		cl_eprintf("cudalint: note: %s: %d clang error%s outside device code did not stop the analysis "
		                "(the first: %s)%s\n", s->file, s->errors_ignored, s->errors_ignored == 1 ? "" : "s",
		        s->first_ignored ? s->first_ignored : "?", r->o->verbose ? "" : "; -v prints them all");
	}
	return 0;
}

/* Whether the failures make the exit status 2: whole files always, device
 * functions unless their configuration says `unanalysed: warning`. */
int finish_failures_fail(struct run *r)
{
	for (size_t i = 0; i < r->failures.n; i++) {
		const struct cl_failure *f = &r->failures.v[i];
		struct cfg *g = f->function ? cfg_for(r, f->file) : NULL;
		if (!f->function || !g || !g->unanalysed_warning)
			return 1;
	}
	return 0;
}

static void add_finding(struct cl_findings *out, const struct cl_finding *f)
{
	if (out->n == out->cap) {
		out->cap = out->cap ? out->cap * 2 : 16;
		out->v = xrealloc(out->v, out->cap * sizeof *out->v);
	}
	out->v[out->n] = *f;
	out->v[out->n].message = xstrdup(f->message); /* the pool dies with cl_suppress_free */
	out->n++;
}

/* Suppression comments; malformed ones always become CL0001 findings,
 * unused ones where the file's configuration enables CL0001. */
int finish_suppress(struct run *r)
{
	int idx = RULE_CL0001, any_unused = r->defaults->enabled[idx];
	for (int i = 0; i < r->ncfgs; i++)
		any_unused |= r->cfgs[i]->enabled[idx];
	if (r->fixed)
		any_unused = r->fixed->enabled[idx];
	struct cl_findings bad = { 0 }, unused = { 0 };
	if (cl_suppress_apply(&r->findings, r->files, (size_t)r->nfiles, CL_SUPPRESS_REPORT_MALFORMED, &bad) < 0)
		return -1;
	if (any_unused &&
	    cl_suppress_apply(&r->findings, r->files, (size_t)r->nfiles, CL_SUPPRESS_REPORT_UNUSED, &unused) < 0)
		return -1;
	for (int pass = 0; pass < 2; pass++) {
		struct cl_findings *x = pass ? &unused : &bad;
		for (size_t i = 0; i < x->n; i++) {
			struct cfg *g = cfg_for(r, x->v[i].pos.file);
			if (!g)
				return -1;
			if (pass && (!g->enabled[idx] || cl_config_file_ignores(&g->c, x->v[i].pos.file, &cl_rules[idx])))
				continue;
			x->v[i].level = g->levels[idx];
			x->v[i].pos.file = cl_intern(x->v[i].pos.file);
			add_finding(&r->findings, &x->v[i]);
		}
		free(x->v);
	}
	/* the reasons live in the suppressions' pool, which dies here */
	for (size_t i = 0; i < r->findings.n; i++)
		if (r->findings.v[i].justification)
			r->findings.v[i].justification = cl_intern(r->findings.v[i].justification);
	cl_suppress_free();
	return 0;
}

/* Stale entries: only those of files this run analysed count (a run over
 * part of a tree does not make the rest of the baseline stale). */
void finish_report_stale(struct run *r, const char *path, const struct cl_baseline_entry **stale, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		int ours = !stale[i]->file;
		for (int j = 0; j < r->nfiles && !ours; j++) {
			char rel[PATH_MAX];
			ours = cl_srctext_relpath(r->files[j], r->srcroot, rel, sizeof rel) >= 0 &&
			       !strcmp(rel, stale[i]->file);
		}
		if (ours)
			stale[k++] = stale[i];
	}
	n = k;
	if (!n || r->o->quiet)
		return;
	cl_eprintf("cudalint: note: %s: %zu stale entr%s (fixed, or the line changed); refresh it with "
	                "--write-baseline\n", path, n, n == 1 ? "y" : "ies");
	for (size_t i = 0; i < n; i++) {
		const struct cl_baseline_entry *e = stale[i];
		cl_eprintf("cudalint: note: %s: stale entry %s at %s:%u", path, e->rule_id ? e->rule_id : "?",
		        e->file ? e->file : "?", e->line);
		if (e->function)
			cl_eprintf(" in %s", e->function);
		fputc('\n', stderr);
	}
}

int finish_write_report(struct run *r)
{
	const struct options *o = r->o;
	int to_stdout = !o->output || !strcmp(o->output, "-");
	struct cl_atomic_file af;
	FILE *out = stdout;
	if (!to_stdout) {
		if (cl_atomic_open(&af, o->output) < 0) {
			run_errorf(o->output, strerror(errno));
			return -1;
		}
		out = af.fp;
	}
	struct cl_report_opts ro = { .srcroot = r->srcroot, .report_suppressed = o->report_suppressed };
	int rc;
	if (o->statistics) {
		rc = cl_report_statistics(out, &r->findings, o->format == FORMAT_JSON, &ro);
	} else if (o->format == FORMAT_JSON) {
		rc = cl_report_json(out, &r->findings, &r->failures, &ro);
	} else if (o->format == FORMAT_GITHUB) {
		rc = cl_report_github(out, &r->findings, &r->failures, &ro);
	} else if (o->format == FORMAT_SARIF) {
		rc = cl_report_sarif(out, &r->findings, &r->failures, &ro);
	} else {
		int tty = to_stdout && isatty(STDOUT_FILENO);
		struct text_opts to = {
			.color = o->color == COLOR_ALWAYS || (o->color == COLOR_AUTO && tty && !getenv("NO_COLOR")),
			/* independent of colour when asked for: CI logs want them */
			.snippets = o->show_source ? o->show_source > 0 : tty && o->color != COLOR_NEVER,
			.show_suppressed = o->report_suppressed,
		};
		rc = cl_report_text(out, &r->findings, &to);
	}
	if (to_stdout)
		rc = fflush(stdout) == EOF || rc < 0 ? -1 : 0;
	else if (rc < 0)
		cl_atomic_abort(&af);
	else
		rc = cl_atomic_commit(&af);
	/* the reader left early (`cudalint ... | head -1`), as it may: SIGPIPE
	 * is ignored (main.c), and the exit status stays that of the findings */
	if (rc < 0 && to_stdout && errno == EPIPE)
		return 0;
	if (rc < 0)
		run_errorf(to_stdout ? "<stdout>" : o->output, strerror(errno ? errno : EIO));
	return rc;
}

/* ---- what the run writes, against what it reads --------------------------- */

static const char *const output_option[OUTPUTS] = { [OUT_REPORT] = "-o", [OUT_BASELINE] = "--write-baseline" };

static const char *output_path(const struct run *r, int k)
{
	return k == OUT_REPORT ? r->o->output : r->o->write_baseline;
}

/* Whether outputs A and B are one file: by inode when either exists (a
 * device, written in place, may be both), else by their absolute
 * spellings. */
static int same_output(const char *a, const char *b)
{
	if (!a || !b || !strcmp(a, "-") || !strcmp(b, "-"))
		return 0;
	struct stat sa, sb;
	int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
	if (ea || eb)
		return ea && eb && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && !S_ISCHR(sa.st_mode);
	char pa[PATH_MAX], pb[PATH_MAX];
	return cl_srctext_abspath(a, pa, sizeof pa) == 0 && cl_srctext_abspath(b, pb, sizeof pb) == 0 &&
	       !strcmp(pa, pb);
}

static int refuse(const struct run *r, int k, const char *what)
{
	char msg[2 * PATH_MAX + 200];
	snprintf(msg, sizeof msg, "%s %s is %s; refusing to overwrite it", output_option[k], output_path(r, k), what);
	run_errorf(NULL, msg);
	return -1;
}

/* -o and --write-baseline never replace a file that the run reads, nor
 * each other (whatever the spelling or symlinks): the files to analyse,
 * the --baseline file (for -o: `--baseline F --write-baseline F`
 * refreshes F, as documented), and everything the readers noted
 * (util/inputs.h): configuration files with their extends: parents, the
 * compilation database and its response files, the headers and other
 * files an analysis read (in a worker too, or for a cache hit). Called
 * before the analysis and again before anything is written; -1 (the
 * message printed) means a usage error. */
int finish_refuse_outputs(const struct run *r, const struct file_list *files)
{
	const struct options *o = r->o;
	if (same_output(o->output, o->write_baseline))
		return refuse(r, OUT_REPORT, "also the --write-baseline file");
	for (int i = 0; i < files->n; i++) {
		int k = cl_output_index(files->v[i], NULL);
		if (k >= 0)
			return refuse(r, k, "one of the files to analyse");
	}
	if (o->baseline && cl_output_index(o->baseline, NULL) == OUT_REPORT)
		return refuse(r, OUT_REPORT, "the --baseline file");
	const char *what;
	int k;
	if (cl_input_clash(&what, &k))
		return refuse(r, k, what);
	return 0;
}

/* One line on stderr after a text report on a terminal, as clang-tidy's
 * "N warnings generated" and ruff's "Found N errors": how many findings in
 * how many files, and what could not be analysed, which a long report
 * scrolls away. Not where stderr is a file or a pipe: scripts and hooks
 * that read it see only findings and errors. */
void finish_print_summary(const struct run *r)
{
	const struct options *o = r->o;
	if (o->quiet || o->format != FORMAT_TEXT || o->dump_ir || !isatty(STDERR_FILENO))
		return;
	size_t n = 0, files = 0;
	const char *last = NULL;
	for (size_t i = 0; i < r->findings.n; i++) {
		const struct cl_finding *f = &r->findings.v[i];
		if (f->suppressed && !o->report_suppressed)
			continue;
		n++;
		/* report order: a file's findings are together */
		if (!last || !f->pos.file || strcmp(last, f->pos.file))
			files++;
		last = f->pos.file;
	}
	size_t whole = 0, fns = 0;
	for (size_t i = 0; i < r->failures.n; i++)
		r->failures.v[i].function ? fns++ : whole++;
	char tail[160] = "";
	if (whole || fns)
		snprintf(tail, sizeof tail, "; not analysed: %zu file%s, %zu device function%s (see above)", whole,
		         whole == 1 ? "" : "s", fns, fns == 1 ? "" : "s");
	if (n)
		cl_eprintf("cudalint: %zu finding%s in %zu of %d file%s checked%s\n", n, n == 1 ? "" : "s", files,
		           r->nfiles, r->nfiles == 1 ? "" : "s", tail);
	else
		cl_eprintf("cudalint: no findings in %d file%s checked%s\n", r->nfiles, r->nfiles == 1 ? "" : "s", tail);
}
