/* text.c - the text reporter (report/text.h). */
#include "report/text.h"
#include "control/suppress.h"
#include "rule.h"
#include "util/srctext.h"
#include "util/utf8.h"

#include <stdlib.h>

#include <string.h>


static const char *level_color(enum cl_level l)
{
	return l == CL_LEVEL_ERROR ? "\033[1;31m" : l == CL_LEVEL_NOTE ? "\033[1;36m" : "\033[1;35m";
}

static void snippet(FILE *out, struct cl_srctext *st, const struct cl_pos *p, const struct text_opts *o)
{
	size_t len;
	const char *line = st && p->file ? cl_srctext_line(st, p->file, p->line, &len) : NULL;
	if (!line)
		return;
	char *clean = cl_text_clean(line, len, CL_TEXT_KEEP_TABS);
	fprintf(out, "%s\n", clean);
	free(clean);
	/* the caret goes under the byte column of the line as printed (an
	 * escaped <U+202E> is wider than its bytes); keep tabs so it lines up */
	size_t before = p->col > 1 ? p->col - 1 : 0;
	char *prefix = cl_text_clean(line, before < len ? before : len, CL_TEXT_KEEP_TABS);
	for (const char *c = prefix; *c; c++)
		fputc(*c == '\t' ? '\t' : ' ', out);
	free(prefix);
	fprintf(out, "%s^%s\n", o->color ? "\033[1;32m" : "", o->color ? "\033[0m" : "");
}

static void location(FILE *out, struct cl_srctext *st, const struct cl_pos *p, enum cl_level l, const char *msg,
                     const char *tag, const struct text_opts *o)
{
	const char *f = p->file ? p->file : "<unknown>";
	/* a file name or an edited cache entry can hold anything */
	char *file = cl_text_clean(f, strlen(f), 0), *m = cl_text_clean(msg, strlen(msg), 0);
	msg = m;
	if (o->color)
		fprintf(out, "\033[1m%s:%u:%u: %s%s:\033[0m\033[1m %s", file, p->line, p->col, level_color(l),
		        cl_level_name(l), msg);
	else
		fprintf(out, "%s:%u:%u: %s: %s", file, p->line, p->col, cl_level_name(l), msg);
	if (tag)
		fprintf(out, " %s", tag);
	fprintf(out, "%s\n", o->color ? "\033[0m" : "");
	free(file);
	free(m);
	if (o->snippets)
		snippet(out, st, p, o);
}

int cl_report_text(FILE *out, const struct cl_findings *f, const struct text_opts *o)
{
	char tag[160];
	struct cl_srctext *st = o->snippets ? cl_srctext_new() : NULL;
	for (size_t i = 0; i < f->n; i++) {
		const struct cl_finding *x = &f->v[i];
		if (x->suppressed && !o->show_suppressed)
			continue;
		snprintf(tag, sizeof tag, "[%s %s]%s", x->rule->id, x->rule->name,
		         x->suppressed == CL_SUPPRESSED_BASELINE ? " (in baseline)"
		         : x->suppressed                         ? " (suppressed)"
		                                                 : "");
		location(out, st, &x->pos, x->level, x->message, tag, o);
		if (x->fix.nedits && !x->suppressed) {
			char *d = cl_text_clean(x->fix.description, strlen(x->fix.description), 0);
			fprintf(out, "  %shelp:%s %s (%s)\n", o->color ? "\033[1;32m" : "", o->color ? "\033[0m" : "", d,
			        x->fix.safe ? "--fix" : "unsafe: --fix --unsafe-fixes");
			free(d);
		}
		for (int j = 0; j < x->nnotes; j++)
			location(out, st, &x->notes[j].pos, CL_LEVEL_NOTE, x->notes[j].message, NULL, o);
	}
	cl_srctext_free(st);
	return ferror(out) ? -1 : 0;
}
