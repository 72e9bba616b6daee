/* run.c - one analysis run (run.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "run.h"

#include "analysis/uniformity.h"
#include "baseline.h"
#include "check.h"
#include "config.h"
#include "files.h"
#include "frontend/compdb.h"
#include "frontend/frontend.h"
#include "ir/ir.h"
#include "options.h"
#include "report/report.h"
#include "report/text.h"
#include "rules.h"
#include "suppress.h"
#include "util/atomic_file.h"
#include "util/srctext.h"
#include "util/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A configuration as a run uses it: the file's settings with the command
 * line applied, and the per-rule tables that struct cl_ctx wants. */
struct cfg {
	struct cl_config c;
	char *abs;                 /* absolute path of the file; NULL: defaults */
	enum cl_level *levels;     /* per rule index */
	unsigned char *enabled;    /* per rule index */
	enum cl_level fail_on;
	const char **args;         /* config clang-args (paths resolved), then the command line's */
	int nargs;
	char *cuda_path;           /* resolved against the config's directory */
	struct parser *parser;     /* created on first use */
};

struct parser {
	char *key;                 /* the options, serialized */
	struct cl_parser *p;       /* NULL: creation failed, see err */
	char err[512];
};

struct run {
	const struct options *o;
	struct cfg *defaults, *fixed; /* no file found; --config */
	struct cfg **cfgs; int ncfgs; /* discovered files */
	struct parser **parsers; int nparsers;
	struct cl_findings findings;
	struct cl_failures failures;
	const char **files; int nfiles;     /* analysed */
	struct compdb *db;                  /* -p: compile_commands.json */
};

static void errorf(const char *file, const char *reason)
{
	if (file)
		fprintf(stderr, "cudalint: error: %s: %s\n", file, reason);
	else
		fprintf(stderr, "cudalint: error: %s\n", reason);
}

static void add_failure(struct run *r, const char *file, const char *reason)
{
	struct cl_failures *f = &r->failures;
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 8;
		f->v = xrealloc(f->v, f->cap * sizeof *f->v);
	}
	f->v[f->n++] = (struct cl_failure){ cl_intern(file), xstrdup(reason) };
}

/* ---- configurations ---------------------------------------------------- */

/* An include path in a config's clang-args is relative to the config's
 * directory, not to wherever cudalint runs. */
static char *resolve(const char *dir, const char *p)
{
	if (!dir || !*p || p[0] == '/')
		return xstrdup(p);
	size_t n = strlen(dir) + strlen(p) + 2;
	char *s = xmalloc(n);
	snprintf(s, n, "%s/%s", dir, p);
	return s;
}

static const char *const path_opts[] = { "-I", "-isystem", "-iquote", "-idirafter", "-include", NULL };

static void push_arg(struct cfg *g, const char *a)
{
	g->args = xrealloc(g->args, (size_t)(g->nargs + 1) * sizeof *g->args);
	g->args[g->nargs++] = a;
}

static void resolve_args(struct cfg *g)
{
	const char *dir = g->c.dir;
	for (size_t i = 0; i < g->c.nclang_args; i++) {
		const char *a = g->c.clang_args[i];
		int done = 0;
		for (int k = 0; path_opts[k] && !done; k++) {
			size_t n = strlen(path_opts[k]);
			if (strncmp(a, path_opts[k], n))
				continue;
			if (!a[n] && i + 1 < g->c.nclang_args) { /* -I DIR */
				push_arg(g, xstrdup(a));
				push_arg(g, resolve(dir, g->c.clang_args[++i]));
				done = 1;
			} else if (a[n]) { /* -IDIR */
				char *p = resolve(dir, a + n);
				size_t m = n + strlen(p) + 1;
				char *s = xmalloc(m);
				snprintf(s, m, "%s%s", path_opts[k], p);
				free(p);
				push_arg(g, s);
				done = 1;
			}
		}
		if (!done)
			push_arg(g, a);
	}
}

/* Applies the command line to G and fills its tables. -1 (message
 * printed) when a rule pattern of the command line matches no rule. */
