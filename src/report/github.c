/* github.c - GitHub Actions workflow commands (report.h): one line per
 * finding, `::warning file=F,line=L,col=C,title=T::MESSAGE`, which the
 * runner shows as an annotation on the pull request's diff, as ruff's
 * --output-format=github does. A device function or file that could not
 * be analysed is an ::error line of its own, so a CI gate cannot pass it
 * over in silence. */
#include "report/report.h"
#include "rule.h"
#include "util/srctext.h"
#include "util/utf8.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Writes S escaped as the runner expects: '%', CR and LF always, and ':'
 * and ',' in properties. Control characters and bytes that are not UTF-8
 * are '?' before that (util/utf8.h), so nothing in S can end the command
 * or start another. */
static void put_escaped(FILE *out, const char *s, int property)
{
	char *c = cl_text_clean(s, strlen(s), 0);
	for (const char *p = c; *p; p++) {
		if (*p == '%')
			fputs("%25", out);
		else if (property && *p == ':')
			fputs("%3A", out);
		else if (property && *p == ',')
			fputs("%2C", out);
		else
			fputc(*p, out);
	}
	free(c);
}

/* FILE relative to the source root (the runner's workspace), as the
 * annotations want; as given when it lies outside. */
static void put_file(FILE *out, const char *file, const struct cl_report_opts *o)
{
	char rel[PATH_MAX];
	if (cl_srctext_relpath(file, o ? o->srcroot : NULL, rel, sizeof rel) >= 0)
		file = rel; /* outside the root, its absolute path */
	put_escaped(out, file, 1);
}

static const char *command(enum cl_level l)
{
	return l == CL_LEVEL_ERROR ? "error" : l == CL_LEVEL_NOTE ? "notice" : "warning";
}

int cl_report_github(FILE *out, const struct cl_findings *f, const struct cl_failures *fail,
		     const struct cl_report_opts *o)
{
	for (size_t i = 0; i < f->n; i++) {
		const struct cl_finding *x = &f->v[i];
		if (x->suppressed && !(o && o->report_suppressed))
			continue;
		fprintf(out, "::%s file=", command(x->level));
		put_file(out, x->pos.file ? x->pos.file : "", o);
		fprintf(out, ",line=%u,col=%u,title=", x->pos.line, x->pos.col);
		put_escaped(out, x->rule->id, 1);
		fputc(' ', out);
		put_escaped(out, x->rule->name, 1);
		fputs("::", out);
		put_escaped(out, x->message ? x->message : "", 0);
		/* the related locations, as further lines of the annotation */
		for (int k = 0; k < x->nnotes; k++) {
			fputs("%0Anote: ", out);
			put_escaped(out, x->notes[k].pos.file ? x->notes[k].pos.file : "", 0);
			fprintf(out, ":%u:%u: ", x->notes[k].pos.line, x->notes[k].pos.col);
			put_escaped(out, x->notes[k].message ? x->notes[k].message : "", 0);
		}
		fputc('\n', out);
	}
	for (size_t i = 0; fail && i < fail->n; i++) {
		const struct cl_failure *x = &fail->v[i];
		fputs("::error file=", out);
		put_file(out, x->file, o);
		if (x->line)
			fprintf(out, ",line=%u,col=%u", x->line, x->col);
		fputs(",title=not analysed::", out);
		if (x->function) {
			fputs("device function '", out);
			put_escaped(out, x->function, 0);
			fputs("' not analysed: ", out);
		} else {
			fputs("not analysed: ", out);
		}
		put_escaped(out, x->reason ? x->reason : "", 0);
		fputc('\n', out);
	}
	return ferror(out) ? -1 : 0;
}
