#include "report/text.h"
#include "rules.h"
#include "util/source.h"

#include <string.h>

const char *cl_level_name(enum cl_level l)
{
	return l == CL_LEVEL_ERROR ? "error" : l == CL_LEVEL_NOTE ? "note" : "warning";
}

static const char *level_color(enum cl_level l)
{
	return l == CL_LEVEL_ERROR ? "\033[1;31m" : l == CL_LEVEL_NOTE ? "\033[1;36m" : "\033[1;35m";
}

static void snippet(FILE *out, const struct cl_pos *p, const struct text_opts *o)
{
	size_t len;
	const char *line = source_line(p->file, p->line, &len);
	if (!line)
		return;
	fprintf(out, "%.*s\n", (int)len, line);
	/* the caret goes under the byte column; keep tabs so it lines up */
	for (unsigned i = 0; i + 1 < p->col && i < len; i++)
		fputc(line[i] == '\t' ? '\t' : ' ', out);
	fprintf(out, "%s^%s\n", o->color ? "\033[1;32m" : "", o->color ? "\033[0m" : "");
}

static void location(FILE *out, const struct cl_pos *p, enum cl_level l, const char *msg, const char *tag,
                     const struct text_opts *o)
{
	if (o->color)
		fprintf(out, "\033[1m%s:%u:%u: %s%s:\033[0m\033[1m %s", p->file, p->line, p->col, level_color(l),
		        cl_level_name(l), msg);
	else
		fprintf(out, "%s:%u:%u: %s: %s", p->file, p->line, p->col, cl_level_name(l), msg);
	if (tag)
		fprintf(out, " %s", tag);
	fprintf(out, "%s\n", o->color ? "\033[0m" : "");
	if (o->snippets)
		snippet(out, p, o);
}

void report_text(FILE *out, const struct cl_findings *f, const struct text_opts *o)
{
	char tag[128];
	for (size_t i = 0; i < f->n; i++) {
		const struct cl_finding *x = &f->v[i];
		if (x->suppressed && !o->show_suppressed)
			continue;
		snprintf(tag, sizeof tag, "[%s %s]%s", x->rule->id, x->rule->name, x->suppressed ? " (suppressed)" : "");
		location(out, &x->pos, x->level, x->message, tag, o);
		for (int j = 0; j < x->nnotes; j++)
			location(out, &x->notes[j].pos, CL_LEVEL_NOTE, x->notes[j].message, NULL, o);
	}
}
