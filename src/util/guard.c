#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "util/guard.h"
#include "util/env.h"
#include "util/utf8.h"

#include <errno.h>
#include <fcntl.h>

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define STACK_SIZE (1024ul * 1024 * 1024) /* reserved, touched only as deep as needed */
#define ALTSTACK_SIZE (64ul * 1024)

/* AddressSanitizer (gcc defines __SANITIZE_ADDRESS__, clang has the
 * feature test) reserves terabytes of address space for its shadow
 * memory at startup and maps more as the program runs: under an RLIMIT_AS
 * cap every later mapping fails, so a sanitizer build runs uncapped. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

static const char *volatile current;
/* Set by guard_run. 0: no limit, and the process's alarm is left alone: a
 * program that uses the front end without guard_run (the unit tests, the
 * fuzz target) may run a timer of its own, which alarm(0) would cancel. */
static unsigned timeout_s;
static unsigned long cap_mb;     /* CUDALINT_MAX_MEMORY_MB as applied; 0: none */
static rlim_t cap_bytes;         /* the RLIMIT_AS set; 0: none */
static rlim_t cap_base;          /* the address space mapped when it was set */
static long page_size;
static volatile sig_atomic_t in_worker;
/* What each cause says, made before any signal can come (the handler can
 * only write(2) what is ready): the same text for a -j1 run that a
 * worker's parent reports. */
static char reasons[GUARD_ABORT + 1][192];

static void say(const char *s)
{
	ssize_t r = write(STDERR_FILENO, s, strlen(s));
	(void)r;
}

static void make_reasons(void)
{
	snprintf(reasons[GUARD_TIMEOUT], sizeof reasons[0],
	         "analysis exceeded the time limit of %u s (CUDALINT_FILE_TIMEOUT), not analysed", timeout_s);
	if (cap_bytes)
		snprintf(reasons[GUARD_MEMORY], sizeof reasons[0],
		         "ran out of memory under the cap of %lu MB (CUDALINT_MAX_MEMORY_MB), not analysed", cap_mb);
	else
		snprintf(reasons[GUARD_MEMORY], sizeof reasons[0], "ran out of memory, not analysed");
	snprintf(reasons[GUARD_CRASH], sizeof reasons[0], "the parser crashed (input nested too deeply?), not analysed");
	snprintf(reasons[GUARD_ABORT], sizeof reasons[0], "the parser aborted (out of memory?), not analysed");
}

/* The address space in use, from /proc/self/statm; 0 when unknown.
 * Async-signal-safe: open, read, close and arithmetic. */
static rlim_t address_space(void)
{
	char buf[64];
	int fd = open("/proc/self/statm", O_RDONLY);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	rlim_t pages = 0;
	for (ssize_t i = 0; i < n && buf[i] >= '0' && buf[i] <= '9'; i++)
		pages = pages * 10 + (rlim_t)(buf[i] - '0');
	return pages * (rlim_t)page_size;
}

/* Whether a fatal signal is the memory cap's doing. An allocation that
 * fails under RLIMIT_AS makes LLVM or the C++ runtime abort, or makes
 * code that does not check crash on a null pointer. A failed request asks
 * for more than is left of the budget (the cap less what was mapped when
 * it was set), and as buffers grow by doubling it is seldom larger than
 * what is in use: so an abort with half the budget or more in use (or
 * errno still ENOMEM) is the cap's, and so is a crash within a few MB of
 * it (a crash with less in use is clang's recursion, not memory). */
#define NEAR_CAP ((rlim_t)64 << 20)

static enum guard_cause cause_of(int sig, int err)
{
	if (sig == SIGALRM)
		return GUARD_TIMEOUT;
	if (cap_bytes) {
		rlim_t used = address_space(), budget = cap_bytes > cap_base ? cap_bytes - cap_base : 0;
		rlim_t heap = used > cap_base ? used - cap_base : 0;
		if (sig == SIGABRT && (err == ENOMEM || heap * 2 >= budget))
			return GUARD_MEMORY;
		if (used + NEAR_CAP >= cap_bytes)
			return GUARD_MEMORY;
	}
	return sig == SIGABRT ? GUARD_ABORT : GUARD_CRASH;
}

/* Async-signal-safe: write(2) and _exit(2) only. A worker process exits
 * with a status that names the cause, for its parent to report (that
 * parent, not the worker, prints the line, so that -j1 and -jN print and
 * report the same); the main process prints the line itself. */
__attribute__((noreturn)) static void die(enum guard_cause c)
{
	if (in_worker)
		_exit(GUARD_EXIT_BASE + (int)c);
	const char *f = current;
	say("cudalint: error: ");
	if (f) {
		say(f);
		say(": ");
	}
	say(reasons[c]);
	say("\n");
	_exit(2);
}

static void fatal(int sig)
{
	die(cause_of(sig, errno));
}

void guard_out_of_memory(void)
{
	if (!reasons[GUARD_MEMORY][0]) { /* not under guard_run: a unit test */
		say("cudalint: error: out of memory\n");
		_exit(2);
	}
	die(GUARD_MEMORY);
}

