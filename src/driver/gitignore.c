/* gitignore.c - see gitignore.h.
 *
 * git itself answers, through `git check-ignore --stdin -z`, run once per
 * work tree with every candidate: its rules are git's own (negations,
 * nested .gitignore files, info/exclude, the global excludes file, and a
 * tracked file is never ignored), which a reimplementation would only
 * approximate, and it needs no library (libgit2 would be a new dependency
 * for this one question). Without git on PATH nothing is ignored: the
 * walk analyses everything, as before. git runs through cl_git_spawn
 * (util/git.h), so that the repository's configuration can make it
 * neither run a command nor fetch anything.
 *
 * Paths are handed over resolved (realpath) and relative to the top of
 * the work tree that holds them: git refuses a path through a symbolic
 * link ("beyond a symbolic link") with a fatal error that would lose the
 * whole answer, and a directory walk follows links. A file in a nested
 * repository (a submodule) is asked of that repository. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pipe2 */
#endif
#include "driver/gitignore.h"

#include "util/child.h"
#include "util/git.h"
#include "util/path.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* git reads every .gitignore on the way: one that is a FIFO would block
 * it, so it gets a time limit, as everything else a run reads. */
#define GIT_TIMEOUT_MS 60000

/* The candidates of one work tree. */
struct tree {
	char *top;
	int *idx;    /* into the caller's PATHS */
	char **rel;  /* relative to TOP */
	int n, cap;
};

/* Git's answer into OUT (malloc'd, *LEN bytes), read from FD until EOF or
 * the deadline. -1 on timeout. */
static int read_answer(int fd, char **out, size_t *len)
{
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	size_t cap = 4096, n = 0;
	char *buf = xmalloc(cap);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		long left = GIT_TIMEOUT_MS - ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000);
		struct pollfd p = { fd, POLLIN, 0 };
		int k = left > 0 ? poll(&p, 1, (int)left) : 0;
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			free(buf);
			return -1;
		}
		if (n == cap)
			buf = xrealloc(buf, cap *= 2);
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	*out = buf;
	*len = n;
	return 0;
}

/* What git wrote on stderr (read from Q, a file), whitespace runs made
 * one space, at most LEN - 1 bytes into OUT ("" when nothing). */
static void git_said(FILE *q, char *out, size_t len)
{
	size_t n = 0;
	int c, space = 0;
	rewind(q);
	while ((c = getc(q)) != EOF && n + 1 < len) {
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = n > 0;
			continue;
		}
		if (space && n + 2 < len)
			out[n++] = ' ';
		space = 0;
		out[n++] = (char)c;
	}
	out[n] = '\0';
}

/* Runs git check-ignore in T; marks what it names. */
static void ask_git(const struct tree *t, unsigned char *ignored)
{
	/* the question in a file, not a pipe: git may answer before it has
	 * read all of it, and nobody would be reading the answer yet; its
	 * stderr in a file too, to say what went wrong */
	FILE *q = tmpfile(), *e = tmpfile();
	int ans[2] = { -1, -1 };
	if (!q || !e || pipe2(ans, O_CLOEXEC) < 0) {
		cl_eprintf("cudalint: warning: %s: cannot ask git what it ignores (%s); .gitignore not applied there\n",
		           t->top, strerror(errno));
		if (q)
			fclose(q);
		if (e)
			fclose(e);
		return;
	}
	for (int k = 0; k < t->n; k++)
		fwrite(t->rel[k], 1, strlen(t->rel[k]) + 1, q);
	fflush(q);
	rewind(q);

	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fileno(q), STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, ans[1], STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, fileno(e), STDERR_FILENO);
	static const char *const args[] = { "check-ignore", "--stdin", "-z", NULL };
	pid_t pid;
	int rc = cl_git_spawn(&pid, &fa, t->top, args);
	posix_spawn_file_actions_destroy(&fa);
	close(ans[1]);
	fclose(q);
	if (rc != 0) { /* no git: the walk keeps everything (docs/cli.md) */
		close(ans[0]);
		fclose(e);
		return;
	}
	char *out = NULL;
	size_t len = 0;
	int timed_out = read_answer(ans[0], &out, &len) < 0;
	close(ans[0]);
	if (timed_out)
		kill(pid, SIGKILL);
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	char said[256];
	git_said(e, said, sizeof said);
	fclose(e);
	/* 0: some are ignored, 1: none */
	if (timed_out || !WIFEXITED(st) || WEXITSTATUS(st) > 1) {
		char how[64];
		if (timed_out)
			snprintf(how, sizeof how, "did not finish within %d s", GIT_TIMEOUT_MS / 1000);
		else
			cl_describe_status(st, how, sizeof how);
		cl_eprintf("cudalint: warning: %s: git check-ignore failed (%s%s%s); .gitignore not applied there\n",
		           t->top, how, *said ? ": " : "", said);
		free(out);
		return;
	}
	/* it answered, and said something: a partial clone whose .gitignore
	 * it may not fetch ("lazy fetching disabled"), an excludes file it
	 * cannot read; what it ignores may then be less than it should */
	if (*said)
		cl_eprintf("cudalint: warning: %s: git check-ignore: %s\n", t->top, said);
	/* the names come back as given, in the order given */
	int k = 0;
	for (size_t pos = 0; pos < len;) {
		const char *name = out + pos;
		size_t nl = strnlen(name, len - pos);
		for (int j = k; j < t->n; j++)
			if (strlen(t->rel[j]) == nl && !memcmp(t->rel[j], name, nl)) {
				ignored[t->idx[j]] = 1;
				k = j + 1;
				break;
			}
		pos += nl + 1;
	}
	free(out);
}

void gitignore_mark(const char *const *paths, int n, unsigned char *ignored)
{
	struct tree *trees = NULL;
	int ntrees = 0;
	char lastdir[PATH_MAX] = "", top[PATH_MAX];
	int in_tree = 0;
	for (int i = 0; i < n; i++) {
		char abs[PATH_MAX], dir[PATH_MAX];
		if (!realpath(paths[i], abs))
			continue;
		memcpy(dir, abs, sizeof dir);
		char *slash = strrchr(dir, '/');
		if (!slash)
			continue;
		slash[slash == dir] = '\0';
		if (strcmp(dir, lastdir)) { /* a walk lists a directory's files together */
			in_tree = path_git_top(dir, top, sizeof top);
			memcpy(lastdir, dir, sizeof lastdir);
		}
		if (!in_tree)
			continue;
		struct tree *t = NULL;
		for (int k = 0; k < ntrees && !t; k++)
			if (!strcmp(trees[k].top, top))
				t = &trees[k];
		if (!t) {
			trees = xrealloc(trees, (size_t)(ntrees + 1) * sizeof *trees);
			t = &trees[ntrees++];
			*t = (struct tree){ xstrdup(top), NULL, NULL, 0, 0 };
		}
		if (t->n == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 64;
			t->idx = xrealloc(t->idx, (size_t)t->cap * sizeof *t->idx);
			t->rel = xrealloc(t->rel, (size_t)t->cap * sizeof *t->rel);
		}
		t->idx[t->n] = i;
		t->rel[t->n++] = xstrdup(abs + strlen(top) + (strcmp(top, "/") != 0));
	}
	for (int k = 0; k < ntrees; k++) {
		ask_git(&trees[k], ignored);
		for (int j = 0; j < trees[k].n; j++)
			free(trees[k].rel[j]);
		free(trees[k].rel);
		free(trees[k].idx);
		free(trees[k].top);
	}
	free(trees);
}
