/* files.h - the files a run analyses: the paths given, with directories
 * searched (sorted, hidden entries skipped) for .cu and .cuh. */
#ifndef CUDALINT_FILES_H
#define CUDALINT_FILES_H

struct file_list {
	char **v;
	int n, cap;
};

/* Adds path (file or directory); returns -1 with a message on stderr
 * when path does not exist. */
int files_add(struct file_list *l, const char *path);
void files_free(struct file_list *l);

#endif
