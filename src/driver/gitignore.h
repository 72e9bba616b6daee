/* gitignore.h - the files git ignores (.gitignore files, .git/info/exclude,
 * core.excludesFile), for directory walks (docs/cli.md). */
#ifndef CUDALINT_GITIGNORE_H
#define CUDALINT_GITIGNORE_H

/* Sets IGNORED[i] for each of the N existing files PATHS[i] that git
 * ignores in the work tree holding it. Files outside any work tree, and
 * every file when git cannot be run, are left alone; when git fails in a
 * work tree, one warning names it and its files are left alone too. */
void gitignore_mark(const char *const *paths, int n, unsigned char *ignored);

#endif
