/* progress.h - a progress line on a terminal, for long runs.
 *
 * A run of a few hundred files takes a minute; with nothing on the
 * screen it looks hung. When stderr is a terminal, one line that is
 * rewritten in place ("cudalint: 12/207 files, src/scan.cu") says how far
 * it is. It appears only once a run has taken a second, so a pre-commit
 * run stays silent, and it is erased before anything else is written to
 * stderr (cl_eprintf calls cl_progress_clear) and at the end, so it never
 * mixes with findings or messages. Never where stderr is a file or a
 * pipe, nor on a terminal that cannot erase a line (TERM=dumb). */
#ifndef CUDALINT_PROGRESS_H
#define CUDALINT_PROGRESS_H

/* Turns the line on for a run of TOTAL items when stderr is a terminal
 * that can show it; off (nothing ever printed) when QUIET. */
void cl_progress_start(int total, int quiet);
/* DONE of the items are finished; NEXT (may be NULL) is being worked on. */
void cl_progress_update(int done, const char *next);
/* Erases the line, if shown; the next update draws it again. */
void cl_progress_clear(void);
/* Erases the line for good. */
void cl_progress_end(void);

#endif
