/* path.h - file-name helpers. */
#ifndef CUDALINT_PATH_H
#define CUDALINT_PATH_H

/* p when absolute (or dir is empty), else dir/p; malloc'd. Relative
 * paths in a compile command or a configuration file are relative to
 * their directory, not to wherever cudalint runs. */
char *path_under(const char *dir, const char *p);

#endif
