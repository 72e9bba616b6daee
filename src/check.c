/* check.c - the reporting side of rules. It knows a rule by its shape
 * (rule.h) only: the table and the dispatch are rules/'s. */
#include "check.h"
#include "analysis/launch.h"
#include "util/htab.h"
#include "util/utf8.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every file name and function name of every finding passes here, once
 * per finding: a hash table, where a list made a result-cache hit of a
 * file with 1,700 findings cost 300 M instructions of strcmp. Never
 * freed: the strings live as long as the process. */
static struct cl_htab *strings;

const char *cl_intern(const char *s)
{
	if (!s)
		return NULL;
	if (!strings)
		strings = cl_htab_new();
	size_t n = strlen(s);
	void **slot = cl_htab_put(strings, s, n);
	if (!*slot) {
		char *c = xmalloc(n + 1);
		memcpy(c, s, n + 1);
		*slot = c;
	}
	return *slot;
}

const char *cl_level_name(enum cl_level l)
{
	return l == CL_LEVEL_ERROR ? "error" : l == CL_LEVEL_NOTE ? "note" : "warning";
}

static char *vformat(const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	char *p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	/* messages quote source text, which may hold anything */
	cl_text_sanitize(p, 0);
	return p;
}

static struct cl_pos pos_of(struct cl_ctx *cx, struct ir_loc loc)
{
	struct cl_pos p = { cl_intern(loc.file ? loc.file : cx->path), loc.line, loc.col };
	return p;
}

struct cl_finding *cl_report(struct cl_ctx *cx, const struct cl_rule *r, struct ir_loc loc, const char *fmt, ...)
{
	struct cl_findings *o = cx->out;
	CL_VEC_GROW(o->v, o->n, o->cap);
	struct cl_finding *f = &o->v[o->n++];
	memset(f, 0, sizeof *f);
	f->rule = r;
	f->level = cx->levels ? cx->levels[r->index] : r->level;
	f->pos = pos_of(cx, loc);
	f->function = cx->fn ? cl_intern(cx->fn->name) : NULL;
	va_list ap;
	va_start(ap, fmt);
	f->message = vformat(fmt, ap);
	va_end(ap);
	/* position for notes */
	f->notes[0].pos.file = NULL;
	return f;
}

void cl_launch_note(struct cl_finding *f, struct ir_loc launch, const char *why)
{
	char cite[256];
	launch_cite(launch, cite, sizeof cite);
	if (!cite[0])
		return;
	/* the sentence ends with where the launch is: "...; add a barrier
	 * (with the launch at host.cu:88)" */
	size_t n = strlen(f->message) + strlen(cite) + 1;
	char *m = xmalloc(n);
	snprintf(m, n, "%s%s", f->message, cite);
	cl_text_sanitize(m, 0); /* a configuration's file name may hold anything */
	free((char *)f->message);
	f->message = m;
	cl_note(f, launch, "%s", why);
}

void cl_note(struct cl_finding *f, struct ir_loc loc, const char *fmt, ...)
{
	if (f->nnotes >= CL_MAX_NOTES)
		return;
	struct cl_note *n = &f->notes[f->nnotes++];
	n->pos.file = cl_intern(loc.file);
	n->pos.line = loc.line;
	n->pos.col = loc.col;
	va_list ap;
	va_start(ap, fmt);
	n->message = vformat(fmt, ap);
	va_end(ap);
}

struct call_walk {
	struct cl_ctx *cx;
	const struct ir_func *f;
	void (*fn)(struct cl_ctx *, const struct ir_func *, const struct ir_expr *, void *);
	void *arg;
};

static int each_call(const struct ir_expr *e, void *p)
{
	struct call_walk *w = p;
	if (e->kind == EK_CALL)
		w->fn(w->cx, w->f, e, w->arg);
	return 0;
}

void cl_for_each_function(struct cl_ctx *cx, const struct ir_unit *u,
                          void (*fn)(struct cl_ctx *, const struct ir_func *, void *), void *arg)
{
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *f = u->funcs[i];
		if (!f->analysed)
			continue;
		cx->fn = f;
		fn(cx, f, arg);
	}
	cx->fn = NULL;
}

struct calls_of { void (*fn)(struct cl_ctx *, const struct ir_func *, const struct ir_expr *, void *); void *arg; };

static void calls_in_function(struct cl_ctx *cx, const struct ir_func *f, void *p)
{
	struct calls_of *co = p;
	struct call_walk w = { cx, f, co->fn, co->arg };
	ir_walk_stmt_exprs(f->body, each_call, &w);
}

void cl_for_each_call(struct cl_ctx *cx, const struct ir_unit *u,
                      void (*fn)(struct cl_ctx *, const struct ir_func *, const struct ir_expr *, void *), void *arg)
{
	struct calls_of co = { fn, arg };
	cl_for_each_function(cx, u, calls_in_function, &co);
}

