/* parsers.c - the builds of each file, and one parser per set of parse options (run_internal.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run_internal.h"

#include "driver/variants.h"
#include "frontend/compdb.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- parsers ----------------------------------------------------------- */

void parsers_key_add(char **k, size_t *n, const char *s)
{
	size_t m = strlen(s ? s : "\x02") + 1;
	*k = xrealloc(*k, *n + m + 1);
	memcpy(*k + *n, s ? s : "\x02", m - 1);
	(*k)[*n + m - 1] = '\x01';
	*n += m;
	(*k)[*n] = 0;
}

/* File I's builds (variants.h): one per compile command and architecture
 * when a compilation database is in use, else one. Worked out once per
 * file (the parent does it before forking when the result cache needs the
 * key, so a compile command's warning is printed once). */
struct cl_variants *parsers_variants_of(struct run *r, int i)
{
	if (r->variants[i])
		return r->variants[i];
	const char *file = r->files[i];
	struct compdb_cmd *cmds = NULL;
	int ncmds = 0, nbad = 0;
	char why[640] = "";
	char cwd[PATH_MAX];
	if (r->db)
		ncmds = compdb_commands(r->db, file, &cmds, &nbad, why, sizeof why);
	else if (r->o->launch_argv && getcwd(cwd, sizeof cwd)) /* --launcher: the command it wraps */
		ncmds = compdb_command_of_argv(r->o->launch_argv, r->o->launch_argc, cwd, file, &cmds, &nbad, why,
		                               sizeof why);
	if (nbad && !ncmds)
		cl_eprintf("cudalint: warning: %s: its compile command could not be read (%s); using the "
		                "default flags\n", file, why);
	else if (nbad)
		cl_eprintf("cudalint: warning: %s: %d of its compile commands could not be read (%s); analysed "
		                "with the other %d\n", file, nbad, why, ncmds);
	r->variants[i] = xcalloc(1, sizeof *r->variants[i]);
	cl_variants_init(r->variants[i], file, cmds, ncmds, r->o->cuda_arch);
	return r->variants[i];
}

/* The parse options of file I's current build: its configuration's, plus
 * the flags and architecture of the build's compile command. */
struct popts *parsers_popts_of(struct run *r, int i)
{
	struct cl_variants *vs = parsers_variants_of(r, i);
	struct cl_variant *v = &vs->v[vs->cur];
	if (v->data)
		return v->data;
	const struct options *o = r->o;
	struct cfg *g = r->cfg_of[i];
	static const struct strvec none;
	const struct strvec *db_args = v->cmd >= 0 ? &vs->cmds[v->cmd].args : &none;
	struct popts *pp = xcalloc(1, sizeof *pp);
	pp->args = xcalloc((size_t)(g->nargs + db_args->n) + 1, sizeof *pp->args);
	if (g->nargs) /* g->args is NULL without arguments */
		memcpy(pp->args, g->args, (size_t)g->nargs * sizeof *pp->args);
	for (int k = 0; k < db_args->n; k++)
		pp->args[g->nargs + k] = db_args->v[k];
	pp->po = (struct cl_parse_opts){
		o->cuda_path ? o->cuda_path : g->cuda_path,
		v->arch ? v->arch : g->c.cuda_arch, /* --cuda-arch is every variant's arch */
		o->std, pp->args, g->nargs + db_args->n, o->no_toolkit, o->no_cache, o->verbose,
	};
	size_t n = 0;
	parsers_key_add(&pp->key, &n, pp->po.cuda_path);
	parsers_key_add(&pp->key, &n, pp->po.cuda_arch);
	parsers_key_add(&pp->key, &n, pp->po.std);
	parsers_key_add(&pp->key, &n, pp->po.no_toolkit ? "1" : "0");
	parsers_key_add(&pp->key, &n, pp->po.verbose ? "1" : "0");
	for (int k = 0; k < pp->po.nargs; k++)
		parsers_key_add(&pp->key, &n, pp->po.args[k]);
	return v->data = pp;
}

void parsers_popts_free(void *data)
{
	struct popts *pp = data;
	if (!pp)
		return;
	free(pp->key);
	free(pp->args);
	free(pp);
}

/* The parser for a set of options: one per distinct set, created on first
 * use (so a worker creates only the parsers its files need). */
struct parser *parsers_for(struct run *r, const struct popts *pp)
{
	for (int i = 0; i < r->nparsers; i++)
		if (!strcmp(r->parsers[i]->key, pp->key))
			return r->parsers[i];
	struct parser *found = xcalloc(1, sizeof *found);
	found->key = xstrdup(pp->key);
	/* the parser keeps pointers to its arguments: give it its own copies */
	struct cl_parse_opts po = pp->po;
	found->args = xcalloc((size_t)po.nargs + 1, sizeof *found->args);
	for (int i = 0; i < po.nargs; i++)
		found->args[i] = xstrdup(po.args[i]);
	found->nargs = po.nargs;
	po.args = (const char **)found->args;
	found->p = cl_parser_new(&po, found->err, sizeof found->err); /* copies cuda_arch */
	r->parsers = xrealloc(r->parsers, (size_t)(r->nparsers + 1) * sizeof *r->parsers);
	r->parsers[r->nparsers++] = found;
	return found;
}

void parsers_free(struct run *r)
{
	for (int i = 0; i < r->nparsers; i++) {
		struct parser *p = r->parsers[i];
		cl_parser_free(p->p);
		for (int k = 0; k < p->nargs; k++)
			free(p->args[k]);
		free(p->args);
		free(p->key);
		free(p);
	}
	free(r->parsers);
	r->parsers = NULL;
	r->nparsers = 0;
}
