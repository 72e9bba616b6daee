/* analysis_fixture.h - for unit tests of the analyses: a small kernel
 * parsed against the bundled declarations (no toolkit, no CLI), run
 * through every pass (analysis/analyze.c), and the values it passes to
 * `probe(tag, value)` found by tag. Include after cmocka.h. */
#ifndef CUDALINT_ANALYSIS_FIXTURE_H
#define CUDALINT_ANALYSIS_FIXTURE_H

#include "analysis/analyze.h"
#include "frontend/frontend.h"
#include "ir/ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct cl_parser *fixture_parser;

static inline void fixture_open(void)
{
	char err[256];
	struct cl_parse_opts o = { .no_toolkit = 1 };
	fixture_parser = cl_parser_new(&o, err, sizeof err);
	if (!fixture_parser) {
		fprintf(stderr, "no parser: %s\n", err);
		exit(1);
	}
}

static inline void fixture_close(void)
{
	cl_parser_free(fixture_parser);
}

/* SRC, after a declaration of probe(), parsed and analysed. */
static inline struct ir_unit *fixture_analyse(const char *src, int warp_aligned)
{
	char path[] = "/tmp/cudalint-unit-XXXXXX.cu";
	int fd = mkstemps(path, 3);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs("__device__ void probe(int tag, int v);\n", f);
	fputs(src, f);
	fclose(f);
	char *reason = NULL;
	struct ir_unit *u = cl_parse_file(fixture_parser, path, NULL, &reason);
	unlink(path);
	if (!u)
		fail_msg("parse failed: %s", reason);
	struct analysis_options o = { .warp_aligned_blocks = warp_aligned };
	analyze_unit(u, &o);
	return u;
}

static inline void fixture_free(struct ir_unit *u)
{
	analyze_free(u);
	ir_unit_free(u);
}

struct fixture_probe { int tag; struct ir_expr *value; const struct ir_func *fn; };

static inline int fixture_find_probe(struct ir_expr *e, void *arg)
{
	struct fixture_probe *p = arg;
	int64_t tag;
	if (e->kind == EK_CALL && !strcmp(e->u.call->name, "probe") && e->nkids == 2 &&
	    ir_const_value(e->kids[0], &tag) && tag == p->tag) {
		p->value = e->kids[1];
		return 1;
	}
	return 0;
}

/* The value passed to probe(TAG, value), and (in *FN) its function. */
static inline struct ir_expr *fixture_probe(struct ir_unit *u, int tag, const struct ir_func **fn)
{
	struct fixture_probe p = { tag, NULL, NULL };
	for (int i = 0; i < u->nfuncs && !p.value; i++)
		if (ir_walk_stmt_exprs_mut(u->funcs[i]->body, fixture_find_probe, &p) && fn)
			*fn = u->funcs[i];
	if (!p.value)
		fail_msg("no probe(%d, ...)", tag);
	return p.value;
}

#endif
