/* targets.c - what one unit reports on: headers, and .cu fragments, analysed through their includers (run_internal.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run_internal.h"
#include "driver/files.h"

#include "analysis/blocksim.h"
#include "check.h"
#include "control/results.h"
#include "driver/includers.h"
#include "util/srctext.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One spelling per header, whichever file included it and however: the
 * path relative to the current directory (absolute outside it), so that
 * the findings of a header reached from several files are merged. */
const char *targets_header_path(const char *p)
{
	char rel[PATH_MAX];
	return cl_intern(cl_srctext_relpath(p, NULL, rel, sizeof rel) >= 0 ? rel : p);
}


static int in_target(const struct target *t, const struct ir_unit *u, const char *locfile)
{
	if (!locfile)
		return 0;
	if (!t->via)
		return locfile == u->path || !strcmp(locfile, t->file);
	return targets_header_path(locfile) == t->canon;
}

int targets_in_focus(const char *file, void *arg)
{
	const struct target *t = arg;
	return file && targets_header_path(file) == t->canon;
}

/* Why the analysis of F stopped part way, as a line for the report
 * (malloc'd), or NULL: the block simulation could not follow a thread.
 * It says "memory", not "shared memory": the runs also compare a
 * kernel's global memory through its pointer parameters (CL3001), and a
 * kernel with no __shared__ at all (cuda-samples' Mandelbrot) is run for
 * that alone. */
static char *partly_why(const struct ir_unit *u, const struct ir_func *f)
{
	const struct blocksim_stop *st;
	int n = blocksim_stops(u, &st);
	for (int k = 0; k < n; k++) {
		if (st[k].fn != f)
			continue;
		char where[PATH_MAX + 32] = "";
		if (st[k].at.file && st[k].at.line && strcmp(st[k].at.file, f->loc.file))
			snprintf(where, sizeof where, " at %s:%u", targets_header_path(st[k].at.file), st[k].at.line);
		else if (st[k].at.line)
			snprintf(where, sizeof where, " at line %u", st[k].at.line);
		size_t len = strlen(where) + strlen(st[k].why) + 128;
		char *out = xmalloc(len);
		snprintf(out, len, "the block simulation stopped%s (%s); memory accesses after it are not checked "
		         "for races", where, st[k].why);
		return out;
	}
	return NULL;
}

static int cmp_fn_line(const void *a, const void *b)
{
	const struct cl_fn_summary *x = a, *y = b;
	return x->line != y->line ? (x->line < y->line ? -1 : 1) : strcmp(x->name, y->name);
}

/* The device functions that clang's errors left out become failures of
 * their own, and the target's summary says how much of it was analysed:
 * each device function defined in it, analysed, partly analysed (an
 * analysis stopped inside it) or not analysed. */
void targets_record_coverage(const struct target *t, const struct ir_unit *u, const char *cause, struct cl_failures *xo)
{
	struct cl_file_summary s = { .file = t->file, .cause = (char *)cause };
	if (!t->via) { /* the includer's host code is not the header's concern */
		s.errors_ignored = u->errors_ignored;
		s.first_ignored = (char *)u->first_ignored;
	}
	struct cl_fn_summary *fns = xcalloc((size_t)u->nfuncs + (size_t)u->nskipped + 1, sizeof *fns);
	for (int k = 0; k < u->nfuncs; k++) {
		const struct ir_func *f = u->funcs[k];
		if (!(f->is_global || f->is_device) || !in_target(t, u, f->loc.file))
			continue;
		s.device_functions++;
		char *why = partly_why(u, f);
		fns[s.nfns++] = (struct cl_fn_summary){ f->name ? f->name : "?", f->loc.line,
		                                        why ? CL_FN_PARTLY : CL_FN_ANALYSED, why };
	}
	for (int k = 0; k < u->nskipped; k++) {
		const struct ir_skipped *sk = u->skipped[k];
		if (!sk->is_device)
			continue;
		int mine = in_target(t, u, sk->loc.file);
		/* through an includer: its functions that fail on an error in the header */
		if (!mine && t->via && !(sk->error_file && *sk->error_file && in_target(t, u, sk->error_file)))
			continue;
		cl_failures_add_fn(xo, mine ? t->file : t->via && sk->loc.file == u->path ? t->via : targets_header_path(sk->loc.file),
		                   sk->name, sk->loc.line, sk->loc.col, sk->error);
		if (mine) {
			s.device_functions++;
			s.unanalysed++;
			fns[s.nfns++] = (struct cl_fn_summary){ sk->name ? sk->name : "?", sk->loc.line, CL_FN_NOT_ANALYSED,
			                                        (char *)sk->error };
		}
	}
	if (s.nfns > 1)
		qsort(fns, (size_t)s.nfns, sizeof *fns, cmp_fn_line);
	s.fns = fns;
	cl_failures_summary(xo, &s);
	for (int k = 0; k < s.nfns; k++)
		if (fns[k].status == CL_FN_PARTLY)
			free(fns[k].reason);
	free(fns);
}

