/* fixes.c - see fixes.h. What a fix may touch, and what it refuses
 * (docs/fixes.md): only a file this run analysed, only while it holds what
 * was parsed (size, modification time and content hash as they were
 * before the parse), never a read-only file, never through a symbolic
 * link out of the source root, never standard input (--diff shows its
 * fixes). Fixes whose edits overlap one already taken wait for the next
 * run; the same fix of two findings is made once. */
#include "driver/fixes.h"
#include "driver/run_internal.h"

#include "check.h"
#include "rule.h"
#include "util/atomic_file.h"
#include "util/hash.h"
#include "util/regfile.h"
#include "util/srctext.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fixes_snap {
	int ok;
	off_t size;
	struct timespec mtime;
	char hash[33];
};

static void hash_text(const char *t, size_t n, char out[33])
{
	struct cl_hash h;
	cl_hash_init(&h);
	cl_hash_add(&h, t, n);
	cl_hash_hex(&h, out);
}

void fixes_snapshot(struct run *r)
{
	r->snaps = xcalloc((size_t)r->nfiles + 1, sizeof *r->snaps);
	for (int i = 0; i < r->nfiles; i++) {
		struct fixes_snap *s = &r->snaps[i];
		size_t n;
		char why[256];
		struct stat st;
		if (cl_regfile_overlay_of(r->files[i], &n) || stat(r->files[i], &st) < 0)
			continue;
		char *t = cl_read_regular(r->files[i], "cannot read", CL_SOURCE_MAX, &n, why, sizeof why);
		if (!t)
			continue;
		hash_text(t, n, s->hash);
		free(t);
		s->size = st.st_size;
		s->mtime = st.st_mtim;
		s->ok = 1;
	}
}

void fixes_free(struct run *r)
{
	free(r->snaps);
	r->snaps = NULL;
}

/* ---- choosing and applying the edits ------------------------------------------ */

static int applicable(const struct run *r, const struct cl_finding *f)
{
	return !f->suppressed && f->fix.nedits > 0 && (f->fix.safe || r->o->unsafe_fixes);
}

static int edits_overlap(const struct cl_edit *a, const struct cl_edit *b)
{
	if (a->boff == a->eoff && b->boff == b->eoff)
		return a->boff == b->boff; /* two insertions at one place: which first? */
	return a->boff < b->eoff && b->boff < a->eoff;
}

static int same_fix(const struct cl_fix *a, const struct cl_fix *b)
{
	if (a->nedits != b->nedits)
		return 0;
	for (int k = 0; k < a->nedits; k++)
		if (a->edits[k].boff != b->edits[k].boff || a->edits[k].eoff != b->edits[k].eoff ||
		    strcmp(a->edits[k].text, b->edits[k].text))
			return 0;
	return 1;
}

struct chosen {
	const struct cl_edit **e; int ne;   /* every edit taken, sorted by offset */
	const struct cl_finding **taken; int ntaken;
};

static int by_offset(const void *a, const void *b)
{
	const struct cl_edit *x = *(const struct cl_edit *const *)a, *y = *(const struct cl_edit *const *)b;
	if (x->boff != y->boff)
		return x->boff < y->boff ? -1 : 1;
	return x->eoff < y->eoff ? -1 : x->eoff > y->eoff;
}

/* F's fix joins C unless it overlaps one taken: 1 taken (or the same fix
 * as one taken), 0 left for a later run. */
static int choose(struct chosen *c, const struct cl_finding *f, size_t size)
{
	for (int i = 0; i < c->ntaken; i++)
		if (same_fix(&c->taken[i]->fix, &f->fix))
			return 1;
	for (int k = 0; k < f->fix.nedits; k++) {
		if (f->fix.edits[k].eoff > size)
			return 0;
		for (int j = 0; j < c->ne; j++)
			if (edits_overlap(&f->fix.edits[k], c->e[j]))
				return 0;
	}
	c->taken = xrealloc(c->taken, (size_t)(c->ntaken + 1) * sizeof *c->taken);
	c->taken[c->ntaken++] = f;
	c->e = xrealloc(c->e, (size_t)(c->ne + f->fix.nedits) * sizeof *c->e);
	for (int k = 0; k < f->fix.nedits; k++)
		c->e[c->ne++] = &f->fix.edits[k];
	qsort(c->e, (size_t)c->ne, sizeof *c->e, by_offset);
	return 1;
}

