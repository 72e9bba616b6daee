/* suppress.h - inline suppression comments.
 *
 * Recognized, in // and block comments (string and character literals are
 * skipped; the list takes rule IDs, rule names or globs such as CL2*):
 *   // cudalint: ignore[CL1001] -- reason        this line
 *   // cudalint: ignore-next-line[CL1001,CL2005] the next line
 *   // cudalint: ignore-begin[...]  ...  // cudalint: ignore-end
 *   // cudalint: ignore-file[...]                the whole file
 *   NOLINT, NOLINTNEXTLINE, NOLINTBEGIN/NOLINTEND, each bare or with a
 *   clang-tidy list such as (cudalint-CL1001, cudalint-divergent-barrier,
 *   cudalint-*); entries without the cudalint- prefix belong to other tools
 *   and are ignored.
 * "cudalint: ignore" without a list means every rule, as bare NOLINT does.
 * The marker starts the comment or follows a nested "//" in it
 * (`// reviewed // cudalint: ignore[CL1001]`). */
#ifndef CUDALINT_SUPPRESS_H
#define CUDALINT_SUPPRESS_H

#include <stddef.h>

#include "finding.h"

/* Values of cl_finding.suppressed (nonzero means "do not report"). */
enum {
	CL_SUPPRESSED_NONE = 0,
	CL_SUPPRESSED_INSOURCE = 1, /* by a comment; SARIF suppression kind inSource */
	CL_SUPPRESSED_BASELINE = 2, /* by --baseline; SARIF suppression kind external */
};

/* Flags for cl_suppress_apply. */
enum {
	CL_SUPPRESS_REPORT_UNUSED = 1,    /* a suppression that silenced nothing */
	CL_SUPPRESS_REPORT_MALFORMED = 2, /* unknown rule, unknown directive, unpaired begin/end */
};

/* Reads the comments of FILES (the analysed files) and of every other file
 * that a finding of F lies in, and sets F->v[i].suppressed to
 * CL_SUPPRESSED_INSOURCE for each finding a suppression covers. With FLAGS,
 * findings of rule CL0001 (unused-suppression) at the offending comment are
 * appended to EXTRA_OUT (a zero-initialized or earlier-filled list whose v
 * is malloc'ed; free it with free(extra->v)); their level is the rule's
 * default and they are themselves subject to ignore[CL0001] comments.
 * Their message strings live until cl_suppress_free(). Files that cannot
 * be read are skipped. Returns the number of findings appended, or -1 when
 * CL0001 findings were asked for but the rule table has no CL0001. */
int cl_suppress_apply(struct cl_findings *f, const char *const *files, size_t nfiles,
		      int flags, struct cl_findings *extra_out);

/* Frees the message strings of the CL0001 findings made so far. */
void cl_suppress_free(void);

#endif
