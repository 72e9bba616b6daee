/* files.h - the files a run analyses: the paths given, with directories
 * searched (sorted, hidden entries skipped, symbolic links followed while
 * they stay inside the directory searched, or with --follow-links
 * anywhere but /proc, /sys and /dev) for .cu and .cuh. A file reached
 * twice (under any spelling or link) is
 * listed once, as first spelled; a file both named and reached through a
 * walk counts as named (.gitignore applies only to what a walk finds). */
#ifndef CUDALINT_FILES_H
#define CUDALINT_FILES_H

struct file_list {
	char **v;
	unsigned char *walked; /* per file: reached through a directory walk only */
	int n, cap;
	void *seen; /* tsearch(3) set of the files' device and inode */
};

/* What files_add could not look at: PATH, the reason, and whether it is an
 * error (files that may hold device code are not analysed) or a warning. */
typedef void files_problem(const char *path, const char *why, int is_error, void *arg);

/* Adds PATH (a file, or a directory to search, following links out of it
 * when FOLLOW_LINKS). Returns how many files it names (1 for a file; for
 * a directory, the CUDA files found in it, those already listed too, and
 * those named in a warning as left out), or -1 when PATH itself cannot be
 * read. Each problem met on the way is passed to PROBLEM. */
int files_add(struct file_list *l, const char *path, int follow_links, files_problem *problem, void *arg);
/* The name of standard input (`-`) without --stdin-filename. */
#define STDIN_NAME "<stdin>"

/* Adds NAME, which is read from elsewhere (standard input), without
 * requiring it to exist. */
void files_add_unread(struct file_list *l, const char *name);
void files_free(struct file_list *l);

#endif
