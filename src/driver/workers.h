/* workers.h - a pool of forked worker processes (-j N).
 *
 * libclang and cudalint's global state are not written for threads, so
 * parallel runs fork: each worker is a copy of the parent as it was before
 * the pool started. The parent hands out items one at a time over a pipe
 * per worker (a shared queue: a slow file does not hold up the others) and
 * reads each result back over a second pipe, framed as
 *
 *     int32 item, uint32 length, LENGTH bytes of payload
 *
 * A worker that dies before it answers (a signal, or exit) turns the item it
 * was working on into a crash report to the caller; the item is not retried
 * and a fresh worker takes its place. Workers line-buffer stderr, so the
 * lines they print (clang diagnostics, cudalint errors) stay whole when they
 * interleave. */
#ifndef CUDALINT_WORKERS_H
#define CUDALINT_WORKERS_H

#include <stddef.h>

struct cl_pool_ops {
	/* In a worker: does item I and returns its payload (malloc'd; the pool
	 * frees it) and its length in *len. */
	char *(*work)(int item, size_t *len, void *arg);
	/* In the parent: the payload of item I; or, when the worker died on it,
	 * payload NULL and STATUS how it ended, as wait(2) has it (a signal,
	 * an exit status; util/guard.h's for a file the guard stopped). */
	void (*done)(int item, const char *payload, size_t len, const int *status, void *arg);
	void *arg;
};

/* Runs items[0..n) on at most JOBS workers. Returns the number of items
 * that were not run because no worker could be forked (they are left to
 * the caller, marked in NOT_RUN, which must hold n flags); 0 normally. */
int cl_pool_run(const int *items, int n, int jobs, const struct cl_pool_ops *ops, unsigned char *not_run);

/* The number of online CPUs (at least 1), for -j 0 / -j auto. */
int cl_online_cpus(void);

/* 1 in a worker process, 0 in the parent. */
extern int cl_in_worker;

#endif
