/* progress.c - see progress.h. */
#include "util/progress.h"
#include "util/utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static struct {
	int on, shown, total;
	struct timespec t0;
} pg;

static double since_start(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - pg.t0.tv_sec) + (double)(t.tv_nsec - pg.t0.tv_nsec) / 1e9;
}

void cl_progress_start(int total, int quiet)
{
	const char *term = getenv("TERM");
	pg.on = !quiet && total > 0 && isatty(STDERR_FILENO) && !(term && !strcmp(term, "dumb"));
	pg.shown = 0;
	pg.total = total;
	clock_gettime(CLOCK_MONOTONIC, &pg.t0);
}

void cl_progress_update(int done, const char *next)
{
	if (!pg.on || since_start() < 1.0)
		return;
	struct winsize ws;
	int width = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
	char line[512];
	/* a file name is not allowed to move the cursor, end the line or
	 * reorder it (util/utf8.h) */
	char *name = next ? cl_text_clean(next, strlen(next), 0) : NULL;
	int n = snprintf(line, sizeof line, "cudalint: %d/%d files%s%s", done, pg.total, name ? ", " : "",
	                 name ? name : "");
	free(name);
	/* one screen line: a line that wraps cannot be erased with \r */
	if (n >= width)
		line[width > 1 ? width - 1 : 0] = 0;
	cl_text_sanitize(line, 0); /* a sequence cut short */
	fprintf(stderr, "\r\033[K%s", line);
	fflush(stderr);
	pg.shown = 1;
}

void cl_progress_clear(void)
{
	if (!pg.shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	pg.shown = 0;
}

void cl_progress_end(void)
{
	cl_progress_clear();
	pg.on = 0;
}
