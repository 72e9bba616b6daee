/* hints.c - naming the cause of a clang error that the build's flags
 * explain (hints.h).
 *
 * Most files that clang rejects on their own are fine in their build: the
 * build passes an -include, or an -I, that cudalint was not given. The
 * error names what is missing (an identifier, a header), and the project
 * tree usually holds what would provide it; saying which file that is
 * turns "not analysed" into a flag to add. This only proposes: a header
 * found by its text, never parsed. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/hints.h"
#include "driver/includers.h"

#include "util/srctext.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The name quoted after PREFIX in ERR, in OUT. */
static int quoted_after(const char *err, const char *prefix, char *out, size_t len)
{
	const char *p = strstr(err, prefix);
	if (!p)
		return 0;
	p += strlen(prefix);
	const char *q = strchr(p, '\'');
	if (!q || q == p || (size_t)(q - p) >= len)
		return 0;
	memcpy(out, p, (size_t)(q - p));
	out[q - p] = 0;
	return 1;
}

static int is_header_name(const char *path)
{
	static const char *const exts[] = { ".h", ".cuh", ".hpp", ".hh", ".inl", NULL };
	const char *dot = strrchr(path, '.');
	for (int i = 0; dot && exts[i]; i++)
		if (!strcmp(dot, exts[i]))
			return 1;
	return 0;
}

/* Whether the line [P, EOL) declares NAME, found at AT in it: `#define
 * NAME`, `struct NAME`, `using NAME =`, `typedef ... NAME;`, or a type (an
 * identifier, `*` or `&`) before NAME and `(`, `;`, `=` or `[` after it. */
static int declares_at(const char *p, const char *eol, const char *at, size_t n)
{
	const char *q = p;
	while (q < at && (*q == ' ' || *q == '\t'))
		q++;
	if (q < at && *q == '#') {
		q++;
		while (q < at && (*q == ' ' || *q == '\t'))
			q++;
		if (at - q < 7 || strncmp(q, "define", 6))
			return 0;
		for (q += 6; q < at && (*q == ' ' || *q == '\t');)
			q++;
		return q == at;
	}
	const char *after = at + n;
	while (after < eol && (*after == ' ' || *after == '\t'))
		after++;
	const char *b = at;
	while (b > p && (b[-1] == ' ' || b[-1] == '\t'))
		b--;
	const char *w = b;
	while (w > p && ident_char(w[-1]))
		w--;
	static const char *const tags[] = { "struct", "class", "union", "enum", "using", "namespace", NULL };
	for (int i = 0; tags[i]; i++)
		if ((size_t)(b - w) == strlen(tags[i]) && !strncmp(w, tags[i], (size_t)(b - w)))
			return 1;
	if (strstr(p, "typedef") && strstr(p, "typedef") < at && after < eol && *after == ';')
		return 1;
	static const char *const not_types[] = { "return", "else", "case", "goto", "throw", "delete", NULL };
	for (int i = 0; not_types[i]; i++)
		if ((size_t)(b - w) == strlen(not_types[i]) && !strncmp(w, not_types[i], (size_t)(b - w)))
			return 0;
	int typed = b > p && (ident_char(b[-1]) || b[-1] == '*' || b[-1] == '&');
	/* what comes before a declared name is types and qualifiers: an
	 * operator or a bracket there makes NAME a use (`x = a * NAME(2)`) */
	for (const char *t = p; typed && t < b; t++)
		if (strchr("=()?!+-/,;.|^%\"'", *t))
			typed = 0;
	return typed && after < eol && strchr("(;=[", *after);
}

/* Whether TEXT declares NAME on a line of its own making (comments aside). */
static int declares(const char *text, size_t len, const char *name)
{
	size_t n = strlen(name);
	const char *end = text + len;
	for (const char *p = text; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *s = p;
		while (s < eol && (*s == ' ' || *s == '\t'))
			s++;
		int comment = s + 1 < eol && ((s[0] == '/' && (s[1] == '/' || s[1] == '*')) || s[0] == '*');
		for (const char *at = p; !comment && at + n <= eol; at++) {
			if (memcmp(at, name, n) || (at > p && ident_char(at[-1])) || (at + n < eol && ident_char(at[n])))
				continue;
			if (declares_at(p, eol, at, n))
				return 1;
		}
		p = eol + 1;
	}
	return 0;
}