/* TEXT[from, to) with the edits E (sorted, inside it) made; malloc'd. */
static char *apply(const char *text, size_t from, size_t to, const struct cl_edit *const *e, int n, size_t *len)
{
	size_t cap = to - from + 1;
	for (int k = 0; k < n; k++)
		cap += strlen(e[k]->text);
	char *out = xmalloc(cap), *p = out;
	size_t at = from;
	for (int k = 0; k < n; k++) {
		memcpy(p, text + at, e[k]->boff - at);
		p += e[k]->boff - at;
		size_t tl = strlen(e[k]->text);
		memcpy(p, e[k]->text, tl);
		p += tl;
		at = e[k]->eoff;
	}
	memcpy(p, text + at, to - at);
	p += to - at;
	*p = 0;
	*len = (size_t)(p - out);
	return out;
}

/* ---- unified diff ------------------------------------------------------------------ */

#define CONTEXT 3

struct lines { const char *t; size_t n; size_t *start; size_t count; };

static void split(struct lines *l, const char *t, size_t n)
{
	l->t = t;
	l->n = n;
	l->count = 0;
	l->start = xmalloc((n + 2) * sizeof *l->start);
	for (size_t i = 0; i < n; i = i + 1) {
		if (i == 0 || t[i - 1] == '\n')
			l->start[l->count++] = i;
	}
	l->start[l->count] = n;
}

static size_t line_of(const struct lines *l, size_t off)
{
	return cl_srctext_line_at(l->start, l->count, off);
}

static int line_eq(const struct lines *a, size_t i, const struct lines *b, size_t j)
{
	size_t la = a->start[i + 1] - a->start[i], lb = b->start[j + 1] - b->start[j];
	return la == lb && !memcmp(a->t + a->start[i], b->t + b->start[j], la);
}

