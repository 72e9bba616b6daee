#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "util/guard.h"
#include "util/utf8.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
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

static void say(const char *s)
{
	ssize_t r = write(STDERR_FILENO, s, strlen(s));
	(void)r;
}

/* Async-signal-safe: write(2) and _exit(2) only. */
static void fatal(int sig)
{
	const char *f = current;
	say("cudalint: error: ");
	if (f) {
		say(f);
		say(": ");
	}
	if (sig == SIGALRM)
		say("analysis exceeded the time limit (CUDALINT_FILE_TIMEOUT), not analysed\n");
	else if (sig == SIGABRT)
		say("the parser gave up (out of memory? see CUDALINT_MAX_MEMORY_MB), not analysed\n");
	else
		say("the parser crashed (input nested too deeply?), not analysed\n");
	_exit(2);
}

void guard_file(const char *path)
{
	/* the handler can only write(2): it gets a copy already made safe to
	 * print (util/utf8.h), truncated if need be */
	static char name[2][1024];
	static int which;
	if (path) {
		which ^= 1;
		snprintf(name[which], sizeof name[which], "%s", path);
		cl_text_sanitize(name[which], 0);
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

static void *thread_main(void *p)
{
	struct job *j = p;
	/* A stack overflow needs somewhere else to run its handler. Mapped,
	 * and the thread's previous alternate stack put back before it ends:
	 * a sanitizer runtime gives each thread one of its own and unmaps
	 * whatever is installed when the thread exits. */
	stack_t ss = { .ss_size = ALTSTACK_SIZE, .ss_flags = 0 }, old;
	ss.ss_sp = mmap(NULL, ALTSTACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int alt = ss.ss_sp != MAP_FAILED && sigaltstack(&ss, &old) == 0;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fatal;
	sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM };
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		sigaction(sigs[i], &sa, NULL);
	j->result = j->fn(j->arg);
	if (alt)
		sigaltstack(&old, NULL);
	if (ss.ss_sp != MAP_FAILED)
		munmap(ss.ss_sp, ALTSTACK_SIZE);
	return NULL;
}

static unsigned long env_number(const char *name, unsigned long dflt)
{
	const char *v = getenv(name);
	char *end;
	unsigned long n = v && *v ? strtoul(v, &end, 10) : dflt;
	return v && *v && *end ? dflt : n;
}

unsigned guard_pch_timeout(void)
{
	return (unsigned)env_number("CUDALINT_PCH_TIMEOUT", 120);
}

int guard_run(int (*fn)(void *), void *arg)
{
	/* libclang parses on a thread of its own with an 8 MB stack unless
	 * told not to, and its crash recovery would swallow our handler */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 0);
	timeout_s = (unsigned)env_number("CUDALINT_FILE_TIMEOUT", 300);
	unsigned long mb = env_number("CUDALINT_MAX_MEMORY_MB", 8192);
	struct rlimit rl;
	if (mb && !UNDER_ASAN && getrlimit(RLIMIT_AS, &rl) == 0) {
		rlim_t want = (rlim_t)mb * 1024 * 1024 + STACK_SIZE;
		if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > want) {
			rl.rlim_cur = want;
			setrlimit(RLIMIT_AS, &rl);
		}
	}
	struct job j = { fn, arg, 2 };
	pthread_attr_t at;
	pthread_t t;
	if (pthread_attr_init(&at) != 0 || pthread_attr_setstacksize(&at, STACK_SIZE) != 0 ||
	    pthread_create(&t, &at, thread_main, &j) != 0) {
		/* no big thread to be had: run here, less protected */
		return fn(arg);
	}
	pthread_join(t, NULL);
	pthread_attr_destroy(&at);
	return j.result;
}