/* Findings in the project headers that the main file includes: the
 * header's path made canonical, and a note at the #include that brought
 * it in. Analysing through an includer, only the target's findings stay,
 * under the target's own spelling. Returns how many findings remain. */
size_t targets_place_in_headers(const struct target *t, const struct ir_unit *u, struct cl_finding *f, size_t n)
{
	const char *main_file = t->via ? t->via : t->file;
	size_t kept = 0;
	for (size_t k = 0; k < n; k++) {
		struct cl_finding *x = &f[k];
		int in_main = x->pos.file == cl_intern(main_file) || x->pos.file == u->path ||
		              !strcmp(x->pos.file, main_file);
		if (t->via && (in_main || targets_header_path(x->pos.file) != t->canon)) {
			free((char *)x->message);
			for (int j = 0; j < x->nnotes; j++)
				free((char *)x->notes[j].message);
			continue;
		}
		if (!in_main) {
			const char *orig = x->pos.file;
			x->pos.file = t->via ? cl_intern(t->file) : targets_header_path(orig);
			for (int j = 0; j < x->nnotes; j++) {
				const char *nf = x->notes[j].pos.file;
				if (nf && strcmp(nf, main_file))
					x->notes[j].pos.file = t->via && targets_header_path(nf) == t->canon ? cl_intern(t->file)
					                                                            : targets_header_path(nf);
			}
			for (int j = 0; j < u->nincludes && x->nnotes < CL_MAX_NOTES; j++) {
				if (strcmp(u->includes[j].file, orig))
					continue;
				struct cl_note *no = &x->notes[x->nnotes++];
				no->pos = (struct cl_pos){ cl_intern(main_file), u->includes[j].line, u->includes[j].col };
				/* a .cu fragment (`#include "kernel.cu"`) is no header */
				no->message = xstrdup(targets_is_header(orig) ? "the header was analysed as included here"
				                                      : "the file was analysed as included here");
				break;
			}
		}
		f[kept++] = *x;
	}
	return kept;
}

int targets_is_header(const char *file)
{
	if (!strcmp(file, STDIN_NAME))
		return 0; /* standard input without a name: a source file */
	const char *dot = strrchr(file, '.');
	return !dot || strcmp(dot, ".cu");
}

/* Whether the header's own parse needs nothing from an includer. */
int targets_self_contained(const struct ir_unit *u)
{
	return !u->nskipped && !u->errors_ignored;
}

/* The unit of a file that includes header FILE (found in the project
 * tree and checked to have read it), or NULL; *VIA is then its path.
 * FRAGMENT: FILE is a .cu whose device code failed alone; most such files
 * are no one's fragment (their errors are their own), so the note that no
 * includer could be used is given only when some file includes it.
 * *NCANDS: how many files name FILE in an #include. S receives what the
 * choice depended on: the candidate list's digest, and the files that
 * the rejected candidates' parses read (one that did not parse at all:
 * its own path), so the result cache sees a change that would make one
 * of them the includer. */
struct ir_unit *targets_through_includer(struct parser *p, const char *file, char **via, int fragment, int quiet,
                                        int *ncands, struct includer_search *s)
{
	char root[PATH_MAX], **cands;
	int n = cl_find_includers(file, &cands, root, sizeof root);
	*ncands = n;
	cl_includers_digest(root, cands, n, s->digest);
	struct ir_unit *found = NULL;
	const char *canon = targets_header_path(file);
	/* a few tries: a candidate may name another header of the same name */
	for (int k = 0; k < n && k < 4 && !found; k++) {
		char *reason = NULL;
		const char *cand = targets_header_path(cands[k]);
		struct ir_unit *u = cl_parse_file(p->p, cand, file, &reason);
		free(reason);
		for (int d = 0; u && d < u->ndeps && !found; d++)
			if (targets_header_path(u->deps[d]) == canon)
				found = u;
		if (found) {
			*via = xstrdup(cand);
		} else {
			for (int d = 0; u && d < u->ndeps; d++)
				nvcc_strvec_push(&s->read, u->deps[d]);
			if (!u)
				nvcc_strvec_push(&s->read, cand);
			ir_unit_free(u);
		}
	}
	if (!found && !quiet && !fragment)
		cl_eprintf("cudalint: note: %s: the header does not parse on its own (it may need its includer, or "
		           "flags of its build), and no file below %s that includes it could be parsed; it was "
		           "analysed on its own\n", file, root);
	else if (!found && !quiet && n)
		cl_eprintf("cudalint: note: %s: clang rejects its device code on its own, and none of the files below %s "
		           "that #include it could be parsed with it; it was analysed on its own\n", file, root);
	for (int k = 0; k < n; k++)
		free(cands[k]);
	free(cands);
	return found;
}
