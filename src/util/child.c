/* child.c - see child.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pipe2 */
#endif
#include "util/child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void cl_describe_status(int status, char *out, size_t len)
{
	static const struct { int sig; const char *name; } names[] = {
		{ SIGSEGV, "SIGSEGV" }, { SIGABRT, "SIGABRT" }, { SIGBUS, "SIGBUS" }, { SIGFPE, "SIGFPE" },
		{ SIGILL, "SIGILL" },   { SIGKILL, "SIGKILL" }, { SIGTERM, "SIGTERM" }, { SIGINT, "SIGINT" },
		{ SIGPIPE, "SIGPIPE" },
	};
	if (WIFSIGNALED(status)) {
		int s = WTERMSIG(status);
		for (size_t i = 0; i < sizeof names / sizeof *names; i++)
			if (names[i].sig == s) {
				snprintf(out, len, "%s", names[i].name);
				return;
			}
		snprintf(out, len, "signal %d", s);
	} else if (WIFEXITED(status)) {
		snprintf(out, len, "exit status %d", WEXITSTATUS(status));
	} else {
		snprintf(out, len, "status %d", status);
	}
}

static long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void child_main(int err_fd, pid_t parent, int (*fn)(void *), void *arg)
{
	/* killed with the parent: a build nobody waits for only fills the disk */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	/* the parent's handlers report a crash of the file being analysed */
	int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM, SIGPIPE };
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		signal(sigs[i], SIG_DFL);
	alarm(0);
	int null = open("/dev/null", O_RDWR);
	if (null >= 0)
		dup2(null, STDOUT_FILENO);
	dup2(err_fd, STDERR_FILENO);
	int rc = fn(arg);
	fflush(stderr);
	_exit(rc == 0 ? 0 : 1); /* no atexit handlers, no flush of the parent's buffers */
}

int cl_child_run(int (*fn)(void *), void *arg, long timeout_ms, char *why, size_t len)
{
	int p[2];
	why[0] = 0;
	if (pipe2(p, O_CLOEXEC) < 0) {
		snprintf(why, len, "no pipe: %s", strerror(errno));
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t parent = getpid(), pid = fork();
	if (pid < 0) {
		snprintf(why, len, "cannot fork: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		child_main(p[1], parent, fn, arg);
	}
	close(p[1]);

	/* the child's stderr until it closes (it exits) or time runs out;
	 * the first line is kept */
	char line[512];
	size_t n = 0;
	int timed_out = 0;
	long deadline = now_ms() + timeout_ms;
	for (;;) {
		long left = deadline - now_ms();
		if (left <= 0) {
			timed_out = 1;
			break;
		}
		struct pollfd pf = { p[0], POLLIN, 0 };
		int r = poll(&pf, 1, left > 1000000 ? 1000000 : (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			continue; /* the deadline decides */
		char buf[4096];
		ssize_t got = read(p[0], buf, sizeof buf);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		for (ssize_t i = 0; i < got && n < sizeof line - 1; i++)
			line[n++] = buf[i];
	}
	close(p[0]);
	if (timed_out)
		kill(pid, SIGKILL);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	line[n] = 0;
	line[strcspn(line, "\n")] = 0;
	if (!timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	char how[64];
	if (timed_out)
		snprintf(how, sizeof how, "timed out after %ld s", (timeout_ms + 999) / 1000);
	else
		cl_describe_status(status, how, sizeof how);
	if (line[0])
		snprintf(why, len, "%s; %s", line, how);
	else
		snprintf(why, len, "%s", how);
	return timed_out ? -2 : -1;
}