void guard_worker(void)
{
	in_worker = 1;
}

int guard_exit_reason(int status, char *out, size_t len)
{
	if (!WIFEXITED(status))
		return 0;
	int c = WEXITSTATUS(status) - GUARD_EXIT_BASE;
	if (c < GUARD_TIMEOUT || c > GUARD_ABORT || !reasons[c][0])
		return 0;
	snprintf(out, len, "%s", reasons[c]);
	return 1;
}

void guard_file(const char *path)
{
	/* the handler can only write(2): it gets a copy already made safe to
	 * print (util/utf8.h), truncated if need be */
	static char name[2][1024];
	static int which;
	if (path) {
		which ^= 1;
		char *clean = cl_text_clean(path, strlen(path), 0);
		snprintf(name[which], sizeof name[which], "%s", clean);
		free(clean);
		cl_text_sanitize(name[which], 0); /* a sequence cut short */
		current = name[which];
	} else {
		current = NULL;
	}
	if (timeout_s)
		alarm(path ? timeout_s : 0);
}

struct job {
	int (*fn)(void *);
	void *arg;
	int result;
};

/* The caps of the process. The address space cap leaves room for the big
 * stack (guard_deep), which is mapped under it: the stack is the run's
 * own, and under a small cap without that room its mapping would fail
 * (the analysis would then run, unprotected, on the main thread's 8 MB
 * stack and die of SIGSEGV with no message). */
static void apply_cap(void)
{
	struct rlimit rl;
	if (!cap_mb || UNDER_ASAN || getrlimit(RLIMIT_AS, &rl) != 0)
		return;
	rlim_t want = (rlim_t)cap_mb * 1024 * 1024 + STACK_SIZE;
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > want) {
		rl.rlim_cur = want;
		if (setrlimit(RLIMIT_AS, &rl) == 0) {
			cap_bytes = want;
			cap_base = address_space();
		}
	}
	make_reasons();
}

/* The calling thread's signal stack and the fatal handlers. A stack
 * overflow needs somewhere else to run its handler. Mapped, and the
 * thread's previous alternate stack put back (disarm) before it ends: a
 * sanitizer runtime gives each thread one of its own and unmaps whatever
 * is installed when the thread exits. */
struct armed {
	stack_t ss, old;
	int alt;
};

/* The calling thread's signal stack: each thread that may overflow its
 * stack needs one of its own. */
static void arm_stack(struct armed *a)
{
	a->ss = (stack_t){ .ss_size = ALTSTACK_SIZE, .ss_flags = 0 };
	a->ss.ss_sp = mmap(NULL, ALTSTACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	a->alt = a->ss.ss_sp != MAP_FAILED && sigaltstack(&a->ss, &a->old) == 0;
}

/* The process's fatal handlers and caps, with the calling thread's
 * signal stack. */
static void arm(struct armed *a)
{
	arm_stack(a);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fatal;
	sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM };
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		sigaction(sigs[i], &sa, NULL);
	apply_cap();
}

static void disarm(struct armed *a)
{
	if (a->alt)
		sigaltstack(&a->old, NULL);
	if (a->ss.ss_sp != MAP_FAILED)
		munmap(a->ss.ss_sp, ALTSTACK_SIZE);
}

static void *thread_main(void *p)
{
	struct job *j = p;
	struct armed a;
	arm_stack(&a);
	j->result = j->fn(j->arg);
	disarm(&a);
	return NULL;
}

unsigned guard_pch_timeout(void)
{
	return (unsigned)cl_env_number(CL_ENV_PCH_TIMEOUT);
}

int guard_run(int (*fn)(void *), void *arg)
{
	/* libclang parses on a thread of its own with an 8 MB stack unless
	 * told not to, and its crash recovery would swallow our handler */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 0);
	timeout_s = (unsigned)cl_env_number(CL_ENV_FILE_TIMEOUT);
	cap_mb = cl_env_number(CL_ENV_MAX_MEMORY_MB);
	page_size = sysconf(_SC_PAGESIZE);
	make_reasons();
	struct armed a;
	arm(&a);
	int rc = fn(arg);
	disarm(&a);
	return rc;
}

int guard_deep(int (*fn)(void *), void *arg)
{
	struct job j = { fn, arg, 2 };
	pthread_attr_t at;
	pthread_t t;
	/* the stack is mapped under the cap, which leaves room for it
	 * (apply_cap): it is not the analysis's memory, so cause_of does not
	 * count it as such */
	if (cap_bytes)
		cap_base += STACK_SIZE;
	if (pthread_attr_init(&at) != 0 || pthread_attr_setstacksize(&at, STACK_SIZE) != 0 ||
	    pthread_create(&t, &at, thread_main, &j) != 0) {
		/* no big thread to be had: run here, with a smaller stack but
		 * the same handlers and caps */
		if (cap_bytes)
			cap_base -= STACK_SIZE;
		return fn(arg);
	}
	pthread_join(t, NULL);
	pthread_attr_destroy(&at);
	if (cap_bytes)
		cap_base -= STACK_SIZE;
	return j.result;
}
