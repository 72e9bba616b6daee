/* pch.c - see pch.h. Files, in the cache directory (util/cachedir.h):
 *
 *   cuda-KEY.cuh   the header that is precompiled (the PCH records its
 *                  size and time: it is rewritten only when it differs)
 *   cuda-KEY.pch   the PCH, renamed into place whole
 *   cuda-KEY.pch.names  the headers it holds, as included and as found
 *                  (pch_shadow.c), renamed into place before the PCH
 *   cuda-KEY.pch.PID.tmp*  a build in progress, or the leftover of a
 *                  killed one
 *   cuda-KEY.pch.failed  why its last build failed (for a day, no
 *                  run starts it again)
 *   pch.lock       flock(2)ed by whoever builds a PCH, of any key
 *
 * A missing PCH is built by one detached process (build_in_background)
 * while the run that started it parses its files without it: nobody
 * waits for a build. Under the lock, concurrent runs, the -j workers of
 * a run and its other flag sets start no second build while one is under
 * way, of any key; each of them looks
 * again at every file (a stat, an open, a flock that does not wait) and
 * takes the PCH once it has been renamed into place. The builder runs
 * libclang in a child process (util/child.h): libclang aborts its
 * process when it cannot write the file (a full disk). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "frontend/pch.h"
#include "frontend/preamble.h"
#include "util/atomic_file.h"
#include "util/cachedir.h"
#include "util/child.h"
#include "util/env.h"
#include "util/guard.h"
#include "util/hash.h"
#include "util/regfile.h"
#include "util/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char pch_header[] =
	"/* cudalint: the headers shared by most CUDA files, precompiled once */\n"
	"#include <cuda_runtime.h>\n"
	"#include <cooperative_groups.h>\n"
	"#include <cuda/atomic>\n"
	"#include <cuda/barrier>\n"
	"#include <cstdio>\n"
	"#include <cstdlib>\n"
	"#include <vector>\n";

struct paths {
	char dir[4096], pch[4200], hdr[4200], lock[4200], tmp[4300], names[4300], tmp_names[4400];
};

/* Whether argument I (with its value, *SKIP more) is one of the project's
 * (at FIRST_USER or later) that the PCH is built without: an include
 * directory or an -include file. Without them, the PCH holds the
 * toolkit's and the system's headers only, so the targets of a
 * compilation database, which differ mostly in those, share one PCH
 * instead of one 25 MB build of 10 s each; a project directory that
 * would shadow one of its headers keeps the PCH from being used
 * (pch_shadowed), and the project's -include files are parsed with each
 * file, where their errors are the file's, and their changes are seen
 * by the result cache. Macros always count: clang accepts a PCH built
 * without a -D that the command line has, though the headers may test it. */
int pch_project_include(const char *const *argv, int argc, int first_user, int i, int *skip)
{
	*skip = 0;
	if (i < first_user)
		return 0;
	if (!strcmp(argv[i], "-include") && i + 1 < argc) {
		*skip = 1;
		return 1;
	}
	return !strncmp(argv[i], "-include", 8) && argv[i][8] && strcmp(argv[i], "-include-pch"); /* -includeFILE */
}

static int project_arg(const char *const *argv, int argc, int first_user, int i, int *skip)
{
	const char *dir;
	if (pch_project_include(argv, argc, first_user, i, skip))
		return 1;
	return i >= first_user && pch_include_dir(argv, argc, i, skip, &dir);
}

/* The temporary names of this process's build. */
static void tmp_name(struct paths *f)
{
	snprintf(f->tmp, sizeof f->tmp, "%s.%ld.tmp", f->pch, (long)getpid());
	snprintf(f->tmp_names, sizeof f->tmp_names, "%s.names", f->tmp);
}

/* Its names: the key is libclang, cudalint, the header, the arguments
 * (less the project's include directories and -include files) and the
 * toolkit's cuda_runtime.h (a PCH of another libclang or argument set
 * fails to load). */
