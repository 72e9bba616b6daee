/* check.h - how rules report. Every finding goes through cl_report, which
 * applies the rule's configured level and resolves positions, so rules
 * only say what and where (as sparse's warning() does). */
#ifndef CUDALINT_CHECK_H
#define CUDALINT_CHECK_H

#include "finding.h"
#include "ir/ir.h"
#include "rule.h"

struct analysis_options;

struct cl_ctx {
	struct cl_findings *out;
	const char *path;                 /* the file being checked */
	const enum cl_level *levels;      /* per rule index (cl_rule.index): configured level */
	const unsigned char *enabled;     /* per rule index; read by the dispatch, rules/rules.c */
	const struct ir_func *fn;         /* set by cl_for_each_call */
	const struct analysis_options *ao; /* what the unit was analysed with (analysis/analyze.h): the
	                                   * rules that depend on an option read it here */
};

/* Reports a finding of rule r at loc; returns it so notes can be added. */
struct cl_finding *cl_report(struct cl_ctx *cx, const struct cl_rule *r, struct ir_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void cl_note(struct cl_finding *f, struct ir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A finding that holds for the launch at LAUNCH (analysis/launch.h): its
 * message ends with " (with the launch at FILE:LINE)" and a note WHY
 * points there. Nothing for line 0. */
void cl_launch_note(struct cl_finding *f, struct ir_loc launch, const char *why);

/* Fixes (finding.h's cl_fix): cl_fix_begin starts F's fix with its
 * description, then each cl_fix_edit or cl_fix_replace adds an edit of
 * the unit's main file, in order; an edit that cannot be made (a range in
 * a macro or another file, a finding in another file, edits out of
 * order) drops the whole fix. cl_fix_done: whether F has one. */
void cl_fix_begin(struct cl_finding *f, int safe, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cl_fix_edit(struct cl_ctx *cx, struct cl_finding *f, struct ir_point b, struct ir_point e, const char *text);
void cl_fix_replace(struct cl_ctx *cx, struct cl_finding *f, struct ir_range r, const char *text);
int cl_fix_done(struct cl_finding *f);

/* Calls fn for every device function the analyses covered, with cx->fn set. */
void cl_for_each_function(struct cl_ctx *cx, const struct ir_unit *u,
                          void (*fn)(struct cl_ctx *cx, const struct ir_func *f, void *arg), void *arg);

/* Calls fn for every call expression of every analysed device function. */
void cl_for_each_call(struct cl_ctx *cx, const struct ir_unit *u,
                      void (*fn)(struct cl_ctx *cx, const struct ir_func *f, const struct ir_expr *call, void *arg),
                      void *arg);

/* Interned copy of a string that outlives the unit (file names). */
const char *cl_intern(const char *s);

/* Sorts findings by file, line, column, rule. */
void cl_findings_sort(struct cl_findings *f);
/* After the sort: keeps the first of findings equal but for their notes
 * (one in a header, reached from several files). */
void cl_findings_dedupe(struct cl_findings *f);
void cl_findings_free(struct cl_findings *f);

#endif