static void put_line(FILE *out, char mark, const struct lines *l, size_t i)
{
	size_t len = l->start[i + 1] - l->start[i];
	fputc(mark, out);
	fwrite(l->t + l->start[i], 1, len, out);
	if (!len || l->t[l->start[i] + len - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

/* One change: old lines [oa, ob) become the lines of NEW [na, nb). */
struct change { size_t oa, ob; struct lines nl; size_t na, nb; };

static void put_hunk(FILE *out, const struct lines *old, struct change *c, int n, long *delta)
{
	size_t os = c[0].oa > CONTEXT ? c[0].oa - CONTEXT : 0;
	size_t oe = c[n - 1].ob + CONTEXT < old->count ? c[n - 1].ob + CONTEXT : old->count;
	size_t oc = oe - os, nc = oc;
	for (int i = 0; i < n; i++)
		nc = nc - (c[i].ob - c[i].oa) + (c[i].nb - c[i].na);
	long ns = (long)os + *delta;
	fprintf(out, "@@ -%zu,%zu +%ld,%zu @@\n", oc ? os + 1 : os, oc, nc ? ns + 1 : ns, nc);
	size_t at = os;
	for (int i = 0; i < n; i++) {
		for (; at < c[i].oa; at++)
			put_line(out, ' ', old, at);
		for (; at < c[i].ob; at++)
			put_line(out, '-', old, at);
		for (size_t j = c[i].na; j < c[i].nb; j++)
			put_line(out, '+', &c[i].nl, j);
		*delta += (long)(c[i].nb - c[i].na) - (long)(c[i].ob - c[i].oa);
	}
	for (; at < oe; at++)
		put_line(out, ' ', old, at);
}

/* The diff of TEXT against TEXT with the edits E made: each run of edits
 * on touching lines is one change, its common first and last lines
 * trimmed; changes closer than twice the context share a hunk. */
static void put_diff(FILE *out, const char *name, const char *text, size_t size, const struct cl_edit *const *e,
                     int n)
{
	struct lines old;
	split(&old, text, size);
	struct change *c = xcalloc((size_t)n + 1, sizeof *c);
	int nc = 0;
	for (int k = 0; k < n;) {
		size_t l1 = line_of(&old, e[k]->boff), l2 = line_of(&old, e[k]->eoff > e[k]->boff ? e[k]->eoff - 1 : e[k]->boff);
		int k2 = k + 1;
		for (; k2 < n && line_of(&old, e[k2]->boff) <= l2 + 1; k2++) {
			size_t m = line_of(&old, e[k2]->eoff > e[k2]->boff ? e[k2]->eoff - 1 : e[k2]->boff);
			l2 = m > l2 ? m : l2;
		}
		if (l2 >= old.count)
			l2 = old.count ? old.count - 1 : 0;
		size_t from = old.count ? old.start[l1] : 0, to = l2 + 1 < old.count ? old.start[l2 + 1] : size;
		size_t len;
		char *nt = apply(text, from, to, e + k, k2 - k, &len);
		struct change *ch = &c[nc++];
		split(&ch->nl, nt, len);
		ch->oa = l1;
		ch->ob = old.count ? l2 + 1 : 0;
		ch->na = 0;
		ch->nb = ch->nl.count;
		while (ch->oa < ch->ob && ch->na < ch->nb && line_eq(&old, ch->oa, &ch->nl, ch->na))
			ch->oa++, ch->na++;
		while (ch->oa < ch->ob && ch->na < ch->nb && line_eq(&old, ch->ob - 1, &ch->nl, ch->nb - 1))
			ch->ob--, ch->nb--;
		k = k2;
	}
	fprintf(out, "--- %s\n+++ %s\n", name, name);
	long delta = 0;
	for (int i = 0; i < nc;) {
		int j = i + 1;
		while (j < nc && c[j].oa <= c[j - 1].ob + 2 * CONTEXT)
			j++;
		put_hunk(out, &old, c + i, j - i, &delta);
		i = j;
	}
	for (int i = 0; i < nc; i++) {
		free((char *)c[i].nl.t);
		free(c[i].nl.start);
	}
	free(c);
	free(old.start);
}

/* ---- one file ------------------------------------------------------------------------ */

static int refuse(const char *file, const char *why)
{
	cl_eprintf("cudalint: error: %s: not fixed: %s\n", file, why);
	return -1;
}

/* The file to write for FILE: itself, or where its symbolic link leads
 * when that stays inside the source root. */
static int target_of(const struct run *r, const char *file, char *real, size_t len)
{
	struct stat st;
	if (lstat(file, &st) < 0)
		return refuse(file, strerror(errno));
	char buf[PATH_MAX], root[PATH_MAX];
	if (!S_ISLNK(st.st_mode)) {
		snprintf(real, len, "%s", file);
		return 0;
	}
	if (!realpath(file, buf) || !realpath(r->srcroot, root))
		return refuse(file, "a symbolic link that cannot be resolved");
	size_t n = strlen(root);
	if (strncmp(buf, root, n) || (buf[n] != '/' && strcmp(root, "/")))
		return refuse(file, "a symbolic link out of the source root");
	snprintf(real, len, "%s", buf);
	return 0;
}

static int write_file(const struct run *r, const char *file, const char *text, size_t n)
{
	char real[PATH_MAX];
	struct stat st;
	if (target_of(r, file, real, sizeof real) < 0)
		return -1;
	if (stat(real, &st) < 0)
		return refuse(file, strerror(errno));
	if (!(st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) || access(real, W_OK) < 0)
		return refuse(file, "the file is read-only");
	struct cl_atomic_file af;
	if (cl_atomic_open(&af, real) < 0)
		return refuse(file, strerror(errno));
	(void)fchmod(fileno(af.fp), st.st_mode & 07777);
	if (fwrite(text, 1, n, af.fp) != n) {
		cl_atomic_abort(&af);
		return refuse(file, strerror(errno ? errno : EIO));
	}
	if (cl_atomic_commit(&af) < 0)
		return refuse(file, strerror(errno));
	return 0;
}

/* The text of analysed file I as it was parsed, or NULL (said why). */
static char *current_text(const struct run *r, int i, size_t *n, int *is_stdin)
{
	const char *file = r->files[i];
	const char *ov = cl_regfile_overlay_of(file, n);
	*is_stdin = ov != NULL;
	if (ov) {
		if (!r->o->diff) {
			refuse(file, "standard input cannot be fixed in place (--diff shows the fixes)");
			return NULL;
		}
		return xstrdup(ov);
	}
	char why[256], hash[33];
	struct stat st;
	char *t = cl_read_regular(file, "cannot read", CL_SOURCE_MAX, n, why, sizeof why);
	if (!t) {
		refuse(file, why);
		return NULL;
	}
	hash_text(t, *n, hash);
	const struct fixes_snap *s = &r->snaps[i];
	if (!s->ok || stat(file, &st) < 0 || st.st_size != s->size || st.st_mtim.tv_sec != s->mtime.tv_sec ||
	    st.st_mtim.tv_nsec != s->mtime.tv_nsec || strcmp(hash, s->hash)) {
		refuse(file, "it changed since cudalint read it; run cudalint again");
		free(t);
		return NULL;
	}
	return t;
}

/* Fixes file I: returns -1 after a refusal; adds to *FIXED the findings
 * fixed (marked in DONE) and to *NFILES the files changed. */
static int fix_file(struct run *r, int i, unsigned char *done, size_t *fixed, int *nfiles)
{
	const char *file = r->files[i];
	int any = 0;
	for (size_t k = 0; k < r->findings.n && !any; k++)
		any = applicable(r, &r->findings.v[k]) && !strcmp(r->findings.v[k].pos.file, file);
	if (!any)
		return 0;
	size_t size;
	int is_stdin;
	char *text = current_text(r, i, &size, &is_stdin);
	if (!text)
		return -1;
	struct chosen c = { 0 };
	size_t nfixed = 0;
	for (size_t k = 0; k < r->findings.n; k++) {
		const struct cl_finding *f = &r->findings.v[k];
		if (!applicable(r, f) || strcmp(f->pos.file, file))
			continue;
		if (choose(&c, f, size)) {
			done[k] = 1;
			nfixed++;
		} else if (!r->o->quiet) {
			cl_eprintf("cudalint: note: %s:%u:%u: the fix of %s overlaps another fix; run cudalint --fix "
			           "again to apply it\n", file, f->pos.line, f->pos.col, f->rule->id);
		}
	}
	int rc = 0;
	if (c.ne && r->o->diff) {
		put_diff(stdout, file, text, size, c.e, c.ne);
	} else if (c.ne) {
		size_t len;
		char *nt = apply(text, 0, size, c.e, c.ne, &len);
		rc = write_file(r, file, nt, len);
		free(nt);
	}
	if (rc < 0) {
		for (size_t k = 0; k < r->findings.n; k++)
			if (!strcmp(r->findings.v[k].pos.file, file))
				done[k] = 0;
	} else {
		*fixed += nfixed;
		*nfiles += c.ne > 0;
	}
	free(c.e);
	free(c.taken);
	free(text);
	return rc;
}

/* A test hook, not a feature: with CUDALINT_TEST_FIX_WAIT=FIFO, wait for a
 * line on FIFO after the analysis and before any file is checked, so that
 * a test changes a file between the parse and the write without racing a
 * clock (docs/testing.md). */
static void test_wait(void)
{
	const char *fifo = getenv("CUDALINT_TEST_FIX_WAIT");
	FILE *fp = fifo && *fifo ? fopen(fifo, "r") : NULL;
	if (!fp)
		return;
	char line[16];
	if (!fgets(line, sizeof line, fp))
		line[0] = 0;
	fclose(fp);
}

int fixes_run(struct run *r, int *fixable)
{
	int rc = 0, nfiles = 0;
	test_wait();
	size_t fixed = 0, unsafe_left = 0;
	unsigned char *done = xcalloc(r->findings.n + 1, 1);
	for (int i = 0; i < r->nfiles; i++)
		if (fix_file(r, i, done, &fixed, &nfiles) < 0)
			rc = -1;
	/* a fix of a file the run did not analyse (a header reached through
	 * an includer) is never made */
	for (size_t k = 0; k < r->findings.n; k++) {
		const struct cl_finding *f = &r->findings.v[k];
		int ours = 0;
		for (int i = 0; i < r->nfiles && !ours; i++)
			ours = !strcmp(f->pos.file, r->files[i]);
		if (applicable(r, f) && !ours) {
			refuse(f->pos.file, "cudalint did not analyse it in this run");
			rc = -1;
		}
		unsafe_left += !f->suppressed && f->fix.nedits && !f->fix.safe && !r->o->unsafe_fixes;
	}
	*fixable = (int)fixed;
	if (r->o->fix) {
		size_t k = 0;
		for (size_t j = 0; j < r->findings.n; j++) {
			if (!done[j]) {
				r->findings.v[k++] = r->findings.v[j];
				continue;
			}
			free((char *)r->findings.v[j].message);
			for (int m = 0; m < r->findings.v[j].nnotes; m++)
				free((char *)r->findings.v[j].notes[m].message);
		}
		r->findings.n = k;
		if (!r->o->quiet)
			cl_eprintf("cudalint: note: fixed %zu finding%s in %d file%s%s\n", fixed, fixed == 1 ? "" : "s",
			           nfiles, nfiles == 1 ? "" : "s", "");
	}
	if (unsafe_left && !r->o->quiet)
		cl_eprintf("cudalint: note: %zu unsafe fix%s not applied (--unsafe-fixes applies them)\n", unsafe_left,
		           unsafe_left == 1 ? "" : "es");
	free(done);
	return rc;
}
