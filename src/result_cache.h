/* result_cache.h - per-file analysis results kept on disk (--cache-results).
 *
 * An entry is named by a key that the caller hashes from everything the
 * results depend on and that is known before parsing (cudalint's binary and
 * version, libclang, the working directory, the file's path and bytes, the
 * parse options, the rule configuration). What is known only after a parse -
 * the headers the translation unit read - is stored in the entry as a list
 * of dependencies (path, size, modification time in nanoseconds); a lookup
 * hits only when every one of them is unchanged (a dependency recorded as
 * missing must still be missing).
 *
 * Entries live in DIR/results/KEY.json, DIR being $CUDALINT_CACHE_DIR, else
 * $XDG_CACHE_HOME/cudalint, else ~/.cache/cudalint, and are written
 * atomically (util/atomic_file.h), so concurrent runs and workers never see
 * half an entry. A damaged or foreign entry is a miss. */
#ifndef CUDALINT_RESULT_CACHE_H
#define CUDALINT_RESULT_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "finding.h"

/* 128-bit FNV-1a pair: two independent 64-bit hashes. */
struct cl_hash {
	uint64_t a, b;
};
void cl_hash_init(struct cl_hash *h);
void cl_hash_add(struct cl_hash *h, const void *p, size_t n);
/* a string and its terminator, so that ("ab","c") and ("a","bc") differ;
 * NULL hashes differently from "" */
void cl_hash_str(struct cl_hash *h, const char *s);
/* 0 when the file was read whole, -1 when it could not be read (the
 * failure is hashed, so the key still differs from any readable file) */
int cl_hash_file(struct cl_hash *h, const char *path);
void cl_hash_hex(const struct cl_hash *h, char out[33]);

/* The results directory (created), in out. -1 when there is none. */
int cl_rcache_dir(char *out, size_t len);

/* 1 on a hit (results appended to F and X), 0 on a miss. */
int cl_rcache_lookup(const char *dir, const char *key, struct cl_findings *f, struct cl_failures *x);

/* Stores the results of KEY with dependencies DEPS[0..ndeps) (stat'ed now).
 * Nothing is stored when a dependency changed at or after NOT_BEFORE (the
 * file was being edited while it was parsed: its recorded state would not
 * match what was analysed). 0 stored, -1 not. */
int cl_rcache_store(const char *dir, const char *key, const char *const *deps, int ndeps,
                    const struct timespec *not_before, const struct cl_finding *f, size_t nf,
                    const struct cl_failures *x);

#endif