static int name_files(struct paths *f, const char *const *argv, int argc, int first_user, const char *cuda_path)
{
	if (cl_cache_dir(NULL, f->dir, sizeof f->dir) != 0)
		return -1;
	struct cl_hash h;
	cl_hash_init(&h);
	CXString v = clang_getClangVersion();
	cl_hash_str(&h, clang_getCString(v));
	clang_disposeString(v);
	cl_hash_str(&h, CUDALINT_VERSION);
	cl_hash_str(&h, pch_header);
	for (int i = 0; i < argc; i++) {
		int skip;
		if (project_arg(argv, argc, first_user, i, &skip))
			i += skip;
		else
			cl_hash_str(&h, argv[i]);
	}
	char probe[4200];
	struct stat st;
	snprintf(probe, sizeof probe, "%s/include/cuda_runtime.h", cuda_path);
	if (stat(probe, &st) == 0) {
		long long id[2] = { (long long)st.st_mtime, (long long)st.st_size };
		cl_hash_add(&h, id, sizeof id);
	}
	char key[33];
	cl_hash_hex(&h, key);
	snprintf(f->pch, sizeof f->pch, "%s/cuda-%s.pch", f->dir, key);
	snprintf(f->hdr, sizeof f->hdr, "%s/cuda-%s.cuh", f->dir, key);
	snprintf(f->lock, sizeof f->lock, "%s/pch.lock", f->dir);
	snprintf(f->names, sizeof f->names, "%s.names", f->pch);
	tmp_name(f);
	return 0;
}

/* 0 and OUT filled when PATH is a non-empty regular file (a FIFO planted
 * there would block libclang's open). */
static int usable(const char *path, struct pch *out)
{
	struct stat st;
	char why[256];
	FILE *f = cl_fopen_regular(path, "cannot read", &st, why, sizeof why);
	if (!f)
		return -1;
	fclose(f);
	if (st.st_size == 0)
		return -1;
	out->path = xstrdup(path);
	out->dev = st.st_dev;
	out->ino = st.st_ino;
	return 0;
}

/* The PCH of F, with the list of its headers (pch_shadow.c): one without
 * the list cannot be checked, and is built again. */
