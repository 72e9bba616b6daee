/* suppress.c - inline suppressions (see suppress.h for the syntax): the
 * comments of each file are read into line ranges (suppress_scan.c),
 * findings are matched against them, and an entry that matched nothing is
 * unused (CL0001). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/suppress.h"
#include "control/suppress_internal.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "util/srctext.h"
#include "util/utf8.h"
#include "util/vec.h"
#include "util/xalloc.h"

/* CL0001 messages, alive until cl_suppress_free. */
static char **pool;
static size_t npool, cappool;

char *suppress_pool_fmt(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	cl_text_sanitize(s, 0); /* it may quote the comment, which may hold anything */
	CL_VEC_PUSH(pool, npool, cappool, s);
	return s;
}

void cl_suppress_free(void)
{
	for (size_t i = 0; i < npool; i++)
		free(pool[i]);
	free(pool);
	pool = NULL;
	npool = cappool = 0;
}


static struct sfile *find_file(struct sfile *v, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].path, path) == 0)
			return &v[i];
	char abs[PATH_MAX];
	if (cl_srctext_abspath(path, abs, sizeof abs) < 0)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].abs, abs) == 0)
			return &v[i];
	return NULL;
}

/* Matches finding FD against the suppressions of SF; marks the entries
 * that match as used. Returns 1 if any suppression covers it. */
static int covers(struct sfile *sf, struct cl_finding *fd, int mark)
{
	int hit = 0;
	for (size_t i = 0; i < sf->ns; i++) {
		struct supp *s = &sf->s[i];
		if (fd->pos.line < s->first || fd->pos.line > s->last)
			continue;
		if (s->all) {
			hit = 1;
			if (mark) {
				s->used = 1;
				if (s->reason && !fd->justification)
					fd->justification = s->reason;
			}
			continue;
		}
		for (size_t j = 0; j < s->ne; j++)
			if (suppress_entry_matches(&s->e[j], fd->rule)) {
				hit = 1;
				if (mark) {
					s->e[j].used = 1;
					if (s->reason && !fd->justification)
						fd->justification = s->reason; /* SARIF's justification */
				}
			}
	}
	return hit;
}

static void append(struct cl_findings *out, const struct cl_rule *r, const char *file,
		   unsigned line, unsigned col, const char *msg)
{
	CL_VEC_GROW(out->v, out->n, out->cap);
	struct cl_finding *fd = &out->v[out->n++];
	memset(fd, 0, sizeof *fd);
	fd->rule = r;
	fd->level = r->level;
	fd->pos.file = file;
	fd->pos.line = line;
	fd->pos.col = col;
	fd->message = msg;
}

int cl_suppress_apply(struct cl_findings *f, const char *const *files, size_t nfiles,
		      int flags, struct cl_findings *extra_out)
{
	const struct cl_rule *unused_rule = &cl_rules[RULE_CL0001];
	if (flags && !extra_out)
		return -1;

	/* The files to read: the analysed ones, then any other file a finding lies in. */
	struct sfile *sf = NULL;
	size_t nsf = 0, capsf = 0;
	for (size_t k = 0; k < nfiles + f->n; k++) {
		const char *p = k < nfiles ? files[k] : f->v[k - nfiles].pos.file;
		if (!p || find_file(sf, nsf, p))
			continue;
		CL_VEC_GROW(sf, nsf, capsf);
		struct sfile *s = &sf[nsf++];
		memset(s, 0, sizeof *s);
		s->path = p;
		if (cl_srctext_abspath(p, s->abs, sizeof s->abs) < 0)
			s->abs[0] = '\0';
	}

	struct cl_srctext *st = cl_srctext_new();
	for (size_t k = 0; k < nsf; k++) {
		size_t len;
		const char *text = st ? cl_srctext_file(st, sf[k].path, &len) : NULL;
		if (!text)
			continue;
		suppress_scan(&sf[k], text, len);
	}
	cl_srctext_free(st);

	for (size_t i = 0; i < f->n; i++) {
		struct cl_finding *fd = &f->v[i];
		if (!fd->pos.file || !fd->rule)
			continue;
		struct sfile *s = find_file(sf, nsf, fd->pos.file);
		if (s && covers(s, fd, 1))
			fd->suppressed = CL_SUPPRESSED_INSOURCE;
	}

	int added = 0;
	size_t first_new = extra_out ? extra_out->n : 0;
	for (size_t k = 0; k < nsf && flags; k++) {
		struct sfile *s = &sf[k];
		if (flags & CL_SUPPRESS_REPORT_MALFORMED)
			for (size_t i = 0; i < s->nb; i++, added++)
				append(extra_out, unused_rule, s->path, s->b[i].line, s->b[i].col, s->b[i].message);
		if (!(flags & CL_SUPPRESS_REPORT_UNUSED))
			continue;
		for (size_t i = 0; i < s->ns; i++) {
			struct supp *p = &s->s[i];
			if (p->all && !p->quiet && !p->used) {
				append(extra_out, unused_rule, s->path, p->line, p->col,
				       suppress_pool_fmt("Suppression comment silences no finding; remove it."));
				added++;
			}
			for (size_t j = 0; j < p->ne; j++) {
				struct entry *e = &p->e[j];
				if (e->used || (e->rule && e->rule == unused_rule))
					continue;
				if (e->rule)
					append(extra_out, unused_rule, s->path, p->line, p->col,
					       suppress_pool_fmt("Suppression of %s (%s) silences no finding; remove it.",
							e->rule->id, e->rule->name));
				else
					append(extra_out, unused_rule, s->path, p->line, p->col,
					       suppress_pool_fmt("Suppression of '%s' silences no finding; remove it.", e->pattern));
				added++;
			}
		}
	}
	/* CL0001 findings obey ignore[CL0001] comments too (without marking them used). */
	for (size_t i = first_new; extra_out && i < extra_out->n; i++) {
		struct sfile *s = find_file(sf, nsf, extra_out->v[i].pos.file);
		if (s && covers(s, &extra_out->v[i], 0))
			extra_out->v[i].suppressed = CL_SUPPRESSED_INSOURCE;
	}

	for (size_t k = 0; k < nsf; k++)
		suppress_sfile_free(&sf[k]);
	free(sf);
	return added;
}
