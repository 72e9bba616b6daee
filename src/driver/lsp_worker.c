/* lsp_worker.c - the language server's analyses (lsp_internal.h): one
 * worker process per document, this binary on the editor's text. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create */
#endif
#include "driver/lsp_internal.h"
#include "driver/lsp_text.h"

#include "util/child.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

long long lsp_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void lsp_log(struct lsp_server *s, int type, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	json_object *p = json_object_new_object();
	json_object_object_add(p, "type", json_object_new_int(type));
	json_object_object_add(p, "message", json_object_new_string(msg));
	lsp_notify(s->out, "window/logMessage", p);
}

/* The text, in a file of no name that the worker reads as its standard
 * input: nothing is written to a disk, and a worker that never reads
 * cannot block the server. -1 on failure. */
static int text_fd(const struct lsp_doc *d)
{
	int fd = memfd_create("cudalint-lsp-text", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	for (size_t off = 0; off < d->len;) {
		ssize_t w = write(fd, d->text + off, d->len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			close(fd);
			return -1;
		}
		off += (size_t)w;
	}
	if (lseek(fd, 0, SEEK_SET) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The worker's command line: cudalint, the server's options for every
 * analysis, then the document as standard input. */
static char **worker_argv(const struct lsp_server *s, const struct lsp_doc *d, char *name_arg, size_t len)
{
	char **argv = xcalloc((size_t)s->o->nargs + 5, sizeof *argv);
	int n = 0;
	argv[n++] = (char *)s->o->self;
	for (int i = 0; i < s->o->nargs; i++)
		argv[n++] = (char *)s->o->args[i];
	argv[n++] = "--format=json";
	snprintf(name_arg, len, "--stdin-filename=%s", d->path);
	argv[n++] = name_arg;
	argv[n++] = "-";
	argv[n] = NULL;
	return argv;
}

static void child(const struct lsp_server *s, char **argv, int in, int out)
{
	setpgid(0, 0); /* its own group: a cancel kills what it started too */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0)
		_exit(127);
	if (s->root && chdir(s->root) < 0)
		_exit(127);
	signal(SIGPIPE, SIG_DFL);
	/* the server's own binary, even where its file was replaced since
	 * (a rebuild, an upgrade): the worker never differs from the server */
	execv("/proc/self/exe", argv);
	_exit(127);
}

static int start(struct lsp_server *s, struct lsp_doc *d)
{
	int in = text_fd(d), p[2];
	if (in < 0 || pipe2(p, O_CLOEXEC) < 0) {
		lsp_log(s, 1, "cudalint: %s: cannot start an analysis: %s", d->path, strerror(errno));
		if (in >= 0)
			close(in);
		return -1;
	}
	char name[4200];
	char **argv = worker_argv(s, d, name, sizeof name);
	pid_t pid = fork();
	if (pid == 0)
		child(s, argv, in, p[1]);
	free(argv);
	close(in);
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		lsp_log(s, 1, "cudalint: %s: cannot start an analysis: %s", d->path, strerror(errno));
		return -1;
	}
	struct lsp_worker *w = xcalloc(1, sizeof *w);
	w->pid = pid;
	w->out_fd = p[0];
	w->gen = d->gen;
	d->worker = w;
	s->nworkers++;
	return 0;
}

int lsp_schedule(struct lsp_server *s)
{
	long long now = lsp_now_ms(), next = -1;
	for (size_t i = 0; i < s->ndocs; i++) {
		struct lsp_doc *d = s->docs[i];
		if (!d->pending || d->worker)
			continue;
		if (d->due > now) {
			if (next < 0 || d->due < next)
				next = d->due;
			continue;
		}
		if (s->nworkers >= s->o->max_workers)
			continue; /* a worker that ends makes room */
		d->pending = 0;
		start(s, d);
	}
	return next < 0 ? -1 : (int)(next - now);
}

static void reap(struct lsp_server *s, struct lsp_doc *d, int kill_it, int *status)
{
	struct lsp_worker *w = d->worker;
	if (kill_it)
		kill(-w->pid, SIGKILL);
	while (waitpid(w->pid, status, 0) < 0 && errno == EINTR)
		;
	close(w->out_fd);
	free(w->buf);
	free(w);
	d->worker = NULL;
	s->nworkers--;
}

void lsp_worker_cancel(struct lsp_server *s, struct lsp_doc *d)
{
	int status;
	if (d->worker)
		reap(s, d, 1, &status);
}

static void publish(struct lsp_server *s, struct lsp_doc *d, json_object *report)
{
	json_object *p = json_object_new_object();
	json_object_object_add(p, "uri", json_object_new_string(d->uri));
	json_object_object_add(p, "version", json_object_new_int(d->version));
	json_object_object_add(p, "diagnostics", lsp_diagnostics(report, d->path, (struct lsp_text){ d->text, d->len }));
	lsp_notify(s->out, "textDocument/publishDiagnostics", p);
}

/* The worker's report, at its end. The exit status of a run that wrote
 * one is 0, 1 or 2; anything else (a crash, a usage error of the
 * server's options) is logged, and the document keeps what it had. */
static void finish(struct lsp_server *s, struct lsp_doc *d)
{
	struct lsp_worker *w = d->worker;
	unsigned long gen = w->gen;
	json_object *report = w->len ? json_tokener_parse(w->buf) : NULL;
	int status = 0;
	reap(s, d, 0, &status);
	if (!report || !WIFEXITED(status) || WEXITSTATUS(status) > 2) {
		char how[128];
		cl_describe_status(status, how, sizeof how);
		lsp_log(s, 1, "cudalint: %s: the analysis ended with %s%s (its messages are on the server's standard error)",
			d->path, how, report ? "" : " and no report");
	} else if (gen == d->gen) {
		publish(s, d, report); /* never the diagnostics of an older text */
		json_object_put(d->report);
		d->report = json_object_get(report); /* its fixes, for code actions */
	}
	json_object_put(report);
}

void lsp_worker_readable(struct lsp_server *s, struct lsp_doc *d)
{
	struct lsp_worker *w = d->worker;
	if (w->len + 65537 > w->cap) {
		w->cap = w->cap * 2 > w->len + 65537 ? w->cap * 2 : w->len + 65537;
		w->buf = xrealloc(w->buf, w->cap);
	}
	ssize_t n = read(w->out_fd, w->buf + w->len, 65536);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n > 0) {
		w->len += (size_t)n;
		w->buf[w->len] = '\0';
		return;
	}
	if (w->buf)
		w->buf[w->len] = '\0';
	finish(s, d);
}
