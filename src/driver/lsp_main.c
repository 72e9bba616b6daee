/* lsp_main.c - `cudalint lsp [--debounce=MS] [--workers=N] [OPTIONS]`:
 * the server's own options, and the analysis options it gives every
 * worker, checked here as the command line checks them (lsp.h). */
#include "driver/lsp.h"

#include "driver/options.h"
#include "driver/workers.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
	"usage: cudalint lsp [--debounce=MS] [--workers=N] [OPTIONS]\n"
	"\n"
	"A language server (LSP 3.17) on standard input and output, for editors\n"
	"(docs/editors.md): each open .cu or .cuh file is analysed when it is opened\n"
	"or saved, and MS milliseconds after a change (default 500), its unsaved text\n"
	"through standard input as --stdin-filename does; its findings are published as\n"
	"diagnostics, with a code action that adds a suppression comment.\n"
	"\n"
	"  --debounce=MS           wait after a change before analysing (default 500)\n"
	"  --workers=N             analyses running at once (default: one per CPU)\n"
	"  OPTIONS                 options of cudalint for every analysis, such as\n"
	"                          --cuda-path, -p, --config, --enable (no paths, no -o)\n";

/* A number 0..MAX after PREFIX in ARG: 1, 0 when ARG is not PREFIX..., -1
 * when the number is bad. */
static int number_option(const char *arg, const char *prefix, int max, int *out)
{
	size_t n = strlen(prefix);
	if (strncmp(arg, prefix, n))
		return 0;
	char *end;
	long v = strtol(arg + n, &end, 10);
	if (!arg[n] || *end || v < 0 || v > max)
		return -1;
	*out = (int)v;
	return 1;
}

/* The analysis options, as `cudalint OPTIONS` would take them: 0, or -1
 * after a usage error. */
static int check_options(const char *const *args, int n)
{
	char **argv = xcalloc((size_t)n + 2, sizeof *argv);
	argv[0] = "cudalint";
	for (int i = 0; i < n; i++)
		argv[i + 1] = (char *)args[i];
	struct options o;
	int rc = options_parse(&o, n + 1, argv);
	if (rc == 0 && (o.npaths || o.use_stdin || o.output || o.help || o.version || o.list_rules || o.explain ||
			o.show_config || o.show_files || o.show_toolkit || o.clear_cache || o.write_baseline || o.statistics)) {
		cl_eprintf("cudalint lsp: error: paths and options that change what a run prints or does are not analysis options (see cudalint lsp --help)\n");
		rc = -1;
	}
	options_free(&o);
	free(argv);
	return rc;
}

int lsp_main(int argc, char **argv)
{
	struct lsp_server_options o = { .debounce_ms = 500, .max_workers = cl_online_cpus() };
	const char **args = xcalloc((size_t)argc + 1, sizeof *args);
	int nargs = 0, rc = 0;
	for (int i = 1; i < argc && !rc; i++) {
		int k;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(usage, stdout);
			free(args);
			return 0;
		}
		if ((k = number_option(argv[i], "--debounce=", 600000, &o.debounce_ms)) ||
		    (k = number_option(argv[i], "--workers=", 1024, &o.max_workers))) {
			if (k < 0 || o.max_workers < 1) {
				cl_eprintf("cudalint lsp: error: %s: not a number in range\n", argv[i]);
				rc = 2;
			}
			continue;
		}
		args[nargs++] = argv[i];
	}
	if (!rc && check_options(args, nargs) < 0)
		rc = 2;
	char self[PATH_MAX];
	ssize_t n = rc ? 0 : readlink("/proc/self/exe", self, sizeof self - 1);
	if (!rc && n <= 0) {
		cl_eprintf("cudalint lsp: error: cannot find its own binary in /proc/self/exe\n");
		rc = 2;
	}
	if (!rc) {
		self[n] = '\0';
		o.self = self;
		o.args = args;
		o.nargs = nargs;
		rc = lsp_serve(0, 1, &o);
	}
	free(args);
	return rc;
}
