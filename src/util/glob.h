/* glob.h - the one glob matcher of cudalint: rule patterns, include: and
 * exclude: paths, per-file-ignores (docs/configuration.md).
 *
 * The syntax is fnmatch(3)'s, without flags, in the C locale: '*' any
 * run of bytes, '?' any one byte, '[...]' one byte of a set (ranges
 * "a-z", classes "[:digit:]", '!' or '^' first negates it, ']' first is a
 * member; a '[' without its ']' is itself), '\' takes the next byte
 * literally, and a '\' at the very end matches nothing. A configuration
 * or a suppression comment in a pull request chooses the glob, so the
 * cost must not depend on the C library (glibc 2.36's fnmatch lets only
 * the latest '*' backtrack; a libc that backtracks every '*' is
 * exponential in their number) nor on the number of "**": these take at
 * most O(len(glob) * len(string)) steps. On ill-formed sets ("[[-" cut
 * off by the glob's end, "[=" in odd places) glibc's fnmatch has quirks
 * of its own that are not copied. */
#ifndef CUDALINT_GLOB_H
#define CUDALINT_GLOB_H

#include <stddef.h>

/* Whether GLOB matches all of S, as fnmatch(GLOB, S, 0) == 0 would: '*',
 * '?' and sets match '/' too. */
int cl_glob_match(const char *glob, const char *s);

/* The same for the first GN bytes of GLOB and the first SN of S. */
int cl_glob_match_n(const char *glob, size_t gn, const char *s, size_t sn);

/* Whether GLOB matches all of PATH, '/'-separated component by
 * component (ruff's per-file-ignores): each component of GLOB matches one
 * component of PATH as above, so nothing crosses a '/', and a component
 * that is exactly "**" matches any number of components, none included;
 * a trailing "**" matches at least one ("tests/" "**" covers what is
 * below tests/, not tests itself). */
int cl_glob_match_path(const char *glob, const char *path);

#endif
