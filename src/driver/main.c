/* main.c - the driver: options, the information commands, then one run
 * (run.c). */
#include "driver/options.h"

#include "driver/lsp.h"
#include "control/result_cache.h"
#include "driver/launcher.h"
#include "driver/run.h"
#include "frontend/cuda_env.h"
#include "frontend/frontend.h"
#include "report/text.h"
#include "rules.h"
#include "util/cachedir.h"
#include "util/env.h"
#include "util/guard.h"
#include "util/json_write.h"
#include "util/utf8.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* --list-rules --format=json: the table, for tools */
static void list_rules_json(void)
{
	json_object *a = json_object_new_array();
	for (int i = 0; i < cl_nrules; i++) {
		const struct cl_rule *r = &cl_rules[i];
		char url[512];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "id", json_object_new_string(r->id));
		json_object_object_add(o, "name", json_object_new_string(r->name));
		json_object_object_add(o, "level", json_object_new_string(cl_level_name(r->level)));
		json_object_object_add(o, "enabled_by_default", json_object_new_boolean(r->enabled_by_default));
		json_object_object_add(o, "precision", json_object_new_string(r->precision ? r->precision : "medium"));
		json_object_object_add(o, "summary", json_object_new_string(r->summary));
		json_object_object_add(o, "documentation", json_object_new_string(cl_rule_doc_url(r, url, sizeof url)));
		json_object_array_add(a, o);
	}
	cl_json_write(stdout, a);
	json_object_put(a);
}

static void list_rules(void)
{
	int w = 4;
	for (int i = 0; i < cl_nrules; i++)
		if ((int)strlen(cl_rules[i].name) > w)
			w = (int)strlen(cl_rules[i].name);
	for (int i = 0; i < cl_nrules; i++) {
		const struct cl_rule *r = &cl_rules[i];
		printf("%-6s  %-*s  %-7s  %-3s  %s\n", r->id, w, r->name, cl_level_name(r->level),
		       r->enabled_by_default ? "on" : "off", r->summary);
	}
}

/* --show-toolkit: the CUDA toolkit a run would parse against (the
 * configuration's cuda-path aside), or that there is none. Tests that
 * need the toolkit's headers ask it, so they skip for the same reason a
 * run would fall back. */
static int show_toolkit(const struct options *o)
{
	char err[512] = "";
	char *dir = o->no_toolkit ? NULL : cuda_env_find(o->cuda_path, err, sizeof err);
	if (dir)
		printf("%s\n", dir);
	else if (err[0])
		cl_eprintf("cudalint: error: %s\n", err);
	else
		printf("none: the bundled declarations stand in\n");
	int rc = dir ? 0 : err[0] ? 2 : 1;
	free(dir);
	return rc;
}

static int explain(const char *what)
{
	const struct cl_rule *r = cl_rule_find(what);
	if (!r) {
		cl_eprintf("cudalint: error: --explain: unknown rule '%s' (see cudalint --list-rules)\n", what);
		return 2;
	}
	const char *doc = cl_rule_doc(r);
	if (!doc) {
		printf("%s %s: %s\n", r->id, r->name, r->summary);
		return 0;
	}
	fputs(doc, stdout);
	if (*doc && doc[strlen(doc) - 1] != '\n')
		putchar('\n');
	char url[512];
	printf("\nDocumentation: %s\n", cl_rule_doc_url(r, url, sizeof url));
	return 0;
}

/* --clear-cache, as ruff's `ruff clean`: what the caches hold, removed
 * (only the files cudalint writes there), and how much that was. */
static int clear_cache(void)
{
	size_t n = 0;
	long long bytes = 0;
	char dir[4096];
	if (cl_cache_dir_name(NULL, dir, sizeof dir) != 0) {
		cl_eprintf("cudalint: error: no cache directory ($CUDALINT_CACHE_DIR, $XDG_CACHE_HOME and $HOME are unset)\n");
		return 2;
	}
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		/* as docs/cli.md promises; nothing is created to be emptied */
		cl_eprintf("cudalint: error: %s: no such cache directory\n", dir);
		return 2;
	}
	cl_parser_clear_cache(&n, &bytes);
	cl_rcache_clear(&n, &bytes);
	printf("cudalint: removed %zu file%s (%.1f MB) from %s\n", n, n == 1 ? "" : "s", (double)bytes / 1e6, dir);
	return 0;
}

static int run_command(const struct options *o)
{
	if (o->help) {
		options_usage(stdout);
		return 0;
	}
	if (o->version) {
		printf("cudalint %s (libclang %d)\n", CUDALINT_VERSION, CUDALINT_LLVM_VERSION);
		if (o->verbose) { /* loads libclang, which a plain --version need not */
			char path[4096], version[256];
			printf("libclang: %s\n", cl_frontend_libclang_path(path, sizeof path));
			printf("libclang version: %s\n", cl_frontend_version(version, sizeof version));
		}
		return 0;
	}
	if (o->show_toolkit)
		return show_toolkit(o);
	if (o->clear_cache)
		return clear_cache();
	if (o->list_rules) {
		if (o->format == FORMAT_JSON)
			list_rules_json();
		else
			list_rules();
		return 0;
	}
	if (o->explain)
		return explain(o->explain);

	if (!o->npaths && !o->use_stdin && !o->show_config && !o->show_files && !o->launch_argv) {
		cl_eprintf("cudalint: error: no input files (see cudalint --help)\n");
		return 2;
	}
	/* the limits are checked before anything is read: a bad value is a
	 * usage error, not a default in disguise (util/env.h) */
	char err[256];
	if (cl_env_check(err, sizeof err) < 0) {
		cl_eprintf("cudalint: error: %s\n", err);
		return 2;
	}
	if (o->launch_argv)
		return cl_launch(o);
	return guard_run(cl_run_guarded, (void *)o);
}

int main(int argc, char **argv)
{
	/* a closed pipe is an EPIPE that the report writer handles, not a
	 * death by signal (exit 141) */
	signal(SIGPIPE, SIG_IGN);
	/* a subcommand; a path named lsp is ./lsp */
	if (argc > 1 && !strcmp(argv[1], "lsp"))
		return lsp_main(argc - 1, argv + 1);
	struct options o;
	int status = options_parse(&o, argc, argv) < 0 ? 2 : run_command(&o);
	options_free(&o);
	return status;
}
