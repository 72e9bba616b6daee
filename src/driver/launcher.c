/* launcher.c - `cudalint [options] --launcher COMPILER ARGS...`: a
 * compiler launcher (CMAKE_CUDA_COMPILER_LAUNCHER, docs/ci.md). The
 * source file of the compile command is analysed with exactly that
 * command's flags (the translation a compile_commands.json entry goes
 * through, frontend/compdb.h), the findings go to standard error in the
 * compiler's "file:line:col: warning: ..." form, then the command itself
 * replaces this process (exec), so its output and exit status are the
 * build's. Findings fail the build (exit 1, the command not run) only
 * when --fail-on is given; a file that could not be analysed never does.
 *
 * The analysis runs in a child process: the guard's address-space cap,
 * alarm and signal handlers (util/guard.h) stay there, and the compiler
 * starts as it would without the launcher. Nothing but the command given
 * is ever run (docs/security.md). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/launcher.h"

#include "driver/options.h"
#include "driver/run.h"
#include "util/guard.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Options of nvcc and clang whose value is the next word: that word is
 * no source file, whatever its name (-o x.cu, -MF deps.cu). */
static const char *const value_options[] = {
	"-o", "-MF", "-MT", "-MQ", "-MJ", "-include", "-imacros", "-x", "-I", "-isystem", "-iquote",
	"-idirafter", "-D", "-U", "-Xcompiler", "-Xlinker", "-Xptxas", "-Xnvlink", "-Xfatbin", "-Xclang",
	"-Xcudafe", "-Xarch_host", "-Xarch_device", "-ccbin", "--compiler-bindir", "-odir",
	"--output-directory", "--output-file", "--options-file", "-optf", "-arch", "-gencode", "-code",
	"--dependency-output", "--include-path", "--pre-include", "--define-macro", "--undefine-macro",
	"--system-include", "-L", "-l", "--library", "--library-path", "-target", "-rdc", "-std", NULL,
};

static int takes_value(const char *a)
{
	for (int k = 0; value_options[k]; k++)
		if (!strcmp(a, value_options[k]))
			return 1;
	return 0;
}

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && !strcmp(s + n - m, suf);
}

/* -x cu, -x cuda, -xcuda, --x=cu: the command compiles its sources as
 * CUDA, whatever their names */
static int cuda_language(const char *const *argv, int argc)
{
	for (int i = 1; i < argc; i++) {
		const char *lang = !strcmp(argv[i], "-x") && i + 1 < argc ? argv[i + 1]
		                   : !strncmp(argv[i], "--x=", 4)         ? argv[i] + 4
		                   : !strncmp(argv[i], "-x", 2)           ? argv[i] + 2
		                                                          : NULL;
		if (lang && (!strcmp(lang, "cu") || !strcmp(lang, "cuda")))
			return 1;
	}
	return 0;
}

/* The source files of the compile command: words that are no option nor
 * an option's value, name a regular file, and end in .cu (or, under -x cu,
 * in a C or C++ suffix). */
static int find_sources(const char *const *argv, int argc, const char ***out)
{
	static const char *const cxx[] = { ".c", ".cc", ".cpp", ".cxx", ".C", ".c++", NULL };
	int as_cuda = cuda_language(argv, argc), n = 0;
	*out = xcalloc((size_t)argc + 1, sizeof **out);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] == '-') {
			i += takes_value(a);
			continue;
		}
		int ok = has_suffix(a, ".cu");
		for (int k = 0; as_cuda && !ok && cxx[k]; k++)
			ok = has_suffix(a, cxx[k]);
		struct stat st;
		if (ok && stat(a, &st) == 0 && S_ISREG(st.st_mode))
			(*out)[n++] = a;
	}
	return n;
}

/* The analysis of SOURCES, in a child process whose standard output is
 * standard error (a compiler's diagnostics are there; its standard output
 * is the build's). Returns cl_run's exit status, 2 when the child died. */
static int analyse(const struct options *o, const char **sources, int nsources)
{
	struct options a = *o;
	a.paths = sources;
	a.npaths = nsources;
	a.quiet = 1; /* the findings, warnings and errors: no summary in a build log */
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		cl_eprintf("cudalint: warning: cannot start the analysis: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		if (!a.output || !strcmp(a.output, "-"))
			dup2(STDERR_FILENO, STDOUT_FILENO);
		int rc = guard_run(cl_run_guarded, &a);
		fflush(NULL);
		_exit(rc);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 2;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	cl_eprintf("cudalint: warning: the analysis of %s ended by signal %d\n", sources[0], WTERMSIG(st));
	return 2;
}

int cl_launch(const struct options *o)
{
	const char **sources;
	int nsources = find_sources(o->launch_argv, o->launch_argc, &sources);
	int rc = nsources ? analyse(o, sources, nsources) : 0;
	if (rc == 1 && o->option_given[CL_OPT_fail_on]) {
		cl_eprintf("cudalint: error: %s%s: findings at or above --fail-on; not compiled\n", sources[0],
		           nsources > 1 ? " and the others" : "");
		free(sources);
		return 1;
	}
	free(sources);
	/* the compiler as the build would start it */
	signal(SIGPIPE, SIG_DFL);
	fflush(NULL);
	execvp(o->launch_argv[0], (char *const *)o->launch_argv);
	int e = errno;
	cl_eprintf("cudalint: error: cannot run %s: %s\n", o->launch_argv[0], strerror(e));
	return e == ENOENT ? 127 : 126;
}
