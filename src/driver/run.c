/* run.c - one analysis run (run.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run.h"

#include "analysis/analyze.h"
#include "control/baseline.h"
#include "check.h"
#include "control/config.h"
#include "driver/files.h"
#include "frontend/compdb.h"
#include "frontend/frontend.h"
#include "util/guard.h"
#include "driver/includers.h"
#include "ir/ir.h"
#include "driver/options.h"
#include "report/report.h"
#include "report/text.h"
#include "control/result_cache.h"
#include "control/results.h"
#include "rules.h"
#include "control/suppress.h"
#include "util/atomic_file.h"
#include "util/srctext.h"
#include "util/path.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "driver/variants.h"
#include "driver/workers.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A configuration as a run uses it: the file's settings with the command
 * line applied, and the per-rule tables that struct cl_ctx wants. */
struct cfg {
	struct cl_config c;
	char *abs;                 /* absolute path of the file; NULL: defaults */
	enum cl_level *levels;     /* per rule index */
	unsigned char *enabled;    /* per rule index */
	enum cl_level fail_on;
	int unanalysed_warning;    /* an unanalysed device function does not make status 2 */
	const char **args;         /* config clang-args (paths resolved), then the command line's */
	int nargs;
	int nowned;                /* args[0..nowned) are the config's, made here */
	char *cuda_path;           /* resolved against the config's directory */
};

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
};

static void errorf(const char *file, const char *reason)
{
	if (file)
		cl_eprintf("cudalint: error: %s: %s\n", file, reason);
	else
		cl_eprintf("cudalint: error: %s\n", reason);
}

static void add_failure(struct run *r, const char *file, const char *reason)
{
	cl_failures_add(&r->failures, file, reason);
}

/* files_add's problems: an error is a failure of that path (exit 2). */
static void path_problem(const char *path, const char *why, int is_error, void *arg)
{
	if (!is_error) {
		cl_eprintf("cudalint: warning: %s: %s\n", path, why);
		return;
	}
	errorf(path, why);
	add_failure(arg, path, why);
}

/* ---- configurations ---------------------------------------------------- */


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
				push_arg(g, path_under(dir, g->c.clang_args[++i]));
				done = 1;
			} else if (a[n]) { /* -IDIR */
				char *p = path_under(dir, a + n);
				size_t m = n + strlen(p) + 1;
				char *s = xmalloc(m);
				snprintf(s, m, "%s%s", path_opts[k], p);
				free(p);
				push_arg(g, s);
				done = 1;
			}
		}
		if (!done)
			push_arg(g, xstrdup(a));
	}
	g->nowned = g->nargs;
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
	g->unanalysed_warning = o->unanalysed ? o->unanalysed == 2 : g->c.unanalysed_warning;
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
		g->cuda_path = path_under(g->c.dir, g->c.cuda_path);
	return 0;
}

static void cfg_free(struct cfg *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->nowned; i++)
		free((char *)g->args[i]);
	free(g->args);
	free(g->abs);
	free(g->levels);
	free(g->enabled);
	free(g->cuda_path);
	cl_config_free(&g->c);
	free(g);
}

/* Loads config file PATH (shown in messages as given). NULL on error,
 * with the message printed. */