static int have(const struct paths *f, struct pch *out)
{
	struct stat st;
	if (stat(f->names, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	return usable(f->pch, out);
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

enum pch_lock_result pch_lock_try(const char *lock, int *fd)
{
	*fd = open(lock, O_RDWR | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0644);
	struct stat st;
	if (*fd < 0 || fstat(*fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
		return PCH_NO_LOCK;
	}
	while (flock(*fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EINTR)
			continue;
		enum pch_lock_result r = errno == EWOULDBLOCK ? PCH_BUSY : PCH_NO_LOCK;
		close(*fd);
		*fd = -1;
		return r;
	}
	return PCH_LOCKED;
}

/* Builds in progress leave cuda-KEY.pch.PID.tmp (and whatever libclang
 * names after it); while the lock is held, no build is in progress, so
 * any of them is the leftover of a killed run. */
static int is_build_leftover(const char *name)
{
	return !strncmp(name, "cuda-", 5) && strstr(name, ".tmp");
}

/* A built PCH, cuda-KEY.pch, whose last use is its mtime. */
static int is_pch(const char *name)
{
	size_t n = strlen(name);
	return !strncmp(name, "cuda-", 5) && n > 9 && !strcmp(name + n - 4, ".pch");
}

/* cuda-KEY.cuh, the header an evicted cuda-KEY.pch was built from, and
 * cuda-KEY.pch.names, the list of the headers it held */
static void remove_header(int dirfd, const char *pch)
{
	char hdr[300];
	if (snprintf(hdr, sizeof hdr, "%.*s.cuh", (int)strlen(pch) - 4, pch) < (int)sizeof hdr)
		(void)unlinkat(dirfd, hdr, 0);
	if (snprintf(hdr, sizeof hdr, "%s.names", pch) < (int)sizeof hdr)
		(void)unlinkat(dirfd, hdr, 0);
}

/* How many PCHs to keep: $CUDALINT_PCH_KEEP, else 8. Each is some 25 MB,
 * one per toolkit and flag set; 0 keeps them all. */
static size_t pch_keep(void)
{
	return (size_t)cl_env_number(CL_ENV_PCH_KEEP);
}

/* The header as it should be, rewritten only when it is not: the PCH
 * records its size and modification time, and one built from it would
 * not load after a rewrite. */
static int write_header(const char *path)
{
	size_t n;
	char why[256];
	char *old = cl_read_regular(path, "cannot read", sizeof pch_header, &n, why, sizeof why);
	int same = old && n == sizeof pch_header - 1 && !memcmp(old, pch_header, n);
	free(old);
	if (same)
		return 0;
	struct cl_atomic_file af;
	if (cl_atomic_replace(&af, path) != 0)
		return -1;
	if (fputs(pch_header, af.fp) < 0) {
		cl_atomic_abort(&af);
		return -1;
	}
	return cl_atomic_commit(&af);
}

struct build {
	CXIndex index;
	const char **args;
	int nargs;
	struct CXUnsavedFile *unsaved;
	unsigned nunsaved;
	const char *hdr, *tmp, *tmp_names;
};

/* In the child: parse the header, save it to the temporary name. Nothing
 * is freed: the process ends. What goes wrong goes to stderr, one line. */
static int build_child(void *arg)
{
	const struct build *b = arg;
	/* A test hook, not a feature: a build that certainly takes that many
	 * seconds longer, so that tests of its time limits race nothing */
	const char *stall = getenv("CUDALINT_TEST_STALL_PCH_BUILD");
	for (unsigned s = stall ? (unsigned)strtoul(stall, NULL, 10) : 0; s > 0;)
		s = sleep(s);
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec = clang_parseTranslationUnit2(b->index, b->hdr, b->args, b->nargs, b->unsaved,
	                                                  b->nunsaved,
	                                                  CXTranslationUnit_ForSerialization |
	                                                          CXTranslationUnit_Incomplete,
	                                                  &tu);
	if (ec != CXError_Success || !tu) {
		fprintf(stderr, "libclang could not parse the toolkit headers (error %d)\n", (int)ec);
		return 1;
	}
	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation);
			fprintf(stderr, "the toolkit headers do not parse: %s\n", clang_getCString(s));
			return 1;
		}
		clang_disposeDiagnostic(d);
	}
	if (pch_write_names(tu, b->tmp_names) != 0) {
		fprintf(stderr, "could not write the list of its headers\n");
		return 1;
	}
	int se = clang_saveTranslationUnit(tu, b->tmp, clang_defaultSaveOptions(tu));
	if (se != CXSaveError_None) {
		fprintf(stderr, "libclang could not write it (save error %d)\n", se);
		return 1;
	}
	return 0;
}

/* Builds F->pch within SECONDS; 0 and OUT filled, or -1 and WHY. */
static int build(const struct paths *f, const struct build *b0, double seconds, struct pch *out, char *why,
                 size_t len)
{
	if (write_header(f->hdr) != 0) {
		snprintf(why, len, "cannot write the header beside it: %s", strerror(errno));
		return -1;
	}
	struct build b = *b0;
	b.hdr = f->hdr;
	b.tmp = f->tmp;
	b.tmp_names = f->tmp_names;
	int rc = cl_child_run(build_child, &b, (long)(seconds * 1000), why, len);
	if (rc == -2)
		snprintf(why, len, "it took longer than the %.0f s left of CUDALINT_PCH_TIMEOUT", seconds);
	if (rc == 0 && usable(f->tmp, out) == 0) {
		free(out->path);
		out->path = NULL;
		/* the list first: a PCH without it is not used */
		if (rename(f->tmp_names, f->names) == 0 && rename(f->tmp, f->pch) == 0 && have(f, out) == 0)
			return 0;
		snprintf(why, len, "cannot rename it into place: %s", strerror(errno));
	} else if (rc == 0) {
		snprintf(why, len, "libclang wrote no file");
	}
	return -1;
}

/* Builds F's PCH, holding the lock when LOCKED, with DEADLINE to finish:
 * 0 with OUT filled, or -1 with the reason in WHY. Leftovers and the PCHs
 * not used lately are removed under the lock. */
static int build_locked(const struct paths *f, int locked, struct build *b, double deadline, unsigned limit,
                        struct pch *out, char *why, size_t len)
{
	if (locked)
		cl_cache_sweep(f->dir, is_build_leftover, 0);
	double left = deadline - now_s();
	int rc = left > 0 ? build(f, b, left, out, why, len) : -1;
	if (left <= 0)
		snprintf(why, len, "no time left of %u s (CUDALINT_PCH_TIMEOUT)", limit);
	if (rc == 0) {
		char failed[4300];
		snprintf(failed, sizeof failed, "%s.failed", f->pch);
		unlink(failed); /* an earlier build's failure is past */
	}
	if (rc == 0 && locked) {
		/* the cache holds the PCHs used lately, not one per flag set
		 * ever seen; under the lock, so no build is under way */
		const char *name = strrchr(f->pch, '/');
		cl_cache_evict(f->dir, is_pch, CL_CACHE_MAX_AGE, pch_keep(), name ? name + 1 : f->pch, remove_header);
	}
	if (rc != 0) {
		if (locked)
			cl_cache_sweep(f->dir, is_build_leftover, 0); /* a killed build's too */
		else {
			unlink(f->tmp);
			unlink(f->tmp_names);
		}
	}
	return rc;
}

/* Closes every descriptor above standard error but KEEP: the builder
 * outlives the run, and a pipe it kept open (to `cudalint | cat`, to a
 * test harness) would not see its end until the build is done. */
static void close_inherited(int keep)
{
	DIR *d = opendir("/proc/self/fd");
	if (d) {
		int fds[256], n = 0, more = 1;
		while (more) { /* closing while reading the directory skips entries: collect, then close */
			struct dirent *e;
			n = 0;
			rewinddir(d);
			while (n < (int)(sizeof fds / sizeof *fds) && (e = readdir(d)) != NULL) {
				int fd = atoi(e->d_name);
				if (fd > 2 && fd != keep && fd != dirfd(d))
					fds[n++] = fd;
			}
			more = n == (int)(sizeof fds / sizeof *fds);
			for (int i = 0; i < n; i++)
				close(fds[i]);
		}
		closedir(d);
		return;
	}
	long max = sysconf(_SC_OPEN_MAX);
	if (max < 0 || max > 65536)
		max = 65536;
	for (int fd = 3; fd < max; fd++)
		if (fd != keep)
			close(fd);
}

/* A test hook, not a feature: the builder reads the FIFO
 * CUDALINT_TEST_HOLD_PCH_BUILD names to its end before it builds, so that
 * a test holds the build for as long as it wants, racing no clock. */
static void test_hold(void)
{
	const char *hold = getenv("CUDALINT_TEST_HOLD_PCH_BUILD");
	if (!hold || !*hold)
		return;
	int fd = open(hold, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	char buf[256];
	for (;;) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n == 0 || (n < 0 && errno != EINTR))
			break;
	}
	close(fd);
}