static int cmp_finding(const void *a, const void *b)
{
	const struct cl_finding *x = a, *y = b;
	int c = strcmp(x->pos.file, y->pos.file);
	if (c)
		return c;
	if (x->pos.line != y->pos.line)
		return x->pos.line < y->pos.line ? -1 : 1;
	if (x->pos.col != y->pos.col)
		return x->pos.col < y->pos.col ? -1 : 1;
	if ((c = strcmp(x->rule->id, y->rule->id)))
		return c;
	/* a total order, so every run prints the same report */
	if ((c = strcmp(x->message, y->message)))
		return c;
	if ((c = strcmp(x->function ? x->function : "", y->function ? y->function : "")))
		return c;
	/* the same finding reached from two files differs in its notes */
	for (int i = 0; i < x->nnotes && i < y->nnotes; i++) {
		const struct cl_note *na = &x->notes[i], *nb = &y->notes[i];
		if ((c = strcmp(na->pos.file ? na->pos.file : "", nb->pos.file ? nb->pos.file : "")))
			return c;
		if (na->pos.line != nb->pos.line)
			return na->pos.line < nb->pos.line ? -1 : 1;
		if ((c = strcmp(na->message, nb->message)))
			return c;
	}
	return x->nnotes - y->nnotes;
}

/* Equal but for their notes: one finding in a header that several
 * analysed files include. */
static int same_finding(const struct cl_finding *x, const struct cl_finding *y)
{
	return x->rule == y->rule && x->pos.line == y->pos.line && x->pos.col == y->pos.col &&
	       !strcmp(x->pos.file, y->pos.file) && !strcmp(x->message, y->message) &&
	       !strcmp(x->function ? x->function : "", y->function ? y->function : "") &&
	       x->suppressed == y->suppressed;
}

void cl_findings_dedupe(struct cl_findings *f)
{
	size_t k = 0;
	for (size_t i = 0; i < f->n; i++) {
		if (k && same_finding(&f->v[k - 1], &f->v[i])) {
			free((char *)f->v[i].message);
			for (int j = 0; j < f->v[i].nnotes; j++)
				free((char *)f->v[i].notes[j].message);
			continue;
		}
		f->v[k++] = f->v[i];
	}
	f->n = k;
}

void cl_findings_sort(struct cl_findings *f)
{
	if (f->n > 1)
		qsort(f->v, f->n, sizeof *f->v, cmp_finding);
}

void cl_findings_free(struct cl_findings *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free((char *)f->v[i].message);
		for (int j = 0; j < f->v[i].nnotes; j++)
			free((char *)f->v[i].notes[j].message);
	}
	free(f->v);
	f->v = NULL;
	f->n = f->cap = 0;
}

/* ---- fixes ----------------------------------------------------------------------- */

static struct cl_pos fix_pos(struct cl_ctx *cx, struct ir_point p)
{
	struct cl_pos r = { cl_intern(cx->path), p.line, p.col };
	return r;
}

void cl_fix_begin(struct cl_finding *f, int safe, const char *fmt, ...)
{
	memset(&f->fix, 0, sizeof f->fix);
	va_list ap;
	va_start(ap, fmt);
	char *d = vformat(fmt, ap);
	va_end(ap);
	f->fix.description = cl_intern(d);
	free(d);
	f->fix.safe = safe;
}

/* A fix whose edit cannot be made is no fix at all. */
static void fix_drop(struct cl_finding *f)
{
	memset(&f->fix, 0, sizeof f->fix);
}

void cl_fix_edit(struct cl_ctx *cx, struct cl_finding *f, struct ir_point b, struct ir_point e, const char *text)
{
	struct cl_fix *x = &f->fix;
	if (!x->description)
		return;
	/* the edits go into the file the finding is reported in: the
	 * unit's main file */
	if (x->nedits >= CL_MAX_EDITS || e.off < b.off || strcmp(f->pos.file, cl_intern(cx->path)) ||
	    (x->nedits && b.off < x->edits[x->nedits - 1].eoff)) {
		fix_drop(f);
		return;
	}
	struct cl_edit *d = &x->edits[x->nedits++];
	d->b = fix_pos(cx, b);
	d->e = fix_pos(cx, e);
	d->boff = b.off;
	d->eoff = e.off;
	d->text = cl_intern(text);
}

void cl_fix_replace(struct cl_ctx *cx, struct cl_finding *f, struct ir_range r, const char *text)
{
	if (!r.ok)
		fix_drop(f);
	else
		cl_fix_edit(cx, f, r.b, r.e, text);
}

int cl_fix_done(struct cl_finding *f)
{
	if (!f->fix.description || !f->fix.nedits) {
		fix_drop(f);
		return 0;
	}
	return 1;
}
