/* variants.c - see variants.h.
 *
 * The message suffix names the labels (a variant's flags and architecture)
 * that set apart the variants where a finding appears (S) from those where
 * it does not, among the variants that count (U): a label that every
 * variant has says nothing and is never named. In order of preference:
 *   labels every variant of S has and no other: "only with L..."
 *   labels no variant of S has and every other does: "only without L..."
 *   else each variant of S by its distinguishing labels:
 *   "in k of n configurations: L L; L".
 */
#include "driver/variants.h"
#include "control/results.h"
#include "frontend/frontend.h"
#include "util/regfile.h"
#include "util/srctext.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- building ----------------------------------------------------------- */

static const struct strvec no_args;

static const struct strvec *args_of(const struct cl_variants *vs, int cmd)
{
	return cmd < 0 ? &no_args : &vs->cmds[cmd].args;
}

static int same_args(const struct strvec *a, const struct strvec *b)
{
	if (a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (strcmp(a->v[i], b->v[i]))
			return 0;
	return 1;
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void label_push(struct cl_variant *v, const char *s)
{
	v->label = xrealloc(v->label, (size_t)(v->nlabel + 1) * sizeof *v->label);
	v->label[v->nlabel++] = xstrdup(s);
}

/* The flags as labels: a path option with its path (relative to the current
 * directory when inside it, so that messages do not name the machine),
 * then the architecture. */
static void make_label(struct cl_variant *v, const struct strvec *args)
{
	static const char *const path_opts[] = { "-I", "-isystem", "-include", "-iquote", "-idirafter" };
	for (int i = 0; i < args->n; i++) {
		const char *a = args->v[i];
		size_t k = 0;
		while (k < sizeof path_opts / sizeof *path_opts && strcmp(a, path_opts[k]))
			k++;
		if (k == sizeof path_opts / sizeof *path_opts || i + 1 >= args->n) {
			label_push(v, a);
			continue;
		}
		char rel[PATH_MAX], buf[PATH_MAX + 32];
		const char *p = args->v[++i];
		if (cl_srctext_relpath(p, NULL, rel, sizeof rel) == 1)
			p = rel;
		snprintf(buf, sizeof buf, "%s%s%s", a, k == 0 ? "" : " ", p);
		label_push(v, buf);
	}
	if (v->arch)
		label_push(v, v->arch);
}

/* The variant of CMD and ARCH: an equal one already there, or a new one. */
static int add_variant(struct cl_variants *vs, int cmd, const char *arch)
{
	for (int k = 0; k < vs->n; k++)
		if (same_str(vs->v[k].arch, arch) && same_args(args_of(vs, vs->v[k].cmd), args_of(vs, cmd)))
			return k;
	vs->v = xrealloc(vs->v, (size_t)(vs->n + 1) * sizeof *vs->v);
	struct cl_variant *v = &vs->v[vs->n];
	memset(v, 0, sizeof *v);
	v->cmd = cmd;
	v->arch = arch;
	v->first = vs->n;
	v->by = -1;
	make_label(v, args_of(vs, cmd));
	return vs->n++;
}

void cl_variants_init(struct cl_variants *vs, const char *file, struct compdb_cmd *cmds, int ncmds,
                      const char *arch_override)
{
	memset(vs, 0, sizeof *vs);
	vs->file = file;
	vs->cmds = cmds;
	vs->ncmds = ncmds;
	vs->text_uses_arch = -1;
	if (ncmds <= 0)
		add_variant(vs, -1, arch_override);
	for (int c = 0; c < ncmds; c++) {
		const struct strvec *archs = &cmds[c].archs;
		int n = arch_override || !archs->n ? 1 : archs->n;
		int first = -1;
		for (int a = 0; a < n; a++) {
			int was = vs->n;
			int k = add_variant(vs, c, arch_override ? arch_override : archs->n ? archs->v[a] : NULL);
			if (a == 0) {
				/* a command's first architecture is always analysed, even
				 * where an earlier command has it among its others */
				first = k;
				vs->v[k].first = k;
			} else if (k == was) {
				vs->v[k].first = first;
			}
		}
	}
}

void cl_variants_free(struct cl_variants *vs, void (*free_data)(void *))
{
	for (int k = 0; k < vs->n; k++) {
		struct cl_variant *v = &vs->v[k];
		for (int i = 0; i < v->nlabel; i++)
			free(v->label[i]);
		free(v->label);
		for (size_t i = 0; i < v->f.n; i++) {
			free((char *)v->f.v[i].message);
			for (int j = 0; j < v->f.v[i].nnotes; j++)
				free((char *)v->f.v[i].notes[j].message);
		}
		free(v->f.v);
		cl_failures_free(&v->x);
		if (free_data && v->data)
			free_data(v->data);
	}
	free(vs->v);
	compdb_cmds_free(vs->cmds, vs->ncmds);
	nvcc_strvec_free(&vs->deps);
	nvcc_strvec_free(&vs->probes);
	memset(vs, 0, sizeof *vs);
}

/* ---- which to analyse --------------------------------------------------- */

static int text_uses_arch(struct cl_variants *vs)
{
	if (vs->text_uses_arch >= 0)
		return vs->text_uses_arch;
	vs->text_uses_arch = 0;
	size_t n;
	char why[256];
	char *buf = cl_read_regular(vs->file, "cannot read", CL_SOURCE_MAX - 1, &n, why, sizeof why);
	if (!buf)
		return 0;
	vs->text_uses_arch = cl_text_uses_cuda_arch(buf, n);
	free(buf);
	return vs->text_uses_arch;
}

int cl_variants_next(struct cl_variants *vs)
{
	for (int k = 0; k < vs->n; k++)
		if (vs->v[k].first == k && vs->v[k].by < 0)
			return vs->v[vs->cur = k].by = k;
	for (int k = 0; k < vs->n; k++) {
		struct cl_variant *v = &vs->v[k];
		if (v->by >= 0)
			continue;
		const struct cl_variant *f = &vs->v[v->first];
		if (f->parsed ? f->uses_arch : text_uses_arch(vs))
			return v->by = vs->cur = k;
		v->by = v->first;
	}
	return -1;
}

void cl_variants_parsed(struct cl_variants *vs, int uses_arch)
{
	vs->v[vs->cur].parsed = 1;
	vs->v[vs->cur].uses_arch = uses_arch != 0;
}

void cl_variants_add_dep(struct cl_variants *vs, const char *path)
{
	for (int i = 0; i < vs->deps.n; i++)
		if (!strcmp(vs->deps.v[i], path))
			return;
	nvcc_strvec_push(&vs->deps, path);
}

/* ---- merging ------------------------------------------------------------ */

/* A distinct finding or failure, and the analysed variants that gave it. */
struct seen {
	size_t idx;             /* in the merged output */
	unsigned char *from;    /* per variant: 1 if its analysis gave it */
};

static int has_label(const struct cl_variant *v, const char *l)
{
	for (int i = 0; i < v->nlabel; i++)
		if (!strcmp(v->label[i], l))
			return 1;
	return 0;
}

/* in[k]: variant k counts; sel[k]: ... and the result holds for it */
static int in_all(const struct cl_variants *vs, const unsigned char *in, const unsigned char *sel, int want,
                  const char *l)
{
	for (int k = 0; k < vs->n; k++)
		if (in[k] && sel[k] == want && !has_label(&vs->v[k], l))
			return 0;
	return 1;
}

static int in_none(const struct cl_variants *vs, const unsigned char *in, const unsigned char *sel, int want,
                   const char *l)
{
	for (int k = 0; k < vs->n; k++)
		if (in[k] && sel[k] == want && has_label(&vs->v[k], l))
			return 0;
	return 1;
}

static void cat(char **s, size_t *n, const char *t)
{
	size_t m = strlen(t);
	*s = xrealloc(*s, *n + m + 1);
	memcpy(*s + *n, t, m + 1);
	*n += m;
}

/* The labels, in order of first appearance among the variants that count,
 * that not all of those have. */
static const char **telling_labels(const struct cl_variants *vs, const unsigned char *in, int *nout)
{
	const char **t = NULL;
	int n = 0;
	for (int k = 0; k < vs->n; k++) {
		for (int i = 0; in[k] && i < vs->v[k].nlabel; i++) {
			const char *l = vs->v[k].label[i];
			int dup = 0;
			for (int j = 0; j < n && !dup; j++)
				dup = !strcmp(t[j], l);
			int everywhere = 1;
			for (int j = 0; j < vs->n && everywhere; j++)
				everywhere = !in[j] || has_label(&vs->v[j], l);
			if (!dup && !everywhere) {
				t = xrealloc(t, (size_t)(n + 1) * sizeof *t);
				t[n++] = l;
			}
		}
	}
	*nout = n;
	return t;
}

/* Appends variant K by the telling labels T it has ("-DFOO=1 sm_90"; WITH:
 * "with -DFOO=1 sm_90"), or, having none, by those it lacks ("without
 * -DFOO=1"). */
static void name_variant(const struct cl_variants *vs, const char **t, int nt, int k, int with, char **s,
                         size_t *n)
{
	int named = 0;
	for (int i = 0; i < nt; i++)
		if (has_label(&vs->v[k], t[i])) {
			cat(s, n, named++ ? " " : with ? "with " : "");
			cat(s, n, t[i]);
		}
	for (int i = 0; !named && i < nt; i++) {
		cat(s, n, i ? " " : "without ");
		cat(s, n, t[i]);
	}
}

char *cl_variants_name(const struct cl_variants *vs, int k)
{
	unsigned char *in = xcalloc((size_t)vs->n + 1, 1);
	memset(in, 1, (size_t)vs->n);
	int nt;
	const char **t = telling_labels(vs, in, &nt);
	char *s = NULL;
	size_t n = 0;
	cat(&s, &n, "");
	name_variant(vs, t, nt, k, 1, &s, &n);
	free(t);
	free(in);
	return s;
}

/* " (only with -DFOO=1)" and the like, or NULL when SEL holds every
 * variant that counts (IN). */
static char *suffix(const struct cl_variants *vs, const unsigned char *in, const unsigned char *sel)
{
	int nin = 0, nsel = 0;
	for (int k = 0; k < vs->n; k++) {
		nin += in[k];
		nsel += in[k] && sel[k];
	}
	if (nsel == nin || nsel == 0)
		return NULL;
	int nt;
	const char **t = telling_labels(vs, in, &nt);
	char *s = NULL;
	size_t n = 0;
	for (int pass = 0; pass < 2 && !s; pass++) {
		/* pass 0: labels all of SEL have and none of the rest; pass 1: the reverse */
		for (int i = 0; i < nt; i++) {
			if (!in_all(vs, in, sel, !pass, t[i]) || !in_none(vs, in, sel, pass, t[i]))
				continue;
			cat(&s, &n, s ? " " : pass ? " (only without " : " (only with ");
			cat(&s, &n, t[i]);
		}
	}
	if (!s) {
		char head[64];
		snprintf(head, sizeof head, " (in %d of %d configurations: ", nsel, nin);
		cat(&s, &n, head);
		int any = 0;
		for (int k = 0; k < vs->n; k++) {
			if (!in[k] || !sel[k])
				continue;
			cat(&s, &n, any++ ? "; " : "");
			name_variant(vs, t, nt, k, 0, &s, &n);
		}
	}
	cat(&s, &n, ")");
	free(t);
	return s;
}

/* One finding per rule and place, whatever the messages say: two builds
 * whose messages differ at one place (a macro's value quoted, another
 * suggested fix) would otherwise report one bug twice with two fixes. The
 * first variant's message wins (docs/cli.md, "Variants"). */
static int same_finding(const struct cl_finding *a, const struct cl_finding *b)
{
	return a->rule == b->rule && same_str(a->pos.file, b->pos.file) && a->pos.line == b->pos.line &&
	       a->pos.col == b->pos.col;
}

static char *with_suffix(const char *msg, const char *sfx)
{
	size_t a = strlen(msg ? msg : ""), b = strlen(sfx);
	char *s = xmalloc(a + b + 1);
	memcpy(s, msg ? msg : "", a);
	memcpy(s + a, sfx, b + 1);
	return s;
}

/* sel[k] for the variants whose results come from an analysis in FROM */
static void holds_for(const struct cl_variants *vs, const unsigned char *from, unsigned char *sel)
{
	for (int k = 0; k < vs->n; k++)
		sel[k] = vs->v[k].by >= 0 && from[vs->v[k].by];
}

void cl_variants_merge(struct cl_variants *vs, struct cl_findings *fo, struct cl_failures *xo)
{
	int n = vs->n;
	unsigned char *in = xcalloc((size_t)n + 1, 1), *sel = xcalloc((size_t)n + 1, 1);
	struct seen *seen = NULL;
	size_t nseen = 0;

	/* findings: each distinct one once, in the order of the variants */
	for (int a = 0; a < n; a++) {
		struct cl_variant *v = &vs->v[a];
		for (size_t i = 0; i < v->f.n; i++) {
			struct cl_finding *f = &v->f.v[i];
			size_t s = 0;
			while (s < nseen && !same_finding(&fo->v[seen[s].idx], f))
				s++;
			if (s < nseen) {
				free((char *)f->message);
				for (int j = 0; j < f->nnotes; j++)
					free((char *)f->notes[j].message);
			} else {
				CL_VEC_GROW(fo->v, fo->n, fo->cap);
				fo->v[fo->n] = *f; /* the messages move with it */
				seen = xrealloc(seen, (nseen + 1) * sizeof *seen);
				seen[nseen++] = (struct seen){ fo->n++, xcalloc((size_t)n + 1, 1) };
			}
			seen[s].from[a] = 1;
		}
		free(v->f.v);
		v->f = (struct cl_findings){ 0 };
	}
	/* a finding counts among the variants that parsed */
	for (int k = 0; k < n; k++)
		in[k] = vs->v[k].by >= 0 && vs->v[vs->v[k].by].parsed;
	for (size_t s = 0; s < nseen; s++) {
		holds_for(vs, seen[s].from, sel);
		char *sfx = suffix(vs, in, sel);
		struct cl_finding *f = &fo->v[seen[s].idx];
		if (sfx) {
			char *m = with_suffix(f->message, sfx);
			free((char *)f->message);
			f->message = m;
			free(sfx);
		}
		free(seen[s].from);
	}
	nseen = 0;

	/* failures: the same, among all variants */
	struct cl_failures all = { 0 };
	int summarised = 0;
	for (int a = 0; a < n; a++) {
		struct cl_variant *v = &vs->v[a];
		/* how much of the file was analysed: as the first build saw it */
		for (size_t i = 0; i < v->x.nsum && !summarised; i++)
			cl_failures_summary(xo, &v->x.sum[i]);
		summarised |= v->x.nsum > 0;
		for (size_t i = 0; i < v->x.n; i++) {
			const struct cl_failure *x = &v->x.v[i];
			size_t s = 0;
			while (s < nseen && !(same_str(all.v[seen[s].idx].file, x->file) &&
			                      same_str(all.v[seen[s].idx].function, x->function) &&
			                      !strcmp(all.v[seen[s].idx].reason, x->reason)))
				s++;
			if (s == nseen) {
				cl_failures_add_fn(&all, x->file, x->function, x->line, x->col, x->reason);
				seen = xrealloc(seen, (nseen + 1) * sizeof *seen);
				seen[nseen++] = (struct seen){ all.n - 1, xcalloc((size_t)n + 1, 1) };
			}
			seen[s].from[a] = 1;
		}
		cl_failures_free(&v->x);
	}
	for (int k = 0; k < n; k++)
		in[k] = vs->v[k].by >= 0;
	for (size_t s = 0; s < nseen; s++) {
		holds_for(vs, seen[s].from, sel);
		char *sfx = suffix(vs, in, sel);
		const struct cl_failure *x = &all.v[seen[s].idx];
		if (sfx) {
			char *m = with_suffix(x->reason, sfx);
			cl_failures_add_fn(xo, x->file, x->function, x->line, x->col, m);
			free(m);
			free(sfx);
		} else {
			cl_failures_add_fn(xo, x->file, x->function, x->line, x->col, x->reason);
		}
		free(seen[s].from);
	}
	cl_failures_free(&all);
	free(seen);
	free(in);
	free(sel);
}