static int finish_cfg(struct run *r, struct cfg *g)
{
	const struct options *o = r->o;
	if (o->warn_unused_suppressions)
		cl_config_set_rule(&g->c, "CL0001", 1);
	for (int i = 0; i < o->nrule_opts; i++) {
		const struct rule_opt *ro = &o->rule_opts[i];
		int rc = ro->kind == RULE_OPT_LEVEL ? cl_config_set_level(&g->c, ro->pattern, ro->level)
		                                    : cl_config_set_rule(&g->c, ro->pattern, ro->kind == RULE_OPT_ON);
		if (rc < 0) {
			char msg[300];
			snprintf(msg, sizeof msg, "no rule matches '%s' (see cudalint --list-rules)", ro->pattern);
			errorf(ro->kind == RULE_OPT_ON ? "--enable" : ro->kind == RULE_OPT_OFF ? "--disable" : "--severity",
			       msg);
			return -1;
		}
	}
	g->fail_on = o->fail_on_set ? o->fail_on : g->c.fail_on;
	g->levels = xcalloc((size_t)cl_nrules, sizeof *g->levels);
	g->enabled = xcalloc((size_t)cl_nrules, 1);
	for (int i = 0; i < cl_nrules; i++) {
		g->levels[i] = cl_config_rule_level(&g->c, &cl_rules[i]);
		g->enabled[i] = (unsigned char)cl_config_rule_enabled(&g->c, &cl_rules[i]);
	}
	resolve_args(g);
	for (int i = 0; i < o->nclang_args; i++)
		push_arg(g, o->clang_args[i]);
	if (g->c.cuda_path)
		g->cuda_path = resolve(g->c.dir, g->c.cuda_path);
	return 0;
}

/* Loads config file PATH (shown in messages as given). NULL on error,
 * with the message printed. */
static struct cfg *load_cfg(struct run *r, const char *path)
{
	struct cfg *g = xcalloc(1, sizeof *g);
	char err[1024];
	if (cl_config_load(path, &g->c, err, sizeof err) < 0) {
		errorf(NULL, err);
		return NULL;
	}
	char abs[PATH_MAX];
	g->abs = xstrdup(cl_srctext_abspath(path, abs, sizeof abs) == 0 ? abs : path);
	return finish_cfg(r, g) < 0 ? NULL : g;
}

/* The configuration that governs PATH. NULL on a bad config file. */
static struct cfg *cfg_for(struct run *r, const char *path)
{
	if (r->fixed)
		return r->fixed;
	char dir[PATH_MAX], found[PATH_MAX];
	if (cl_srctext_abspath(path, dir, sizeof dir) < 0)
		return r->defaults;
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir] = '\0';
	if (cl_config_find(dir, found, sizeof found) != 1)
		return r->defaults;
	for (int i = 0; i < r->ncfgs; i++)
		if (!strcmp(r->cfgs[i]->abs, found))
			return r->cfgs[i];
	/* messages name the file relative to the current directory when inside it */
	char rel[PATH_MAX];
	struct cfg *g = load_cfg(r, cl_srctext_relpath(found, NULL, rel, sizeof rel) == 1 ? rel : found);
	if (!g)
		return NULL;
	r->cfgs = xrealloc(r->cfgs, (size_t)(r->ncfgs + 1) * sizeof *r->cfgs);
	r->cfgs[r->ncfgs++] = g;
	return g;
}

/* ---- parsers ----------------------------------------------------------- */

static void key_add(char **k, size_t *n, const char *s)
{
	size_t m = strlen(s ? s : "\x02") + 1;
	*k = xrealloc(*k, *n + m + 1);
	memcpy(*k + *n, s ? s : "\x02", m - 1);
	(*k)[*n + m - 1] = '\x01';
	*n += m;
	(*k)[*n] = 0;
}

/* The parser for file: its configuration's options, plus the flags of its
 * compile command when a compilation database is in use. */
static struct parser *parser_for(struct run *r, struct cfg *g, const char *file)
{
	const struct options *o = r->o;
	struct strvec db_args = { 0 };
	char *db_arch = NULL;
	if (r->db) {
		if (compdb_args(r->db, file, &db_args, &db_arch) < 0)
			fprintf(stderr, "cudalint: warning: %s: its compile command could not be read; using the "
			                "default flags\n", file);
	} else if (g->parser) {
		return g->parser;
	}
	const char **args = xcalloc((size_t)(g->nargs + db_args.n) + 1, sizeof *args);
	memcpy(args, g->args, (size_t)g->nargs * sizeof *args);
	for (int i = 0; i < db_args.n; i++)
		args[g->nargs + i] = db_args.v[i];
	struct cl_parse_opts po = {
		o->cuda_path ? o->cuda_path : g->cuda_path,
		o->cuda_arch ? o->cuda_arch : db_arch ? db_arch : g->c.cuda_arch,
		o->std, args, g->nargs + db_args.n, o->no_toolkit, o->no_cache,
	};
	char *key = NULL;
	size_t n = 0;
	key_add(&key, &n, po.cuda_path);
	key_add(&key, &n, po.cuda_arch);
	key_add(&key, &n, po.std);
	key_add(&key, &n, po.no_toolkit ? "1" : "0");
	for (int i = 0; i < po.nargs; i++)
		key_add(&key, &n, po.args[i]);
	struct parser *found = NULL;
	for (int i = 0; i < r->nparsers && !found; i++)
		if (!strcmp(r->parsers[i]->key, key))
			found = r->parsers[i];
	if (!found) {
		found = xcalloc(1, sizeof *found);
		found->key = key;
		key = NULL;
		/* the parser keeps pointers to its arguments: give it its own copies */
		for (int i = 0; i < po.nargs; i++)
			args[i] = xstrdup(args[i]);
		found->p = cl_parser_new(&po, found->err, sizeof found->err);
		r->parsers = xrealloc(r->parsers, (size_t)(r->nparsers + 1) * sizeof *r->parsers);
		r->parsers[r->nparsers++] = found;
	} else {
		free(args);
	}
	free(key);
	strvec_free(&db_args);
	free(db_arch); /* cl_parser_new copied it */
	if (!r->db)
		g->parser = found;
	return found;
}

