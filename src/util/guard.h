/* guard.h - containment for inputs that would crash or exhaust the
 * machine: a deeply nested expression overflows clang's recursive parser,
 * `#include "/dev/zero"` or a macro bomb eats memory without end.
 *
 * The parse and the analyses run on a thread with a large stack (with
 * libclang told not to parse on its own 8 MB thread), address space is
 * capped, each file's parse has a time limit, and a fatal signal becomes
 * one line naming the file and exit status 2, never a core dump or a
 * silent pass. */
#ifndef CUDALINT_GUARD_H
#define CUDALINT_GUARD_H

#include <stddef.h>

/* Runs fn(arg) under the guard, on the calling thread, and returns its
 * result. Limits come from CUDALINT_MAX_MEMORY_MB (default 8192) and
 * CUDALINT_FILE_TIMEOUT (seconds per file, default 300), validated by
 * cl_env_check (util/env.h) beforehand. A build with AddressSanitizer (-DCUDALINT_SANITIZE=ON)
 * ignores the memory cap: the sanitizer's shadow memory needs terabytes
 * of address space. */
int guard_run(int (*fn)(void *), void *arg);

/* Runs fn(arg) on a thread of its own with a 1 GB stack (reserved, and
 * touched only as deep as the code goes) and returns its result: for
 * code whose recursion is as deep as its input, clang's parser, the
 * lowering and the analyses. A process forked there runs on that stack.
 * Under guard_run, which applies the handlers and caps to every thread;
 * where no thread can be had, fn runs on the calling thread. The rest of
 * a run (options, configuration, a result-cache hit, the report) runs on
 * the calling thread: a thread's start and its first pages cost about
 * 0.6 ms, an eighth of a one-file cache hit. */
int guard_deep(int (*fn)(void *), void *arg);

/* Why the guard stops a file. */
enum guard_cause {
	GUARD_TIMEOUT = 1, /* CUDALINT_FILE_TIMEOUT */
	GUARD_MEMORY,      /* an allocation failed (under CUDALINT_MAX_MEMORY_MB) */
	GUARD_CRASH,       /* SIGSEGV and the like: clang's recursion, mostly */
	GUARD_ABORT,       /* SIGABRT for another reason */
};

/* In a worker process (driver/workers.h) the guard prints nothing and
 * exits with GUARD_EXIT_BASE + the cause, which the parent, that
 * survives, turns back into the file's failure (guard_exit_reason).
 * Statuses a worker never exits with otherwise. */
#define GUARD_EXIT_BASE 100
void guard_worker(void);

/* When wait(2) STATUS is a worker's guard exit: 1 and the reason in OUT
 * ("analysis exceeded the time limit of 300 s (CUDALINT_FILE_TIMEOUT),
 * not analysed"), as the main process itself would print it; else 0. */
int guard_exit_reason(int status, char *out, size_t len);

/* An allocation of cudalint's own failed (util/xalloc.h): the file
 * stops as for any other cause, GUARD_MEMORY. Does not return. */
void guard_out_of_memory(void) __attribute__((noreturn));

/* The file being analysed, named if the process has to stop; starts
 * that file's time limit (set by guard_run; outside it, or with
 * CUDALINT_FILE_TIMEOUT=0, the alarm is not touched). NULL: between
 * files. */
void guard_file(const char *path);

/* Seconds that building the precompiled toolkit header may take, waiting
 * for another process's build included: CUDALINT_PCH_TIMEOUT (default
 * 120). The build is not charged to any file's limit. */
unsigned guard_pch_timeout(void);

#endif
