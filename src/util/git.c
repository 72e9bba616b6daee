/* git.c - see git.h.
 *
 * Overriding, not isolating. GIT_CONFIG_NOSYSTEM=1 (or an empty
 * GIT_CONFIG_GLOBAL) would drop the user's own configuration, and with it
 * the core.excludesFile that people set there and rely on: git would then
 * ignore other files than `git status` does. The repository's own
 * .git/config cannot be dropped either (it may name core.excludesFile
 * too, and core.ignoreCase). So every configuration file is read as git
 * reads it, and what could run a command or reach the network is pinned
 * instead, where nothing in a file can undo it: `-c` on the command line
 * wins over every configuration file, and the environment variables below
 * win over their configuration keys.
 *
 * `-c protocol.allow=never` alone is not enough: a repository's
 * `protocol.ext.allow=always` outranks it, and `ext::` URLs run any
 * command. An empty GIT_ALLOW_PROTOCOL allows no transport whatever the
 * configuration says, and GIT_NO_LAZY_FETCH=1 stops a partial clone from
 * fetching the objects it lacks in the first place (git 2.39 honours it;
 * an older git ignores it, and the transports stay forbidden). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "util/git.h"

#include "util/xalloc.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

/* git's own options, before -C DIR and the subcommand */
static const char *const git_options[] = {
	"--no-pager",
	"-c", "protocol.allow=never",
	"-c", "core.fsmonitor=false",   /* reading the index would run it */
	"-c", "core.hooksPath=/dev/null",
	"-c", "core.sshCommand=false",
	"-c", "credential.helper=",     /* empty: forget every helper configured */
	"-c", "core.askPass=true",
	"-c", "core.pager=cat",
};

/* the environment set for git; a variable of the same name that cudalint
 * inherited is dropped first */
static const char *const git_env[] = {
	"GIT_NO_LAZY_FETCH=1",
	"GIT_ALLOW_PROTOCOL=",
	"GIT_PROTOCOL_FROM_USER=0",
	"GIT_TERMINAL_PROMPT=0",
	"GIT_ASKPASS=true",
	"SSH_ASKPASS=true",
	"GIT_SSH_COMMAND=false",
	"GIT_PAGER=cat",
};

#define COUNT(a) (sizeof(a) / sizeof *(a))

/* Whether environment entry E sets a variable that git_env sets, or
 * GIT_SSH (which GIT_SSH_COMMAND outranks; dropped so that nothing
 * inherited names a program either way). */
static int overridden(const char *e)
{
	size_t n = strcspn(e, "=");
	if (n == 7 && !strncmp(e, "GIT_SSH", 7))
		return 1;
	for (size_t k = 0; k < COUNT(git_env); k++)
		if (!strncmp(e, git_env[k], n) && git_env[k][n] == '=')
			return 1;
	return 0;
}

/* environ with git_env in place of what it overrides (free the array only) */
static char **git_environment(void)
{
	size_t n = 0;
	while (environ[n])
		n++;
	char **env = xcalloc(n + COUNT(git_env) + 1, sizeof *env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!overridden(environ[i]))
			env[k++] = environ[i];
	for (size_t i = 0; i < COUNT(git_env); i++)
		env[k++] = (char *)git_env[i];
	return env;
}

int cl_git_spawn(pid_t *pid, const posix_spawn_file_actions_t *fa, const char *dir, const char *const *args)
{
	size_t nargs = 0;
	while (args[nargs])
		nargs++;
	const char **argv = xcalloc(1 + COUNT(git_options) + 2 + nargs + 1, sizeof *argv);
	size_t k = 0;
	argv[k++] = "git";
	for (size_t i = 0; i < COUNT(git_options); i++)
		argv[k++] = git_options[i];
	argv[k++] = "-C";
	argv[k++] = dir;
	for (size_t i = 0; i < nargs; i++)
		argv[k++] = args[i];
	char **env = git_environment();

	posix_spawnattr_t at;
	posix_spawnattr_init(&at);
	sigset_t def;
	sigemptyset(&def);
	sigaddset(&def, SIGPIPE); /* ignored in cudalint (main.c), not in git */
	posix_spawnattr_setsigdefault(&at, &def);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF);
	int rc = posix_spawnp(pid, "git", fa, &at, (char *const *)argv, env);
	posix_spawnattr_destroy(&at);
	free(env);
	free(argv);
	return rc;
}
