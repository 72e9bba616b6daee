/* result_cache.h - per-file analysis results kept on disk (--cache-results).
 *
 * An entry is named by a key that the caller hashes from everything the
 * results depend on and that is known before parsing (cudalint's binary and
 * version, libclang, the working directory, the file's path and bytes, the
 * parse options, the rule configuration). What is known only after a parse -
 * the headers the translation unit read - is stored in the entry as a list
 * of dependencies (path, size, modification time in nanoseconds, XXH3-128
 * of the bytes); a lookup hits only when every one of them is unchanged:
 * the same size and either the same modification time or the same bytes
 * (a fresh checkout in CI changes every time, not the bytes); a dependency
 * recorded as missing must still be missing.
 *
 * A header analysed through a file that includes it also depends on which
 * file that is: the entry keeps, for each such search, the header and the
 * digest of the candidate includers found (driver/includers.h), and a
 * look-up hits only when the caller's PROBE finds the same digest again.
 *
 * Entries live in DIR/results/KEY.entry (DIR: util/cachedir.h) and are
 * written atomically (util/atomic_file.h), so concurrent runs and workers
 * never see half an entry. Each carries a checksum of its contents: a
 * damaged, edited or foreign entry, or one that is no regular file, is a
 * miss, and the file's fresh results replace it. */
#ifndef CUDALINT_RESULT_CACHE_H
#define CUDALINT_RESULT_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "finding.h"
#include "util/hash.h" /* the keys */

/* The file of the results directory that remembers the hash of cudalint's
 * binary under its identity (driver/cache_keys.c); --clear-cache removes
 * it, and the sweep what a killed run left of writing it. */
#define CL_RCACHE_BINARY_MEMO "binary.hash"

/* The results directory (created), in out. -1 when there is none. */
int cl_rcache_dir(char *out, size_t len);

/* Once a day (the stamp file DIR/evicted): removes the entries unused for
 * CL_CACHE_MAX_AGE, and what runs killed while storing left in DIR,
 * temporary files (KEY.entry.tmpXXXXXX) older than an hour, which no live
 * run is still writing. Called by every run: on the other days it costs
 * one stat, not a read of a directory of many thousand entries. */
void cl_rcache_sweep(const char *dir);

/* 1 on a hit (results appended to F and X), 0 on a miss. */
/* --clear-cache: removes every entry (and the cache's other files),
 * counting them into *N and *BYTES; -1 when there is no cache directory. */
int cl_rcache_clear(size_t *n, long long *bytes);

/* Searches again what HEADER's includer was chosen from: its digest in HEX,
 * 0; -1 when it cannot be told (a miss). */
typedef int (*cl_rcache_probe_fn)(const char *header, char hex[33]);

/* PROBE answers the entry's includer searches; NULL: an entry with any is
 * a miss. */
int cl_rcache_lookup(const char *dir, const char *key, cl_rcache_probe_fn probe, struct cl_findings *f,
                     struct cl_failures *x);

/* Stores the results of KEY with dependencies DEPS[0..ndeps) (stat'ed now)
 * and NSEARCHES includer searches, SEARCHES[2k] the header and SEARCHES[2k+1]
 * the digest of its candidates.
 * Nothing is stored when a dependency changed at or after NOT_BEFORE (the
 * file was being edited while it was parsed: its recorded state would not
 * match what was analysed). 0 stored, -1 not. */
int cl_rcache_store(const char *dir, const char *key, const char *const *deps, int ndeps,
                    const char *const *searches, int nsearches, const struct timespec *not_before, const struct cl_finding *f, size_t nf,
                    const struct cl_failures *x);

#endif