struct search { const char *name; int want_decl; char *best; };

/* The first of the candidates by path, so that the hint does not depend
 * on the order the directory lists them in. */
static void take(struct search *s, const char *path)
{
	if (s->best && strcmp(path, s->best) >= 0)
		return;
	free(s->best);
	s->best = xstrdup(path);
}

static int visit(const char *path, const char *text, size_t len, void *arg)
{
	struct search *s = arg;
	if (!is_header_name(path))
		return 0;
	if (s->want_decl) {
		if (declares(text, len, s->name))
			take(s, path);
	} else {
		size_t pl = strlen(path), nl = strlen(s->name);
		if (pl > nl && path[pl - nl - 1] == '/' && !strcmp(path + pl - nl, s->name))
			take(s, path);
	}
	return 0;
}

/* The searches of this process: the files of a project that fail alike
 * (one -include missing) ask for the same name, and each search reads the
 * whole tree. The file asking is left out of its own search, which the
 * memo ignores: a file that declared the name would not miss it. */
struct memo { char *root, *name; int want_decl; char *best; };
static struct memo *memos;
static int nmemos;

static int recall(const char *root, const char *name, int want_decl, char **best)
{
	for (int i = 0; i < nmemos; i++)
		if (memos[i].want_decl == want_decl && !strcmp(memos[i].root, root) && !strcmp(memos[i].name, name)) {
			*best = memos[i].best ? xstrdup(memos[i].best) : NULL;
			return 0;
		}
	return -1;
}

static void remember(const char *root, const char *name, int want_decl, const char *best)
{
	memos = xrealloc(memos, (size_t)(nmemos + 1) * sizeof *memos);
	memos[nmemos++] = (struct memo){ xstrdup(root), xstrdup(name), want_decl, best ? xstrdup(best) : NULL };
}

static void rel(const char *p, char *out, size_t len)
{
	if (cl_srctext_relpath(p, NULL, out, len) < 0)
		snprintf(out, len, "%s", p);
}

char *cl_hint_for_error(const char *file, const char *err)
{
	char name[256], root[PATH_MAX];
	struct search s = { name, 1, NULL };
	if (!err)
		return NULL;
	const char *nf = strstr(err, "' file not found");
	if (nf) {
		const char *open = nf;
		while (open > err && open[-1] != '\'')
			open--;
		if (open == err || (size_t)(nf - open) >= sizeof name)
			return NULL;
		memcpy(name, open, (size_t)(nf - open));
		name[nf - open] = 0;
		s.want_decl = 0;
	} else if (!quoted_after(err, "use of undeclared identifier '", name, sizeof name) &&
	           !quoted_after(err, "unknown type name '", name, sizeof name) &&
	           !quoted_after(err, "no template named '", name, sizeof name)) {
		return NULL;
	}
	char abs[PATH_MAX];
	if (cl_srctext_abspath(file, abs, sizeof abs) < 0)
		return NULL;
	cl_project_root(abs, root, sizeof root);
	if (recall(root, name, s.want_decl, &s.best) != 0) {
		cl_walk_project(root, abs, visit, &s);
		remember(root, name, s.want_decl, s.best);
	}
	if (!s.best)
		return NULL;
	char h[PATH_MAX], dir[PATH_MAX];
	rel(s.best, h, sizeof h);
	snprintf(dir, sizeof dir, "%s", s.best);
	/* the directory that makes the name resolve: the path less the name
	 * as spelled (`inc` for `inc/common.h` spelled `common.h`) */
	size_t cut = strlen(dir) - (s.want_decl ? strlen(strrchr(dir, '/') ? strrchr(dir, '/') : dir) : strlen(name) + 1);
	dir[cut] = 0;
	char reld[PATH_MAX];
	rel(dir, reld, sizeof reld);
	size_t len = strlen(h) * 2 + strlen(reld) + strlen(name) + 160;
	char *out = xmalloc(len);
	if (s.want_decl)
		snprintf(out, len, "`%s` is not declared: `%s` in this project declares it; does the build pass "
		         "`-include %s` or `-I %s`?", name, h, h, reld);
	else
		snprintf(out, len, "`%s` is not on the include path: `%s` in this project is one; does the build "
		         "pass `-I %s`?", name, h, reld);
	free(s.best);
	return out;
}
