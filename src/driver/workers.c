/* workers.c - see workers.h. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/workers.h"

#include "util/guard.h"
#include "util/readall.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int cl_in_worker;

struct worker {
	pid_t pid;     /* 0: none */
	int task_fd;   /* parent writes item numbers */
	int result_fd; /* parent reads results */
	int busy;      /* position in items, or -1 */
};

int cl_online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

/* 1 all read, 0 end of file before anything, -1 error or a short read */
static int read_full(int fd, void *p, size_t n)
{
	char *s = p;
	size_t got = 0;
	while (got < n) {
		ssize_t r = read(fd, s + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			return got ? -1 : 0;
		got += (size_t)r;
	}
	return 1;
}

static char stderr_buf[BUFSIZ];

struct serve { int task_fd, result_fd; const struct cl_pool_ops *ops; };

/* The worker's loop: an item in, its results out, until the parent
 * closes the task pipe. */
static int serve(void *arg)
{
	const struct serve *sv = arg;
	for (;;) {
		int32_t item;
		if (read_full(sv->task_fd, &item, sizeof item) != 1)
			break;
		size_t len = 0;
		char *payload = sv->ops->work(item, &len, sv->ops->arg);
		uint32_t hdr[2] = { (uint32_t)item, (uint32_t)len };
		fflush(stderr);
		if (len > UINT32_MAX || cl_write_full(sv->result_fd, hdr, sizeof hdr) < 0 ||
		    cl_write_full(sv->result_fd, payload, len) < 0)
			_exit(3);
		free(payload);
	}
	return 0;
}

static void worker_main(int task_fd, int result_fd, const struct cl_pool_ops *ops)
{
	cl_in_worker = 1;
	guard_worker(); /* a file the guard stops is reported by the parent */
	signal(SIGPIPE, SIG_DFL); /* the parent is gone: nobody wants our results */
	/* whole lines, so that workers' messages interleave line by line */
	setvbuf(stderr, stderr_buf, _IOLBF, sizeof stderr_buf);
	/* the items are parsed and analysed: on the big stack */
	struct serve sv = { task_fd, result_fd, ops };
	guard_deep(serve, &sv);
	fflush(stderr);
	fflush(stdout);
	_exit(0);
}

static int spawn(struct worker *ws, int nw, int k, const struct cl_pool_ops *ops)
{
	int task[2], result[2];
	if (pipe(task) < 0)
		return -1;
	if (pipe(result) < 0) {
		close(task[0]);
		close(task[1]);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		close(task[0]);
		close(task[1]);
		close(result[0]);
		close(result[1]);
		return -1;
	}
	if (pid == 0) {
		/* only our own ends: a copy of another worker's result pipe would
		 * keep the parent from seeing that worker die */
		for (int i = 0; i < nw; i++)
			if (ws[i].pid) {
				close(ws[i].task_fd);
				close(ws[i].result_fd);
			}
		close(task[1]);
		close(result[0]);
		worker_main(task[0], result[1], ops);
	}
	close(task[0]);
	close(result[1]);
	fcntl(task[1], F_SETFD, FD_CLOEXEC);
	fcntl(result[0], F_SETFD, FD_CLOEXEC);
	ws[k] = (struct worker){ pid, task[1], result[0], -1 };
	return 0;
}

/* Closes worker K's pipes and reaps it; how it ended, as wait(2) has it. */
static int bury(struct worker *w)
{
	close(w->task_fd);
	close(w->result_fd);
	int status = 0;
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
	w->busy = -1;
	return status;
}

int cl_pool_run(const int *items, int n, int jobs, const struct cl_pool_ops *ops, unsigned char *not_run)
{
	if (n <= 0)
		return 0;
	if (jobs > n)
		jobs = n;
	if (jobs < 1)
		jobs = 1;
	struct sigaction ign = { 0 }, old;
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);

	struct worker *ws = xcalloc((size_t)jobs, sizeof *ws);
	struct pollfd *pf = xcalloc((size_t)jobs, sizeof *pf);
	int *who = xcalloc((size_t)jobs, sizeof *who);
	int next = 0, finished = 0;

	while (finished < n) {
		/* keep the pool full while work remains */
		int alive = 0, in_flight = 0;
		for (int k = 0; k < jobs; k++) {
			if (!ws[k].pid && next < n && spawn(ws, jobs, k, ops) < 0)
				continue;
			alive += ws[k].pid != 0;
		}
		/* hand out items */
		for (int k = 0; k < jobs; k++) {
			if (!ws[k].pid || ws[k].busy >= 0 || next >= n)
				continue;
			int32_t item = items[next];
			if (cl_write_full(ws[k].task_fd, &item, sizeof item) < 0) {
				(void)bury(&ws[k]); /* died idle: the item goes to another */
				alive--;
				continue;
			}
			ws[k].busy = next++;
		}
		for (int k = 0; k < jobs; k++)
			in_flight += ws[k].pid && ws[k].busy >= 0;
		if (!in_flight) {
			if (alive || next >= n)
				continue; /* respawn or hand out again */
			/* no worker could be had: the rest is the caller's */
			int left = 0;
			for (int i = next; i < n; i++, left++)
				not_run[i] = 1;
			free(ws), free(pf), free(who);
			sigaction(SIGPIPE, &old, NULL);
			return left;
		}

		int np = 0;
		for (int k = 0; k < jobs; k++)
			if (ws[k].pid && ws[k].busy >= 0) {
				pf[np] = (struct pollfd){ ws[k].result_fd, POLLIN, 0 };
				who[np++] = k;
			}
		if (poll(pf, (nfds_t)np, -1) < 0) {
			if (errno == EINTR)
				continue;
			perror("cudalint: poll");
			abort();
		}
		for (int p = 0; p < np; p++) {
			if (!pf[p].revents)
				continue;
			struct worker *w = &ws[who[p]];
			int pos = w->busy;
			uint32_t hdr[2];
			char *payload = NULL;
			int ok = read_full(w->result_fd, hdr, sizeof hdr) == 1 && hdr[0] == (uint32_t)items[pos];
			if (ok) {
				payload = xmalloc((size_t)hdr[1] + 1);
				ok = hdr[1] == 0 || read_full(w->result_fd, payload, hdr[1]) == 1;
				payload[ok ? hdr[1] : 0] = 0;
			}
			if (ok) {
				w->busy = -1;
				ops->done(items[pos], payload, hdr[1], NULL, ops->arg);
			} else {
				int status = bury(w);
				ops->done(items[pos], NULL, 0, &status, ops->arg);
			}
			free(payload);
			finished++;
		}
	}
	for (int k = 0; k < jobs; k++)
		if (ws[k].pid)
			(void)bury(&ws[k]); /* EOF on its task pipe: it exits */
	free(ws), free(pf), free(who);
	sigaction(SIGPIPE, &old, NULL);
	return 0;
}
