/* path.h - file-name helpers. */
#ifndef CUDALINT_PATH_H
#define CUDALINT_PATH_H

#include <stddef.h>

/* p when absolute (or dir is empty), else dir/p; malloc'd. Relative
 * paths in a compile command or a configuration file are relative to
 * their directory, not to wherever cudalint runs. */
char *path_under(const char *dir, const char *p);

/* The top of the git work tree DIR (absolute) lies in: the nearest
 * directory at or above it that holds .git. 1 with it in OUT, or 0 with
 * DIR in OUT when there is none. */
int path_git_top(const char *dir, char *out, size_t len);

#endif
