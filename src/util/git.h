/* git.h - running git on a repository cudalint was handed.
 *
 * cudalint runs on pull requests: the repository it searches is not
 * trusted, and neither is its .git/config. Every git that cudalint runs
 * goes through cl_git_spawn, which forbids what a repository's
 * configuration could otherwise make git do on our behalf: fetch over the
 * network (a partial clone fetches missing objects lazily, through a
 * remote and an ssh command the repository names), run a command
 * (core.fsmonitor, core.sshCommand, credential helpers, askpass
 * programs, a pager, hooks), or wait for a password on a terminal. */
#ifndef CUDALINT_GIT_H
#define CUDALINT_GIT_H

#include <spawn.h>
#include <sys/types.h>

/* Starts `git -C DIR ARGS...` (ARGS ends with NULL) with the options and
 * environment above, the file actions FA and SIGPIPE at its default.
 * Returns posix_spawnp's result: 0, or an errno value (ENOENT: no git on
 * PATH); *PID is the child on success. */
int cl_git_spawn(pid_t *pid, const posix_spawn_file_actions_t *fa, const char *dir, const char *const *args);

#endif