static struct cfg *load_cfg(struct run *r, const char *path)
{
	struct cfg *g = xcalloc(1, sizeof *g);
	char err[1024];
	if (cl_config_load(path, &g->c, err, sizeof err) < 0) {
		errorf(NULL, err);
		free(g);
		return NULL;
	}
	char abs[PATH_MAX];
	g->abs = xstrdup(cl_srctext_abspath(path, abs, sizeof abs) == 0 ? abs : path);
	if (finish_cfg(r, g) < 0) {
		cfg_free(g);
		return NULL;
	}
	return g;
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

/* File I's builds (variants.h): one per compile command and architecture
 * when a compilation database is in use, else one. Worked out once per
 * file (the parent does it before forking when the result cache needs the
 * key, so a compile command's warning is printed once). */
static struct cl_variants *variants_of(struct run *r, int i)
{
	if (r->variants[i])
		return r->variants[i];
	const char *file = r->files[i];
	struct compdb_cmd *cmds = NULL;
	int ncmds = 0, nbad = 0;
	if (r->db)
		ncmds = compdb_commands(r->db, file, &cmds, &nbad);
	if (nbad && !ncmds)
		cl_eprintf("cudalint: warning: %s: its compile command could not be read; using the "
		                "default flags\n", file);
	else if (nbad)
		cl_eprintf("cudalint: warning: %s: %d of its compile commands could not be read; analysed "
		                "with the other %d\n", file, nbad, ncmds);
	r->variants[i] = xcalloc(1, sizeof *r->variants[i]);
	cl_variants_init(r->variants[i], file, cmds, ncmds, r->o->cuda_arch);
	return r->variants[i];
}

/* The parse options of file I's current build: its configuration's, plus
 * the flags and architecture of the build's compile command. */
static struct popts *popts_of(struct run *r, int i)
{
	struct cl_variants *vs = variants_of(r, i);
	struct cl_variant *v = &vs->v[vs->cur];
	if (v->data)
		return v->data;
	const struct options *o = r->o;
	struct cfg *g = r->cfg_of[i];
	static const struct strvec none;
	const struct strvec *db_args = v->cmd >= 0 ? &vs->cmds[v->cmd].args : &none;
	struct popts *pp = xcalloc(1, sizeof *pp);
	pp->args = xcalloc((size_t)(g->nargs + db_args->n) + 1, sizeof *pp->args);
	if (g->nargs) /* g->args is NULL without arguments */
		memcpy(pp->args, g->args, (size_t)g->nargs * sizeof *pp->args);
	for (int k = 0; k < db_args->n; k++)
		pp->args[g->nargs + k] = db_args->v[k];
	pp->po = (struct cl_parse_opts){
		o->cuda_path ? o->cuda_path : g->cuda_path,
		v->arch ? v->arch : g->c.cuda_arch, /* --cuda-arch is every variant's arch */
		o->std, pp->args, g->nargs + db_args->n, o->no_toolkit, o->no_cache, o->verbose,
	};
	size_t n = 0;
	key_add(&pp->key, &n, pp->po.cuda_path);
	key_add(&pp->key, &n, pp->po.cuda_arch);
	key_add(&pp->key, &n, pp->po.std);
	key_add(&pp->key, &n, pp->po.no_toolkit ? "1" : "0");
	key_add(&pp->key, &n, pp->po.verbose ? "1" : "0");
	for (int k = 0; k < pp->po.nargs; k++)
		key_add(&pp->key, &n, pp->po.args[k]);
	return v->data = pp;
}

static void popts_free(void *data)
{
	struct popts *pp = data;
	if (!pp)
		return;
	free(pp->key);
	free(pp->args);
	free(pp);
}

/* The parser for a set of options: one per distinct set, created on first
 * use (so a worker creates only the parsers its files need). */
static struct parser *parser_for(struct run *r, const struct popts *pp)
{
	for (int i = 0; i < r->nparsers; i++)
		if (!strcmp(r->parsers[i]->key, pp->key))
			return r->parsers[i];
	struct parser *found = xcalloc(1, sizeof *found);
	found->key = xstrdup(pp->key);
	/* the parser keeps pointers to its arguments: give it its own copies */
	struct cl_parse_opts po = pp->po;
	found->args = xcalloc((size_t)po.nargs + 1, sizeof *found->args);
	for (int i = 0; i < po.nargs; i++)
		found->args[i] = xstrdup(po.args[i]);
	found->nargs = po.nargs;
	po.args = (const char **)found->args;
	found->p = cl_parser_new(&po, found->err, sizeof found->err); /* copies cuda_arch */
	r->parsers = xrealloc(r->parsers, (size_t)(r->nparsers + 1) * sizeof *r->parsers);
	r->parsers[r->nparsers++] = found;
	return found;
}

static void parsers_free(struct run *r)
{
	for (int i = 0; i < r->nparsers; i++) {
		struct parser *p = r->parsers[i];
		cl_parser_free(p->p);
		for (int k = 0; k < p->nargs; k++)
			free(p->args[k]);
		free(p->args);
		free(p->key);
		free(p);
	}
	free(r->parsers);
	r->parsers = NULL;
	r->nparsers = 0;
}

/* ---- the result cache --------------------------------------------------- */

/* What every key of this run shares: the program (its version, and the
 * binary itself, so a rebuilt cudalint never trusts an older one's
 * results), libclang, the working directory (relative paths in findings
 * and dependencies), the environment that toolkit discovery reads, and the
 * analysis options. */
static void key_base(const struct options *o, struct cl_hash *h)
{
	cl_hash_init(h);
	cl_hash_str(h, "cudalint results 1");
	cl_hash_str(h, CUDALINT_VERSION);
	struct stat st;
	if (stat("/proc/self/exe", &st) == 0) {
		long long id[5] = { (long long)st.st_dev, (long long)st.st_ino, (long long)st.st_size,
		                    (long long)st.st_mtim.tv_sec, (long long)st.st_mtim.tv_nsec };
		cl_hash_add(h, id, sizeof id);
	}
	char v[256];
	cl_hash_str(h, cl_frontend_version(v, sizeof v));
	char cwd[PATH_MAX];
	cl_hash_str(h, getcwd(cwd, sizeof cwd) ? cwd : NULL);
	cl_hash_str(h, getenv("CUDA_PATH"));
	cl_hash_str(h, getenv("CUDA_HOME"));
	cl_hash_str(h, getenv("PATH"));
	int warp = o->warp_aligned_blocks;
	cl_hash_add(h, &warp, sizeof warp);
}

/* File I's key: the shared part, the file's path and bytes, the parse
 * options of each of its builds and its rule configuration. NULL when the
 * file cannot be read (it is then analysed, and fails, as without the
 * cache). */
static char *file_key(struct run *r, const struct cl_hash *base, int i)
{
	struct cl_hash h = *base;
	struct cfg *g = r->cfg_of[i];
	struct cl_variants *vs = variants_of(r, i);
	cl_hash_str(&h, r->files[i]);
	for (vs->cur = 0; vs->cur < vs->n; vs->cur++)
		cl_hash_str(&h, popts_of(r, i)->key);
	vs->cur = 0;
	for (int k = 0; k < cl_nrules; k++) {
		int lv[2] = { (int)g->levels[k], g->enabled[k] };
		cl_hash_str(&h, cl_rules[k].id);
		cl_hash_add(&h, lv, sizeof lv);
	}
	if (cl_hash_file(&h, r->files[i]) < 0)
		return NULL;
	char hex[33];
	cl_hash_hex(&h, hex);
	return xstrdup(hex);
}

/* One build's part of file I's cache entry: its dependencies, every file
 * the translation unit read, the main file first (the front end lists
 * them); headers that came from the precompiled toolkit header are not
 * among them, so the toolkit's cuda_runtime.h stands for the toolkit. The
 * entry is written by cache_store_file once every build is done. A unit
 * with no list is not cached. */
static void cache_store(struct run *r, int i, struct parser *p, const struct ir_unit *u)
{
	struct cl_variants *vs = variants_of(r, i);
	if (u->ndeps < 1)
		return;
	for (int k = 0; k < u->ndeps; k++)
		cl_variants_add_dep(vs, u->deps[k]);
	char probe[PATH_MAX];
	const char *cuda = cl_parser_cuda_path(p->p);
	if (cuda && snprintf(probe, sizeof probe, "%s/include/cuda_runtime.h", cuda) < (int)sizeof probe)
		cl_variants_add_dep(vs, probe);
	vs->ndeps_from++;
}

/* File I's merged findings F, NF, when every build that was analysed gave
 * its part (cache_store): one that failed, or printed a warning, is not
 * cached. */
static void cache_store_file(struct run *r, int i, int nanalysed, const struct cl_finding *f, size_t nf,
                             const struct cl_failures *x)
{
	struct cl_variants *vs = variants_of(r, i);
	if (!r->cache_dir || !r->keys[i] || vs->ndeps_from != nanalysed)
		return;
	cl_rcache_store(r->cache_dir, r->keys[i], (const char **)vs->deps.v, vs->deps.n, &r->t0, f, nf, x);
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

/* One spelling per header, whichever file included it and however: the
 * path relative to the current directory (absolute outside it), so that
 * the findings of a header reached from several files are merged. */
static const char *header_path(const char *p)
{
	char rel[PATH_MAX];
	return cl_intern(cl_srctext_relpath(p, NULL, rel, sizeof rel) >= 0 ? rel : p);
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

/* What one analysis reports on: FILE itself, or, for a header that is
 * not self-contained, the header's part of a file that includes it (VIA).
 * CANON is the header's canonical path (header_path) in that case. */
struct target {
	const char *file;
	const char *via;
	const char *canon;
};

static int in_target(const struct target *t, const struct ir_unit *u, const char *locfile)
{
	if (!locfile)
		return 0;
	if (!t->via)
		return locfile == u->path || !strcmp(locfile, t->file);
	return header_path(locfile) == t->canon;
}

/* The device functions that clang's errors left out become failures of
 * their own, and the target's summary says how much of it was analysed. */
static void record_coverage(const struct target *t, const struct ir_unit *u, struct cl_failures *xo)
{
	struct cl_file_summary s = { .file = t->file };
	if (!t->via) { /* the includer's host code is not the header's concern */
		s.errors_ignored = u->errors_ignored;
		s.first_ignored = (char *)u->first_ignored;
	}
	for (int k = 0; k < u->nfuncs; k++) {
		const struct ir_func *f = u->funcs[k];
		s.device_functions += (f->is_global || f->is_device) && in_target(t, u, f->loc.file);
	}
	for (int k = 0; k < u->nskipped; k++) {
		const struct ir_skipped *sk = u->skipped[k];
		if (!sk->is_device)
			continue;
		int mine = in_target(t, u, sk->loc.file);
		/* through an includer: its functions that fail on an error in the header */
		if (!mine && t->via && !(sk->error_file && *sk->error_file && in_target(t, u, sk->error_file)))
			continue;
		cl_failures_add_fn(xo, mine ? t->file : t->via && sk->loc.file == u->path ? t->via : header_path(sk->loc.file),
		                   sk->name, sk->loc.line, sk->loc.col, sk->error);
		if (mine) {
			s.device_functions++;
			s.unanalysed++;
		}
	}
	cl_failures_summary(xo, &s);
}

/* Findings in the project headers that the main file includes: the
 * header's path made canonical, and a note at the #include that brought
 * it in. Analysing through an includer, only the target's findings stay,
 * under the target's own spelling. Returns how many findings remain. */
static size_t place_in_headers(const struct target *t, const struct ir_unit *u, struct cl_finding *f, size_t n)
{
	const char *main_file = t->via ? t->via : t->file;
	size_t kept = 0;
	for (size_t k = 0; k < n; k++) {
		struct cl_finding *x = &f[k];
		int in_main = x->pos.file == cl_intern(main_file) || x->pos.file == u->path ||
		              !strcmp(x->pos.file, main_file);
		if (t->via && (in_main || header_path(x->pos.file) != t->canon)) {
			free((char *)x->message);
			for (int j = 0; j < x->nnotes; j++)
				free((char *)x->notes[j].message);
			continue;
		}
		if (!in_main) {
			const char *orig = x->pos.file;
			x->pos.file = t->via ? cl_intern(t->file) : header_path(orig);
			for (int j = 0; j < x->nnotes; j++) {
				const char *nf = x->notes[j].pos.file;
				if (nf && strcmp(nf, main_file))
					x->notes[j].pos.file = t->via && header_path(nf) == t->canon ? cl_intern(t->file)
					                                                            : header_path(nf);
			}
			for (int j = 0; j < u->nincludes && x->nnotes < CL_MAX_NOTES; j++) {
				if (strcmp(u->includes[j].file, orig))
					continue;
				struct cl_note *no = &x->notes[x->nnotes++];
				no->pos = (struct cl_pos){ cl_intern(main_file), u->includes[j].line, u->includes[j].col };
				no->message = xstrdup("the header was analysed as included here");
				break;
			}
		}
		f[kept++] = *x;
	}
	return kept;
}

static int is_header(const char *file)
{
	const char *dot = strrchr(file, '.');
	return !dot || strcmp(dot, ".cu");
}

/* Whether the header's own parse needs nothing from an includer. */
static int self_contained(const struct ir_unit *u)
{
	return !u->nskipped && !u->errors_ignored;
}

/* The unit of a file that includes header FILE (found in the project
 * tree and checked to have read it), or NULL; *VIA is then its path. */
static struct ir_unit *through_includer(struct parser *p, const char *file, char **via)
{
	char root[PATH_MAX], **cands;
	int n = cl_find_includers(file, &cands, root, sizeof root);
	struct ir_unit *found = NULL;
	const char *canon = header_path(file);
	/* a few tries: a candidate may name another header of the same name */
	for (int k = 0; k < n && k < 4 && !found; k++) {
		char *reason = NULL;
		const char *cand = header_path(cands[k]);
		struct ir_unit *u = cl_parse_file(p->p, cand, &reason);
		free(reason);
		for (int d = 0; u && d < u->ndeps && !found; d++)
			if (header_path(u->deps[d]) == canon)
				found = u;
		if (found)
			*via = xstrdup(cand);
		else
			ir_unit_free(u);
	}
	if (!found)
		cl_eprintf("cudalint: note: %s: the header is not self-contained, and no file below %s that "
		                "includes it could be parsed; it was analysed on its own\n", file, root);
	for (int k = 0; k < n; k++)
		free(cands[k]);
	free(cands);
	return found;
}

static void analyse_guarded(struct run *r, int i, struct parser *p, struct cl_findings *fo, struct cl_failures *xo)
{
	const char *file = r->files[i];
	char *reason = NULL;
	struct ir_unit *u = cl_parse_file(p->p, file, &reason);
	if (!u) {
		const char *why = reason ? reason : "could not be parsed";
		errorf(file, why);
		cl_failures_add(xo, file, why);
		free(reason);
		return;
	}
	if (test_hook("CUDALINT_TEST_STALL_ON", file))
		for (int s = 30; s > 0;)
			s = (int)sleep((unsigned)s);
	struct target t = { file, NULL, NULL };
	char *via = NULL;
	/* not cached: a new includer, or none found, would go unnoticed */
	int tried = is_header(file) && !self_contained(u);
	if (tried) {
		struct ir_unit *w = through_includer(p, file, &via);
		if (w) {
			ir_unit_free(u);
			u = w;
			t.via = via;
			t.canon = header_path(file);
		}
	}
	if (!t.via && nothing_parsed(file, u)) {
		const char *what = u->not_source ? "not a source file: clang's lexer rejects its bytes"
		                                 : "clang found no function in it, only errors";
		size_t n = strlen(what) + sizeof " (the first: )" + strlen(u->first_in_main);
		char *why = xmalloc(n);
		snprintf(why, n, "%s (the first: %s)", what, u->first_in_main);
		errorf(file, why);
		cl_failures_add(xo, file, why);
		free(why);
		ir_unit_free(u);
		return;
	}
	if (u->truncated)
		cl_eprintf("cudalint: warning: %s: code nested too deeply was left out of the analysis; "
		                "findings in it may be missing\n", t.via ? t.via : file);
	struct analysis_options ao = { r->o->warp_aligned_blocks };
	analyze_unit(u, &ao);
	if (r->o->dump_ir)
		ir_dump(u, stderr);
	struct cfg *g = r->cfg_of[i];
	size_t first = fo->n;
	struct cl_ctx cx = { .out = fo, .path = t.via ? t.via : file, .levels = g->levels, .enabled = g->enabled };
	cl_check_unit(&cx, u);
	fo->n = first + place_in_headers(&t, u, fo->v + first, fo->n - first);
	record_coverage(&t, u, xo);
	/* a unit that printed a warning is not cached: a hit would not repeat it */
	if (r->cache_dir && r->keys[i] && !u->truncated && !r->o->verbose && !tried)
		cache_store(r, i, p, u);
	cl_variants_parsed(r->variants[i], u->uses_cuda_arch);
	free(via);
	analyze_free(u);
	ir_unit_free(u);
}

/* Parses and checks file I, appending to FO and XO; stores the results in
 * the result cache when the file has a key. */
static void analyse(struct run *r, int i, struct cl_findings *fo, struct cl_failures *xo)
{
	const char *file = r->files[i];
	struct popts *pp = popts_of(r, i);
	struct parser *p = parser_for(r, pp);
	if (!p->p) {
		errorf(file, p->err);
		cl_failures_add(xo, file, p->err);
		return;
	}
	test_crash_hook(file);
	/* the time limit covers the parse, the includers' parses and the
	 * analysis: a pathological kernel can be slow in any of them; the
	 * precompiled header is built (or waited for) before, off the clock */
	cl_parser_prepare(p->p);
	guard_file(file);
	analyse_guarded(r, i, p, fo, xo);
	guard_file(NULL);
}

/* File I under each of its builds (variants.h), their results merged into
 * FO and XO. */
static void analyse_file(struct run *r, int i, struct cl_findings *fo, struct cl_failures *xo)
{
	struct cl_variants *vs = variants_of(r, i);
	int k, nanalysed = 0;
	while ((k = cl_variants_next(vs)) >= 0) {
		analyse(r, i, &vs->v[k].f, &vs->v[k].x);
		nanalysed++;
		if (vs->n > 1 && vs->v[k].x.n) { /* the error lines above do not say which build */
			char *name = cl_variants_name(vs, k);
			cl_eprintf("cudalint: note: %s: that failure is in its configuration %s\n", r->files[i], name);
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
	char *s = cl_results_serialise(f.v, f.n, &x);
	*len = strlen(s);
	cl_findings_free(&f);
	cl_failures_free(&x);
	return s;
}

/* In the parent: file I's results, or the news that its worker died. */
static void done_one(int i, const char *payload, size_t len, const char *crash, void *arg)
{
	struct run *r = arg;
	struct file_result *fr = &r->res[i];
	char msg[PATH_MAX + 300];
	if (crash) {
		snprintf(msg, sizeof msg, "worker crashed on %s (%s); not analysed", r->files[i], crash);
	} else {
		char err[256];
		if (cl_results_parse(payload, len, &fr->f, &fr->x, err, sizeof err) == 0)
			return;
		snprintf(msg, sizeof msg, "the worker's results could not be read (%s); not analysed", err);
	}
	errorf(r->files[i], msg);
	cl_failures_add(&fr->x, r->files[i], msg);
}

/* Every file, through the result cache, in worker processes when -j asks
 * for more than one; then the results are merged in file order. */
static void analyse_all(struct run *r)
{
	const struct options *o = r->o;
	int jobs = o->jobs < 0 ? cl_online_cpus() : o->jobs > 0 ? o->jobs : 1;
	if (o->dump_ir)
		jobs = 1; /* dumps of several files must not interleave */
	r->variants = xcalloc((size_t)r->nfiles + 1, sizeof *r->variants);
	r->keys = xcalloc((size_t)r->nfiles + 1, sizeof *r->keys);
	r->res = xcalloc((size_t)r->nfiles + 1, sizeof *r->res);

	static char dir[PATH_MAX];
	if (o->cache_results && !o->no_cache && !o->dump_ir && cl_rcache_dir(dir, sizeof dir) == 0) {
		r->cache_dir = dir;
		cl_rcache_sweep(dir);
	}
	int *todo = xcalloc((size_t)r->nfiles + 1, sizeof *todo), ntodo = 0;
	if (r->cache_dir) {
		struct cl_hash base;
		key_base(o, &base);
		for (int i = 0; i < r->nfiles; i++) {
			r->keys[i] = file_key(r, &base, i);
			if (r->keys[i] && cl_rcache_lookup(r->cache_dir, r->keys[i], &r->res[i].f, &r->res[i].x))
				continue;
			todo[ntodo++] = i;
		}
	} else {
		for (int i = 0; i < r->nfiles; i++)
			todo[ntodo++] = i;
	}

	if (jobs > 1 && ntodo > 1) {
		/* The precompiled toolkit header of the first file's options,
		 * built before the workers fork: they inherit it, instead of all
		 * waiting for one of them to build it (or, when it cannot be
		 * built, each failing again). */
		struct parser *first = parser_for(r, popts_of(r, todo[0]));
		if (first->p)
			cl_parser_prepare(first->p);
		struct cl_pool_ops ops = { work_one, done_one, r };
		unsigned char *not_run = xcalloc((size_t)ntodo, 1);
		cl_pool_run(todo, ntodo, jobs, &ops, not_run);
		for (int k = 0; k < ntodo; k++)
			if (not_run[k]) /* no worker could be forked: do it here */
				analyse_file(r, todo[k], &r->res[todo[k]].f, &r->res[todo[k]].x);
		free(not_run);
	} else {
		for (int k = 0; k < ntodo; k++)
			analyse_file(r, todo[k], &r->res[todo[k]].f, &r->res[todo[k]].x);
	}
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
			cl_variants_free(r->variants[i], popts_free);
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

/* A file the run analysed may also be included by another (llm.c's tests
 * include its training programs): its findings from there are written as
 * the run was given the file, so that they merge with its own. */
static void given_spellings(struct run *r)
{
	const char **canon = xcalloc((size_t)r->nfiles + 1, sizeof *canon);
	for (int i = 0; i < r->nfiles; i++)
		canon[i] = header_path(r->files[i]);
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
			const char *c = header_path(ps[j]->file);
			for (int i = 0; i < r->nfiles; i++)
				if (canon[i] == c) {
					ps[j]->file = cl_intern(r->files[i]);
					break;
				}
		}
	}
	for (size_t k = 0; k < r->failures.n; k++) {
		struct cl_failure *x = &r->failures.v[k];
		const char *c = x->function ? header_path(x->file) : NULL;
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
static int report_unanalysed(struct run *r)
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
	for (size_t i = 0; i < r->failures.nsum; i++) {
		const struct cl_file_summary *s = &r->failures.sum[i];
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
static int failures_fail(struct run *r)
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
static int suppress(struct run *r)
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
	/* the reader left early (`cudalint ... | head -1`), as it may: SIGPIPE
	 * is ignored (main.c), and the exit status stays that of the findings */
	if (rc < 0 && to_stdout && errno == EPIPE)
		return 0;
	if (rc < 0)
		errorf(to_stdout ? "<stdout>" : o->output, strerror(errno ? errno : EIO));
	return rc;
}

/* Whether OUT (a report or baseline to write) is one of the files to
 * analyse, whatever the spelling or symlinks: writing it would replace a
 * source file with the report. */
static int is_an_input(const char *out, const struct file_list *files)
{
	struct stat so, si;
	if (!out || !strcmp(out, "-") || stat(out, &so) != 0)
		return 0;
	for (int i = 0; i < files->n; i++)
		if (stat(files->v[i], &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
			return 1;
	return 0;
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
	free(r->cfg_of);
	free(r->files);
	cl_findings_free(&r->findings);
	cl_failures_free(&r->failures);
}

int cl_run(const struct options *o)
{
	struct run run = { .o = o }, *r = &run;
	struct cl_baseline base = { 0 };
	struct file_list files = { 0 };
	int status = 2;
	char err[1024];
	clock_gettime(CLOCK_REALTIME, &r->t0);
	r->t0.tv_sec -= 1; /* file system clocks are coarse */

	r->defaults = xcalloc(1, sizeof *r->defaults);
	cl_config_init(&r->defaults->c);
	if (finish_cfg(r, r->defaults) < 0)
		goto out;
	if (o->config && !(r->fixed = load_cfg(r, o->config)))
		goto out;
	if (o->compile_commands && !(r->db = compdb_open(o->compile_commands, err, sizeof err))) {
		errorf(NULL, err);
		goto out;
	}
	if (o->baseline && cl_baseline_load(o->baseline, &base, err, sizeof err) < 0) {
		errorf(NULL, err);
		goto out;
	}

	/* files and their configurations */
	for (int i = 0; i < o->npaths; i++) {
		size_t failed = r->failures.n;
		if (files_add(&files, o->paths[i], path_problem, r) == 0 && r->failures.n == failed)
			/* as ruff: a warning, for a directory may hold host code only */
			cl_eprintf("cudalint: warning: %s: no .cu or .cuh file in this directory\n", o->paths[i]);
	}
	const char *const outs[2][2] = { { "-o", o->output }, { "--write-baseline", o->write_baseline } };
	for (int k = 0; k < 2; k++) {
		if (!is_an_input(outs[k][1], &files))
			continue;
		char msg[PATH_MAX + 100];
		snprintf(msg, sizeof msg, "%s %s is one of the files to analyse; refusing to overwrite it", outs[k][0],
		         outs[k][1]);
		errorf(NULL, msg);
		goto out;
	}
	r->cfg_of = xcalloc((size_t)files.n + 1, sizeof *r->cfg_of);
	r->files = xcalloc((size_t)files.n + 1, sizeof *r->files);
	for (int i = 0; i < files.n; i++) {
		struct cfg *g = cfg_for(r, files.v[i]);
		if (!g)
			goto out;
		if (!cl_config_path_included(&g->c, files.v[i]))
			continue;
		r->cfg_of[r->nfiles] = g;
		r->files[r->nfiles++] = files.v[i];
	}

	analyse_all(r);
	parsers_free(r);
	compdb_free(r->db);
	r->db = NULL;
	given_spellings(r);
	if (report_unanalysed(r) < 0)
		goto out;

	if (suppress(r) < 0)
		goto out;
	cl_findings_sort(&r->findings);
	cl_findings_dedupe(&r->findings);

	status = 0;
	if (o->baseline) {
		const struct cl_baseline_entry **stale = NULL;
		size_t nstale = 0;
		if (cl_baseline_apply(&base, &r->findings, o->srcroot, &stale, &nstale) < 0) {
			errorf(o->baseline, "out of memory");
			status = 2;
			goto out;
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
			cl_eprintf("cudalint: note: %s: wrote %zu finding%s\n", o->write_baseline, n,
			        n == 1 ? "" : "s");
		}
	}

	if (write_report(r) < 0)
		status = 2;
	if (failures_fail(r))
		status = 2;
	for (size_t i = 0; i < r->findings.n && !status; i++) {
		const struct cl_finding *f = &r->findings.v[i];
		struct cfg *g = f->suppressed ? NULL : cfg_for(r, f->pos.file);
		if (g && f->level >= g->fail_on)
			status = 1;
	}
out:
	run_free(r);
	cl_baseline_free(&base);
	files_free(&files);
	return status;
}
