/* child.h - a piece of work done in a child process, under a time limit.
 *
 * For work that may take the whole process down or run too long, and
 * whose failure the caller can live with: the precompiled header's build
 * (libclang aborts its process when it cannot write the file, e.g. on a
 * full disk, and a slow build is no reason to stop the run). */
#ifndef CUDALINT_CHILD_H
#define CUDALINT_CHILD_H

#include <stddef.h>

/* Forks; the child runs FN(ARG) with its stderr going into a pipe and the
 * default action for fatal signals, and exits with 0 when FN returns 0.
 * The parent waits at most TIMEOUT_MS, then kills it. The child dies with
 * its parent. 0 when FN returned 0; -2 when it was killed for taking too
 * long; -1 otherwise. On failure WHY (LEN bytes) holds one line: the first
 * line the child wrote, and how it ended ("timed out after 12 s",
 * "SIGABRT", "exit status 1"). */
int cl_child_run(int (*fn)(void *), void *arg, long timeout_ms, char *why, size_t len);

/* How a process ended, from its wait(2) STATUS: "SIGSEGV", "exit status 3". */
void cl_describe_status(int status, char *out, size_t len);

#endif
