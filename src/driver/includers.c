/* includers.c - files that include a header (includers.h).
 *
 * A header that is not self-contained (it uses types its includer defines,
 * or is a fragment included in the middle of a function) can only be
 * parsed as part of a file that includes it. pre-commit passes such a
 * header alone, so the project tree is searched for its includers: files
 * with an #include directive naming the header's file name. The search
 * only proposes candidates; the caller parses one and checks that its
 * translation unit really read the header. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* fts */
#endif
#include "driver/includers.h"

#include "control/config.h"

#include "util/hash.h"
#include "util/srctext.h"
#include "util/vec.h"
#include "util/path.h"
#include "util/regfile.h"
#include "util/xalloc.h"

#include <fts.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Enough for any real project; a tree larger than this is not walked on. */
#define MAX_FILES 50000
#define MAX_BYTES (4 << 20)

static int has_ext(const char *name, const char *const *exts)
{
	const char *dot = strrchr(name, '.');
	for (int i = 0; dot && exts[i]; i++)
		if (!strcmp(dot, exts[i]))
			return 1;
	return 0;
}

static const char *const source_exts[] = { ".cu", ".cuh", ".h", ".hpp", ".hh", ".inl", ".cpp", ".cc", NULL };

static const char *base_of(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

/* Whether TEXT has an #include whose file name is BASE. */
static int includes_name(const char *text, size_t len, const char *base)
{
	size_t blen = strlen(base);
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (q < eol && *q == '#') {
			q++;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			if ((size_t)(eol - q) > 7 && !strncmp(q, "include", 7)) {
				q += 7;
				while (q < eol && (*q == ' ' || *q == '\t'))
					q++;
				if (q < eol && (*q == '"' || *q == '<')) {
					char close = *q == '"' ? '"' : '>';
					const char *s = ++q;
					while (q < eol && *q != close)
						q++;
					/* the name, after its last slash */
					const char *n = s;
					for (const char *t = s; t < q; t++)
						if (*t == '/')
							n = t + 1;
					if (q < eol && (size_t)(q - n) == blen && !memcmp(n, base, blen))
						return 1;
				}
			}
		}
		p = eol + 1;
	}
	return 0;
}

/* Files whose folder is the top of a project that has no .git (an
 * unpacked release, a copied tree): its build files and cudalint's own
 * configuration. */
static const char *const project_markers[] = { "CMakeLists.txt", "Makefile", "GNUmakefile", "makefile",
	                                       "meson.build", "compile_commands.json", CL_CONFIG_NAME, NULL };

/* The nearest directory at or above DIR (absolute) holding a project
 * marker, in OUT; 0 when there is none below the bound: the walk never
 * reaches $HOME or / (a Makefile in $HOME is no project's, and a walk
 * of a whole home or disk is not bounded). */
static int marker_top(const char *dir, char *out, size_t len)
{
	char d[PATH_MAX];
	const char *home = getenv("HOME");
	size_t hlen = home ? strlen(home) : 0;
	while (hlen > 1 && home[hlen - 1] == '/')
		hlen--;
	snprintf(d, sizeof d, "%s", dir);
	for (;;) {
		if (!d[0] || !strcmp(d, "/") || (hlen > 1 && strlen(d) == hlen && !strncmp(d, home, hlen)))
			return 0;
		for (int k = 0; project_markers[k]; k++) {
			char probe[PATH_MAX + 32];
			struct stat st;
			snprintf(probe, sizeof probe, "%s/%s", d, project_markers[k]);
			if (stat(probe, &st) == 0 && S_ISREG(st.st_mode)) {
				snprintf(out, len, "%s", d);
				return 1;
			}
		}
		char *s = strrchr(d, '/');
		if (!s || s == d)
			return 0;
		*s = 0;
	}
}

/* The top of the project HEADER belongs to: the nearest directory above
 * it that holds .git; without one, the nearest that holds a project
 * marker (the headers in llm.c's llmc/ are included by ../train_gpt2.cu,
 * next to its Makefile); else the header's own directory. */
static void project_root(const char *abs, char *out, size_t len)
{
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", abs);
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir] = 0;
	if (!path_git_top(dir, out, len) && !marker_top(dir, out, len))
		snprintf(out, len, "%s", dir);
}

struct cand { char *path; int rank; };

/* Candidates near the header first: its own directory, then by how many
 * directories apart they are; .cu files before headers; then by name. */