/* ---- the steps --------------------------------------------------------- */

static void analyse(struct run *r, const char *file, struct cfg *g)
{
	struct parser *p = parser_for(r, g, file);
	if (!p->p) {
		errorf(file, p->err);
		add_failure(r, file, p->err);
		return;
	}
	char *reason = NULL;
	struct ir_unit *u = cl_parse_file(p->p, file, &reason);
	if (!u) {
		const char *why = reason ? reason : "could not be parsed";
		errorf(file, why);
		add_failure(r, file, why);
		free(reason);
		return;
	}
	if (u->truncated)
		fprintf(stderr, "cudalint: warning: %s: code nested too deeply was left out of the analysis; "
		                "findings in it may be missing\n", file);
	struct uni_options uo = { r->o->warp_aligned_blocks };
	uniformity_run(u, &uo);
	if (r->o->dump_ir)
		ir_dump(u, stderr);
	struct cl_ctx cx = { .out = &r->findings, .path = file, .levels = g->levels, .enabled = g->enabled };
	cl_check_unit(&cx, u);
	ir_unit_free(u);
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
static int suppress(struct run *r)
{
	const struct cl_rule *cl0001 = cl_rule_find("CL0001");
	if (!cl0001)
		return cl_suppress_apply(&r->findings, r->files, (size_t)r->nfiles, 0, NULL) < 0 ? -1 : 0;
	int idx = cl_rule_index(cl0001), any_unused = r->defaults->enabled[idx];
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
			if (pass && !g->enabled[idx])
				continue;
			x->v[i].level = g->levels[idx];
			x->v[i].pos.file = cl_intern(x->v[i].pos.file);
			add_finding(&r->findings, &x->v[i]);
		}
		free(x->v);
	}
	cl_suppress_free();
	return 0;
}

/* Stale entries: only those of files this run analysed count (a run over
 * part of a tree does not make the rest of the baseline stale). */
static void report_stale(struct run *r, const char *path, const struct cl_baseline_entry **stale, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		int ours = !stale[i]->file;
		for (int j = 0; j < r->nfiles && !ours; j++) {
			char rel[PATH_MAX];
			ours = cl_srctext_relpath(r->files[j], r->o->srcroot, rel, sizeof rel) >= 0 &&
			       !strcmp(rel, stale[i]->file);
		}
		if (ours)
			stale[k++] = stale[i];
	}
	n = k;
	if (!n)
		return;
	fprintf(stderr, "cudalint: note: %s: %zu stale entr%s (fixed, or the line changed); refresh it with "
	                "--write-baseline\n", path, n, n == 1 ? "y" : "ies");
	for (size_t i = 0; i < n; i++) {
		const struct cl_baseline_entry *e = stale[i];
		fprintf(stderr, "cudalint: note: %s: stale entry %s at %s:%u", path, e->rule_id ? e->rule_id : "?",
		        e->file ? e->file : "?", e->line);
		if (e->function)
			fprintf(stderr, " in %s", e->function);
		fputc('\n', stderr);
	}
}

