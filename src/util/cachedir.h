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

/* Removes the files of DIR that IS_LEFTOVER says a killed run left behind
 * (temporary files), when their last change is AGE seconds old or more
 * (0: whatever their age, for a caller that knows no run is writing). */
void cl_cache_sweep(const char *dir, int (*is_leftover)(const char *name), long age);

#endif