static int rank_of(const char *hdir, const char *p)
{
	size_t common = 0, i = 0;
	for (; hdir[i] && p[i] && hdir[i] == p[i]; i++)
		if (hdir[i] == '/')
			common = i;
	int apart = 0;
	for (const char *t = hdir + common; *t; t++)
		apart += *t == '/';
	for (const char *t = p + common + 1; *t; t++)
		apart += *t == '/';
	if (!hdir[i] && p[i] == '/' && !strchr(p + i + 1, '/'))
		apart = 0; /* the same directory */
	int header = !has_ext(p, (const char *const[]){ ".cu", NULL });
	return apart * 2 + header;
}

static int cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return strcmp(x->path, y->path);
}

void cl_project_root(const char *file, char *root, size_t len)
{
	char abs[PATH_MAX];
	if (cl_srctext_abspath(file, abs, sizeof abs) < 0)
		snprintf(abs, sizeof abs, "%s", file);
	project_root(abs, root, len);
}

void cl_walk_project(const char *root, const char *skip, int (*fn)(const char *path, const char *text, size_t len, void *arg),
                     void *arg)
{
	char top[PATH_MAX];
	snprintf(top, sizeof top, "%s", root);
	char *argv[] = { top, NULL };
	/* no stat of each entry: most are not sources, and a source is
	 * looked at below */
	FTS *fts = fts_open(argv, FTS_PHYSICAL | FTS_NOCHDIR | FTS_NOSTAT, NULL);
	if (!fts)
		return;
	int seen = 0;
	FTSENT *e;
	while ((e = fts_read(fts)) && seen < MAX_FILES) {
		if (e->fts_info == FTS_D && e->fts_level > 0 && e->fts_name[0] == '.') {
			fts_set(fts, e, FTS_SKIP); /* .git and other hidden folders */
			continue;
		}
		if ((e->fts_info != FTS_F && e->fts_info != FTS_NSOK) || !has_ext(e->fts_name, source_exts) ||
		    (skip && !strcmp(e->fts_path, skip)))
			continue;
		/* a regular file, not a link to one (FTS_PHYSICAL) */
		struct stat st;
		if (e->fts_info == FTS_NSOK && lstat(e->fts_path, &st) != 0)
			continue;
		if (e->fts_info == FTS_F)
			st = *e->fts_statp;
		if (!S_ISREG(st.st_mode))
			continue;
		seen++;
		if (st.st_size > MAX_BYTES)
			continue;
		/* its bytes alone: a hit of a header searches again, and a
		 * line index of every file would be most of its cost */
		size_t len;
		char why[256];
		char *text = cl_read_regular(e->fts_path, "cannot read", MAX_BYTES, &len, why, sizeof why);
		int stop = text && fn(e->fts_path, text, len, arg);
		free(text);
		if (stop)
			break;
	}
	fts_close(fts);
}

struct includers { const char *base, *hdir; struct cand *c; int n, cap; };

static int add_includer(const char *path, const char *text, size_t len, void *arg)
{
	struct includers *w = arg;
	if (!includes_name(text, len, w->base))
		return 0;
	CL_VEC_GROW(w->c, w->n, w->cap);
	w->c[w->n].path = xstrdup(path);
	w->c[w->n].rank = rank_of(w->hdir, path);
	w->n++;
	return 0;
}

int cl_find_includers(const char *header, char ***out, char *root, size_t rootlen)
{
	char abs[PATH_MAX];
	*out = NULL;
	if (cl_srctext_abspath(header, abs, sizeof abs) < 0)
		return 0;
	project_root(abs, root, rootlen);
	char hdir[PATH_MAX];
	snprintf(hdir, sizeof hdir, "%s", abs);
	char *slash = strrchr(hdir, '/');
	if (slash)
		*slash = 0;
	struct includers w = { base_of(abs), hdir, NULL, 0, 0 };
	cl_walk_project(root, abs, add_includer, &w);
	int n = w.n;
	struct cand *c = w.c;
	if (n > 1)
		qsort(c, (size_t)n, sizeof *c, cmp_cand);
	*out = xcalloc((size_t)n + 1, sizeof **out);
	for (int i = 0; i < n; i++)
		(*out)[i] = c[i].path;
	free(c);
	return n;
}

void cl_includers_digest(const char *root, char *const *cands, int n, char hex[33])
{
	struct cl_hash h;
	cl_hash_init(&h);
	cl_hash_str(&h, "includers 1");
	cl_hash_str(&h, root);
	for (int k = 0; k < n; k++)
		cl_hash_str(&h, cands[k]);
	cl_hash_hex(&h, hex);
}

int cl_includers_probe(const char *header, char hex[33])
{
	char root[PATH_MAX], **cands;
	int n = cl_find_includers(header, &cands, root, sizeof root);
	cl_includers_digest(root, cands, n, hex);
	for (int k = 0; k < n; k++)
		free(cands[k]);
	free(cands);
	return 0;
}
