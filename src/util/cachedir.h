/* cachedir.h - where cudalint keeps its caches (the precompiled toolkit
 * header, the result cache): $CUDALINT_CACHE_DIR, else
 * $XDG_CACHE_HOME/cudalint, else ~/.cache/cudalint. */
#ifndef CUDALINT_CACHEDIR_H
#define CUDALINT_CACHEDIR_H

#include <stddef.h>

/* The cache directory, with "/SUB" appended unless SUB is NULL, created
 * with its parents, in OUT. -1 when there is none (no variable set, or it
 * cannot be created). */
int cl_cache_dir(const char *sub, char *out, size_t len);

/* The same name, created nothing (--clear-cache must not make the
 * directory it was asked to empty). -1 when there is none. */
int cl_cache_dir_name(const char *sub, char *out, size_t len);

/* Removes the files of DIR that IS_LEFTOVER says a killed run left behind
 * (temporary files), when their last change is AGE seconds old or more
 * (0: whatever their age, for a caller that knows no run is writing). */
void cl_cache_sweep(const char *dir, int (*is_leftover)(const char *name), long age);

/* Entries unused for this long are removed (30 days): a cache that is
 * never cleaned grows with every toolkit, flag set and edit. */
#define CL_CACHE_MAX_AGE (30L * 24 * 3600)

/* Removes the entries of DIR (the names IS_ENTRY accepts) whose last use
 * (their mtime, see cl_cache_touch) is older than MAX_AGE seconds, then,
 * while more than KEEP are left (0: no limit), the least recently used;
 * never SPARE (a name, or NULL). ALSO, when not NULL, is called with each
 * name removed, to remove what belongs with it. */
void cl_cache_evict(const char *dir, int (*is_entry)(const char *name), long max_age, size_t keep,
                    const char *spare, void (*also)(int dirfd, const char *name));

/* The same, and also while the entries other than SPARE hold more than
 * MAX_BYTES (0: no limit), the least recently used. */
void cl_cache_evict_sized(const char *dir, int (*is_entry)(const char *name), long max_age, size_t keep,
                          long long max_bytes, const char *spare, void (*also)(int dirfd, const char *name));

/* Removes every file of DIR that IS_OURS names (never anything else: the
 * directory may be one the user shares with other files), adding their
 * number and bytes to *N and *BYTES. */
void cl_cache_remove(const char *dir, int (*is_ours)(const char *name), size_t *n, long long *bytes);

/* Records that PATH was used now, as its mtime; at most once an hour, so
 * that a hit costs no write. */
void cl_cache_touch(const char *path);

#endif
