/* main.c - the driver: options, files, then per file
 * parse -> lower -> analyse -> check, then report. */
#include "analysis/uniformity.h"
#include "check.h"
#include "files.h"
#include "frontend/frontend.h"
#include "ir/ir.h"
#include "options.h"
#include "report/text.h"
#include "rules.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void list_rules(void)
{
	for (int i = 0; i < cl_nrules; i++) {
		const struct cl_rule *r = &cl_rules[i];
		printf("%s  %-30s %-8s%s %s\n", r->id, r->name, cl_level_name(r->level),
		       r->enabled_by_default ? "" : " (off)", r->summary);
	}
}

static int explain(const char *what)
{
	const struct cl_rule *r = cl_rule_find(what);
	if (!r) {
		fprintf(stderr, "cudalint: error: unknown rule '%s' (see cudalint --list-rules)\n", what);
		return 2;
	}
	const char *doc = cl_rule_doc(r);
	if (!doc) {
		printf("%s %s: %s\n", r->id, r->name, r->summary);
		return 0;
	}
	fputs(doc, stdout);
	return 0;
}

static void add_failure(struct cl_failures *f, const char *file, char *reason)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 8;
		f->v = xrealloc(f->v, f->cap * sizeof *f->v);
	}
	f->v[f->n++] = (struct cl_failure){ cl_intern(file), reason };
}

int main(int argc, char **argv)
{
	struct options o;
	if (options_parse(&o, argc, argv) < 0)
		return 2;
	if (o.help) {
		options_usage(stdout);
		return 0;
	}
	if (o.version) {
		printf("cudalint %s (libclang %d)\n", CUDALINT_VERSION, CUDALINT_LLVM_VERSION);
		return 0;
	}
	if (o.list_rules) {
		list_rules();
		return 0;
	}
	if (o.explain)
		return explain(o.explain);
	if (!o.npaths) {
		fputs("cudalint: error: no input files (see cudalint --help)\n", stderr);
		return 2;
	}

	struct file_list files = { 0 };
	int bad_input = 0;
	for (int i = 0; i < o.npaths; i++)
		if (files_add(&files, o.paths[i]) < 0)
			bad_input = 1;
	if (bad_input)
		return 2;

	struct cl_parse_opts po = { o.cuda_path, o.cuda_arch, o.std, o.clang_args, o.nclang_args, o.no_toolkit };
	char err[512];
	struct cl_parser *parser = cl_parser_new(&po, err, sizeof err);
	if (!parser) {
		fprintf(stderr, "cudalint: error: %s\n", err);
		return 2;
	}

	struct uni_options uo = { o.warp_aligned_blocks };
	struct cl_findings findings = { 0 };
	struct cl_failures failures = { 0 };
	for (int i = 0; i < files.n; i++) {
		char *reason = NULL;
		struct ir_unit *u = cl_parse_file(parser, files.v[i], &reason);
		if (!u) {
			fprintf(stderr, "cudalint: error: %s: %s\n", files.v[i], reason);
			add_failure(&failures, files.v[i], reason);
			continue;
		}
		uniformity_run(u, &uo);
		if (o.dump_ir)
			ir_dump(u, stderr);
		struct cl_ctx cx = { .out = &findings, .path = files.v[i] };
		cl_check_unit(&cx, u);
		ir_unit_free(u);
	}
	cl_parser_free(parser);
	cl_findings_sort(&findings);

	int tty = isatty(STDOUT_FILENO);
	struct text_opts to = {
		.color = o.color == COLOR_ALWAYS || (o.color == COLOR_AUTO && tty && !getenv("NO_COLOR")),
		.snippets = tty && o.color != COLOR_NEVER,
		.show_suppressed = o.report_suppressed,
	};
	report_text(stdout, &findings, &to);
	fflush(stdout);

	int status = failures.n ? 2 : findings.n ? 1 : 0;
	cl_findings_free(&findings);
	files_free(&files);
	return status;
}
