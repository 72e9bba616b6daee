/* text.h - gcc-style text output, one finding per line:
 *   path:line:col: warning: message [CL1001 divergent-barrier]
 * followed by note: lines; with snippets (on a terminal) each line is
 * followed by the source line and a caret, as clang prints them. */
#ifndef CUDALINT_REPORT_TEXT_H
#define CUDALINT_REPORT_TEXT_H

#include <stdio.h>
#include "finding.h"

struct text_opts {
	int color;    /* ANSI colours */
	int snippets; /* source line + caret after each location */
	int show_suppressed;
};

/* Writes F (in report order); suppressed findings only with
 * show_suppressed, tagged "(suppressed)". 0, or -1 on a write error. */
int cl_report_text(FILE *out, const struct cl_findings *f, const struct text_opts *o);

#endif
