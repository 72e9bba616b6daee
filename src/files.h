/* files.h - the files a run analyses: the paths given, with directories
 * searched (sorted, hidden entries skipped) for .cu and .cuh. A file reached
 * twice (under any spelling) is listed once, as first spelled. */
#ifndef CUDALINT_FILES_H
#define CUDALINT_FILES_H

struct file_list {
	char **v;
	char **abs; /* v[i] resolved, to find duplicates */
	int n, cap;
};

/* Adds path (file or directory); returns -1 and sets *reason (a static
 * string, strerror's) when path cannot be read. */
int files_add(struct file_list *l, const char *path, const char **reason);
void files_free(struct file_list *l);

#endif