struct bg_build {
	struct paths *f;
	int locked;
	struct build *b;
	unsigned limit;
	struct pch got;
	char why[600];
};

static int build_bg(void *arg)
{
	struct bg_build *bg = arg;
	return build_locked(bg->f, bg->locked, bg->b, now_s() + bg->limit, bg->limit, &bg->got, bg->why,
	                    sizeof bg->why);
}

/* The build, while the runs parse without the PCH: in a grandchild that
 * leaves the session, holding the lock (the inherited descriptor FD)
 * until it is done, and no other descriptor. A failure is recorded next
 * to the PCH (cuda-KEY.pch.failed, its reason), so that runs do not start
 * a build that cannot succeed again and again, and a later run can say
 * why. */
static void build_in_background(struct paths *f, int fd, struct build *b, unsigned limit)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return;
	if (pid > 0) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return;
	}
	/* the first child: out of the session, and gone at once, so the
	 * builder is nobody's child to wait for */
	setsid();
	if (fork() != 0)
		_exit(0);
	int dn = open("/dev/null", O_RDWR);
	if (dn >= 0) {
		dup2(dn, 0);
		dup2(dn, 1);
		dup2(dn, 2);
		if (dn > 2)
			close(dn);
	}
	close_inherited(fd);
	test_hold();
	/* the builder's own name, for what it leaves behind */
	tmp_name(f);
	struct bg_build bg = { f, fd >= 0, b, limit, { 0 }, "" };
	/* forked from the caller's thread, which may have the main thread's
	 * small stack; the parse's child inherits the big one */
	if (guard_deep(build_bg, &bg) != 0) {
		const char *why = bg.why;
		char failed[4300];
		snprintf(failed, sizeof failed, "%s.failed", f->pch);
		struct cl_atomic_file af;
		if (cl_atomic_replace(&af, failed) == 0) {
			fprintf(af.fp, "%s\n", why);
			cl_atomic_commit(&af);
		}
	}
	_exit(0);
}