static int write_report(struct run *r)
{
	const struct options *o = r->o;
	int to_stdout = !o->output || !strcmp(o->output, "-");
	struct cl_atomic_file af;
	FILE *out = stdout;
	if (!to_stdout) {
		if (cl_atomic_open(&af, o->output) < 0) {
			errorf(o->output, strerror(errno));
			return -1;
		}
		out = af.fp;
	}
	struct cl_report_opts ro = { .srcroot = o->srcroot, .report_suppressed = o->report_suppressed };
	int rc;
	if (o->format == FORMAT_JSON) {
		rc = cl_report_json(out, &r->findings, &r->failures, &ro);
	} else if (o->format == FORMAT_SARIF) {
		rc = cl_report_sarif(out, &r->findings, &r->failures, &ro);
	} else {
		int tty = to_stdout && isatty(STDOUT_FILENO);
		struct text_opts to = {
			.color = o->color == COLOR_ALWAYS || (o->color == COLOR_AUTO && tty && !getenv("NO_COLOR")),
			.snippets = tty && o->color != COLOR_NEVER,
			.show_suppressed = o->report_suppressed,
		};
		rc = report_text(out, &r->findings, &to);
	}
	if (to_stdout)
		rc = fflush(stdout) == EOF || rc < 0 ? -1 : 0;
	else if (rc < 0)
		cl_atomic_abort(&af);
	else
		rc = cl_atomic_commit(&af);
	if (rc < 0)
		errorf(to_stdout ? "<stdout>" : o->output, strerror(errno ? errno : EIO));
	return rc;
}

int cl_run(const struct options *o)
{
	struct run run = { .o = o }, *r = &run;
	char err[1024];

	r->defaults = xcalloc(1, sizeof *r->defaults);
	cl_config_init(&r->defaults->c);
	if (finish_cfg(r, r->defaults) < 0)
		return 2;
	if (o->config && !(r->fixed = load_cfg(r, o->config)))
		return 2;
	if (o->compile_commands && !(r->db = compdb_open(o->compile_commands, err, sizeof err))) {
		errorf(NULL, err);
		return 2;
	}
	struct cl_baseline base = { 0 };
	if (o->baseline && cl_baseline_load(o->baseline, &base, err, sizeof err) < 0) {
		errorf(NULL, err);
		return 2;
	}

	/* files and their configurations */
	struct file_list files = { 0 };
	struct cfg **cfg_of = NULL;
	for (int i = 0; i < o->npaths; i++) {
		const char *why;
		if (files_add(&files, o->paths[i], &why) < 0) {
			errorf(o->paths[i], why);
			add_failure(r, o->paths[i], why);
		}
	}
	cfg_of = xcalloc((size_t)files.n + 1, sizeof *cfg_of);
	r->files = xcalloc((size_t)files.n + 1, sizeof *r->files);
	for (int i = 0; i < files.n; i++) {
		struct cfg *g = cfg_for(r, files.v[i]);
		if (!g)
			return 2;
		if (!cl_config_path_included(&g->c, files.v[i]))
			continue;
		cfg_of[r->nfiles] = g;
		r->files[r->nfiles++] = files.v[i];
	}

	for (int i = 0; i < r->nfiles; i++)
		analyse(r, r->files[i], cfg_of[i]);
	for (int i = 0; i < r->nparsers; i++)
		if (r->parsers[i]->p)
			cl_parser_free(r->parsers[i]->p);
	compdb_free(r->db);

	if (suppress(r) < 0)
		return 2;
	cl_findings_sort(&r->findings);

	int status = 0;
	if (o->baseline) {
		const struct cl_baseline_entry **stale = NULL;
		size_t nstale = 0;
		if (cl_baseline_apply(&base, &r->findings, o->srcroot, &stale, &nstale) < 0) {
			errorf(o->baseline, "out of memory");
			return 2;
		}
		report_stale(r, o->baseline, stale, nstale);
		free(stale);
	}
	if (o->write_baseline) {
		if (cl_baseline_write(o->write_baseline, &r->findings, o->srcroot, err, sizeof err) < 0) {
			errorf(NULL, err);
			status = 2;
		} else {
			size_t n = 0;
			for (size_t i = 0; i < r->findings.n; i++)
				if (r->findings.v[i].suppressed != CL_SUPPRESSED_INSOURCE) {
					r->findings.v[i].suppressed = CL_SUPPRESSED_BASELINE;
					n++;
				}
			fprintf(stderr, "cudalint: note: %s: wrote %zu finding%s\n", o->write_baseline, n,
			        n == 1 ? "" : "s");
		}
	}

	if (write_report(r) < 0)
		status = 2;
	if (r->failures.n)
		status = 2;
	for (size_t i = 0; i < r->findings.n && !status; i++) {
		const struct cl_finding *f = &r->findings.v[i];
		struct cfg *g = f->suppressed ? NULL : cfg_for(r, f->pos.file);
		if (g && f->level >= g->fail_on)
			status = 1;
	}
	cl_findings_free(&r->findings);
	cl_baseline_free(&base);
	files_free(&files);
	return status;
}