/* A failed background build younger than a day, whose reason goes in WHY. */
static int failed_lately(const struct paths *f, char *why, size_t len)
{
	char failed[4300];
	struct stat st;
	size_t n;
	snprintf(failed, sizeof failed, "%s.failed", f->pch);
	if (stat(failed, &st) != 0 || st.st_mtime < time(NULL) - 24 * 3600)
		return 0;
	char *text = cl_read_regular(failed, "cannot read", len - 1, &n, why, len);
	if (!text)
		return 0;
	snprintf(why, len, "%.*s", (int)strcspn(text, "\n"), text);
	free(text);
	return 1;
}

/* The PCHs this process (or the one it was forked from) started a build
 * of: one that ended without a PCH or a recorded failure (killed) is not
 * started again by every later file. */
static char started[8][4200];

static int was_started(const char *pch)
{
	for (size_t i = 0; i < sizeof started / sizeof *started; i++)
		if (!strcmp(started[i], pch))
			return 1;
	return 0;
}

static void mark_started(const char *pch)
{
	static size_t next;
	snprintf(started[next], sizeof started[next], "%s", pch);
	next = (next + 1) % (sizeof started / sizeof *started);
}

int pch_ensure(struct pch *out, CXIndex index, const char *const *argv, int argc, int first_user,
               struct CXUnsavedFile *unsaved, unsigned nunsaved, const char *cuda_path, int verbose, int again)
{
	struct paths f;
	memset(out, 0, sizeof *out);
	if (!cuda_path || name_files(&f, argv, argc, first_user, cuda_path) != 0)
		return -1;
	if (have(&f, out) == 0) {
		if (!again)
			cl_cache_touch(f.pch); /* in use: the last to be evicted */
		return 0;
	}

	unsigned limit = guard_pch_timeout();
	char why[600];
	if (failed_lately(&f, why, sizeof why)) {
		if (!again)
			fprintf(stderr, "cudalint: warning: %s: the precompiled toolkit header could not be built "
			                "(%s); parsing without it\n",
			        f.pch, why);
		return -1;
	}
	int fd;
	enum pch_lock_result lr = pch_lock_try(f.lock, &fd);
	if (lr == PCH_BUSY) {
		if (verbose && !again)
			fprintf(stderr, "cudalint: note: %s: another cudalint is building it; parsing without it "
			                "until it is there\n",
			        f.pch);
		return 1;
	}
	if (lr == PCH_LOCKED && have(&f, out) == 0) { /* built since we looked */
		close(fd);
		return 0;
	}
	if (was_started(f.pch)) { /* ours ended without one (killed); unlocked, it may still run */
		if (fd >= 0)
			close(fd);
		return lr == PCH_NO_LOCK ? 1 : -1;
	}
	mark_started(f.pch);
	if (verbose)
		fprintf(stderr, "cudalint: note: %s: building the precompiled toolkit header in the background; "
		                "parsing without it until it is there\n",
		        f.pch);

	const char **args = xmalloc((size_t)(argc + 2) * sizeof *args);
	int nargs = 0;
	for (int i = 0; i < argc; i++) {
		int skip;
		if (project_arg(argv, argc, first_user, i, &skip))
			i += skip;
		else
			args[nargs++] = argv[i];
	}
	args[nargs++] = "-Xclang";
	args[nargs++] = "-fpch-instantiate-templates";
	struct build b = { index, args, nargs, unsaved, nunsaved, NULL, NULL, NULL };
	build_in_background(&f, fd, &b, limit);
	free(args);
	if (fd >= 0)
		close(fd); /* the builder holds the lock now */
	return 1;
}

/* What the PCH cache writes: cuda-KEY.{pch,cuh}, cuda-KEY.pch.failed,
 * builds' temporaries, and the lock. */
static int is_pch_file(const char *name)
{
	return !strcmp(name, "pch.lock") || (!strncmp(name, "cuda-", 5) && (strstr(name, ".pch") || strstr(name, ".cuh"))) ||
	       preamble_is_file(name);
}

int pch_clear(size_t *n, long long *bytes)
{
	char dir[4096];
	if (cl_cache_dir(NULL, dir, sizeof dir) != 0)
		return -1;
	cl_cache_remove(dir, is_pch_file, n, bytes);
	return 0;
}

void pch_discard(struct pch *p)
{
	struct stat st;
	if (p->path && stat(p->path, &st) == 0 && st.st_dev == p->dev && st.st_ino == p->ino)
		unlink(p->path);
	free(p->path);
	p->path = NULL;
}
