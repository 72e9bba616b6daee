/* suppress_scan.c - suppression comments read from source text (see
 * suppress.h for the syntax): a small scanner finds the comments (it
 * knows string, character and raw-string literals, nothing more), and each
 * comment yields at most a few suppressions, each covering a line range
 * [first, last] with either "all rules" or a list of entries. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/suppress_internal.h"

#include "rules.h"
#include "util/glob.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_bad(struct sfile *sf, unsigned line, unsigned col, char *msg)
{
	CL_VEC_GROW(sf->b, sf->nb, sf->capb);
	sf->b[sf->nb++] = (struct bad){line, col, msg};
}

static struct supp *add_supp(struct sfile *sf, unsigned line, unsigned col,
			     unsigned first, unsigned last)
{
	CL_VEC_GROW(sf->s, sf->ns, sf->caps);
	struct supp *s = &sf->s[sf->ns++];
	memset(s, 0, sizeof *s);
	s->line = line;
	s->col = col;
	s->first = first;
	s->last = last;
	return s;
}

static void push_open(size_t **v, size_t *n, size_t *cap, size_t idx)
{
	CL_VEC_PUSH(*v, *n, *cap, idx);
}

static int is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

int suppress_entry_matches(const struct entry *e, const struct cl_rule *r)
{
	if (e->rule)
		return e->rule == r;
	return cl_glob_match(e->pattern, r->id) || cl_glob_match(e->pattern, r->name);
}

static int glob_matches_any(const char *pat)
{
	for (int i = 0; i < cl_nrules; i++)
		if (cl_glob_match(pat, cl_rules[i].id) || cl_glob_match(pat, cl_rules[i].name))
			return 1;
	return 0;
}

/* Adds the entries of a comma-separated LIST[0..n) to S. PREFIXED: the
 * clang-tidy form, where only "cudalint-" entries are ours. Returns the
 * number of entries that were ours (resolved or not). */
static size_t add_entries(struct sfile *sf, struct supp *s, const char *list, size_t n,
			  int prefixed, unsigned line, unsigned col)
{
	size_t ours = 0;
	size_t i = 0;
	while (i <= n) {
		size_t j = i;
		while (j < n && list[j] != ',')
			j++;
		size_t b = i, e = j;
		while (b < e && isspace((unsigned char)list[b]))
			b++;
		while (e > b && isspace((unsigned char)list[e - 1]))
			e--;
		i = j + 1;
		if (b == e)
			continue;
		char *pat = xmalloc(e - b + 1);
		memcpy(pat, list + b, e - b);
		pat[e - b] = '\0';
		char *name = pat;
		if (prefixed) {
			if (strcmp(pat, "*") == 0) {
				/* clang-tidy's "all checks" also covers ours, quietly. */
				s->all = 1;
				s->quiet = 1;
				ours++;
				free(pat);
				continue;
			}
			if (strncmp(pat, "cudalint-", 9) != 0) {
				free(pat);
				continue;
			}
			name = pat + 9;
		}
		ours++;
		const struct cl_rule *r = is_glob(name) ? NULL : cl_rule_find(name);
		if (!r && !(is_glob(name) && glob_matches_any(name))) {
			add_bad(sf, line, col,
				suppress_pool_fmt("Suppression names unknown rule '%s'; check the ID or name.", name));
			free(pat);
			continue;
		}
		s->e = xrealloc(s->e, (s->ne + 1) * sizeof *s->e);
		s->e[s->ne++] = (struct entry){xstrdup(name), r, 0};
		free(pat);
	}
	return ours;
}

static int is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* "cudalint:" directives: the comment's text must start with it. */
/* Where a comment's text starts: after its opening and the blanks, stars
 * and '!'s that doc comments put there. */
static size_t comment_lead(const char *t, size_t n)
{
	size_t i = 0;
	while (i < n && (isspace((unsigned char)t[i]) || t[i] == '*' || t[i] == '/' || t[i] == '!'))
		i++;
	return i;
}

static void parse_cudalint(struct sfile *sf, const char *t, size_t n,
			   unsigned line, unsigned col, unsigned endline)
{
	size_t i = comment_lead(t, n);
	if (n - i < 9 || memcmp(t + i, "cudalint:", 9) != 0)
		return;
	i += 9;
	while (i < n && isspace((unsigned char)t[i]))
		i++;
	size_t w = i;
	while (i < n && (isalnum((unsigned char)t[i]) || t[i] == '-'))
		i++;
	char word[32];
	size_t wn = i - w < sizeof word - 1 ? i - w : sizeof word - 1;
	memcpy(word, t + w, wn);
	word[wn] = '\0';
	while (i < n && (t[i] == ' ' || t[i] == '\t'))
		i++;
	const char *list = NULL;
	size_t nlist = 0, after = i;
	if (i < n && t[i] == '[') {
		size_t j = i + 1;
		while (j < n && t[j] != ']' && t[j] != '\n')
			j++;
		if (j >= n || t[j] != ']') {
			add_bad(sf, line, col, suppress_pool_fmt("Suppression comment lacks the closing ']' of its rule list."));
			return;
		}
		list = t + i + 1;
		nlist = j - i - 1;
		after = j + 1;
	}
	const char *reason = NULL;
	int nreason = 0;
	while (after < n && (t[after] == ' ' || t[after] == '\t'))
		after++;
	if (after + 1 < n && t[after] == '-' && t[after + 1] == '-') {
		size_t b = after + 2, e = n;
		while (b < e && isspace((unsigned char)t[b]))
			b++;
		if (e - b >= 2 && t[e - 2] == '*' && t[e - 1] == '/') /* a block comment's end */
			e -= 2;
		while (e > b && isspace((unsigned char)t[e - 1]))
			e--;
		for (size_t k = b; k < e; k++) /* the first line only */
			if (t[k] == '\n') {
				e = k;
				break;
			}
		if (e > b) {
			reason = t + b;
			nreason = (int)(e - b);
		}
	}

	unsigned first, last;
	int begin = 0;
	if (strcmp(word, "ignore") == 0) {
		first = last = line;
	} else if (strcmp(word, "ignore-next-line") == 0) {
		first = last = endline + 1;
	} else if (strcmp(word, "ignore-file") == 0) {
		first = 1;
		last = UINT_MAX;
	} else if (strcmp(word, "ignore-begin") == 0) {
		first = line;
		last = UINT_MAX; /* until ignore-end closes it */
		begin = 1;
	} else if (strcmp(word, "ignore-end") == 0) {
		if (sf->nopen_cl == 0) {
			add_bad(sf, line, col, suppress_pool_fmt("'cudalint: ignore-end' has no matching ignore-begin."));
			return;
		}
		sf->s[sf->open_cl[--sf->nopen_cl]].last = line;
		return;
	} else {
		add_bad(sf, line, col,
			suppress_pool_fmt("Unknown suppression directive 'cudalint: %s'; use ignore, ignore-next-line, "
				 "ignore-begin, ignore-end or ignore-file.", word));
		return;
	}
	struct supp *s = add_supp(sf, line, col, first, last);
	size_t idx = sf->ns - 1;
	if (reason)
		s->reason = suppress_pool_fmt("%.*s", nreason, reason);
	if (!list) {
		s->all = 1;
	} else {
		size_t ours = add_entries(sf, s, list, nlist, 0, line, col);
		s = &sf->s[idx];
		if (ours == 0) {
			add_bad(sf, line, col, suppress_pool_fmt("Suppression comment has an empty rule list."));
			sf->ns--;
			return;
		}
		if (s->ne == 0 && !s->all) { /* every entry was unknown, already reported */
			sf->ns--;
			return;
		}
	}
	if (begin)
		push_open(&sf->open_cl, &sf->nopen_cl, &sf->capo_cl, idx);
}

/* clang-tidy forms, anywhere in the comment. */
static void parse_nolint(struct sfile *sf, const char *t, size_t n,
			 unsigned line, unsigned col, unsigned endline)
{
	for (size_t i = 0; i + 6 <= n; i++) {
		const char *q = memchr(t + i, 'N', n - 5 - i);
		if (!q)
			break;
		i = (size_t)(q - t);
		if (memcmp(t + i, "NOLINT", 6) != 0 || (i > 0 && is_ident(t[i - 1])))
			continue;
		size_t j = i + 6;
		enum { SAME, NEXT, BEGIN, END } kind = SAME;
		if (n - j >= 8 && memcmp(t + j, "NEXTLINE", 8) == 0)
			kind = NEXT, j += 8;
		else if (n - j >= 5 && memcmp(t + j, "BEGIN", 5) == 0)
			kind = BEGIN, j += 5;
		else if (n - j >= 3 && memcmp(t + j, "END", 3) == 0)
			kind = END, j += 3;
		if (j < n && is_ident(t[j]))
			continue;
		const char *list = NULL;
		size_t nlist = 0;
		if (j < n && t[j] == '(') {
			size_t k = j + 1;
			while (k < n && t[k] != ')')
				k++;
			if (k >= n)
				continue; /* unterminated: clang-tidy ignores it too */
			list = t + j + 1;
			nlist = k - j - 1;
			j = k + 1;
		}
		i = j - 1;
		if (kind == END) {
			if (sf->nopen_nl == 0)
				continue; /* may close a NOLINTBEGIN of another tool's list */
			sf->s[sf->open_nl[--sf->nopen_nl]].last = line;
			continue;
		}
		unsigned first = line, last = line;
		if (kind == NEXT)
			first = last = endline + 1;
		else if (kind == BEGIN)
			last = UINT_MAX;
		struct supp *s = add_supp(sf, line, col, first, last);
		size_t idx = sf->ns - 1;
		if (!list) {
			s->all = 1;
			s->quiet = 1;
		} else {
			size_t ours = add_entries(sf, s, list, nlist, 1, line, col);
			s = &sf->s[idx];
			if (ours == 0 || (s->ne == 0 && !s->all)) {
				sf->ns--; /* another tool's list, or only unknown entries */
				continue;
			}
		}
		if (kind == BEGIN)
			push_open(&sf->open_nl, &sf->nopen_nl, &sf->capo_nl, idx);
	}
}

/* Where a "cudalint:" marker that follows other words in a comment
 * starts: after a nested "//", as in `// reviewed // cudalint: ignore[...]`
 * (ruff finds `# noqa` after a comment the same way). N when none, or when
 * the comment itself starts with the marker. */
static size_t nested_marker(const char *t, size_t n)
{
	size_t i = comment_lead(t, n);
	if (n - i >= 9 && memcmp(t + i, "cudalint:", 9) == 0)
		return n;
	for (size_t k = i; k + 1 < n; k++) {
		const char *q = memchr(t + k, '/', n - 1 - k);
		if (!q)
			break;
		k = (size_t)(q - t);
		if (t[k + 1] != '/')
			continue;
		size_t j = k + 2;
		while (j < n && (t[j] == ' ' || t[j] == '\t'))
			j++;
		if (n - j >= 9 && memcmp(t + j, "cudalint:", 9) == 0)
			return k;
	}
	return n;
}

static void on_comment(struct sfile *sf, const char *t, size_t n,
		       unsigned line, unsigned col, unsigned endline)
{
	size_t k = nested_marker(t, n);
	if (k < n)
		parse_cudalint(sf, t + k, n - k, line, col + (unsigned)k, endline);
	else
		parse_cudalint(sf, t, n, line, col, endline);
	parse_nolint(sf, t, n, line, col, endline);
}

/* Where the scanner is: the line and the start of the line of byte AT,
 * counted only when a comment needs them (most of a file is code the
 * scanner passes over). */
struct lines {
	const char *s;
	size_t at, bol;
	unsigned line;
};

static void count_to(struct lines *p, size_t to)
{
	const char *q = p->s + p->at, *end = p->s + to;
	while (q < end && (q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
		p->line++;
		p->bol = (size_t)(++q - p->s);
	}
	p->at = to;
}

/* The comment scanner. Not a C++ lexer: it knows just enough (literals,
 * raw strings, digit separators, line splices) not to see comments where
 * there are none. */
void suppress_scan(struct sfile *sf, const char *s, size_t n)
{
	struct lines p = { s, 0, 0, 1 };
	size_t i = 0;
	while (i < n) {
		/* to the next byte that may start a comment or a literal; S[N]
		 * is a NUL, and so may a byte before it be */
		i += strcspn(s + i, "/\"'");
		if (i >= n)
			break;
		char c = s[i];
		if (c == '\0') {
			i++;
			continue;
		}
		if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			count_to(&p, i);
			unsigned l0 = p.line, c0 = (unsigned)(i - p.bol + 1);
			size_t b = i + 2, e = b;
			for (;;) {
				const char *q = memchr(s + e, '\n', n - e);
				e = q ? (size_t)(q - s) : n;
				/* a backslash-newline continues a // comment */
				if (e == n || e == b || !(s[e - 1] == '\\' || (s[e - 1] == '\r' && e >= 2 && s[e - 2] == '\\')))
					break;
				e++;
			}
			count_to(&p, e);
			on_comment(sf, s + b, e - b, l0, c0, p.line);
			i = e;
			continue;
		}
		if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			count_to(&p, i);
			unsigned l0 = p.line, c0 = (unsigned)(i - p.bol + 1);
			size_t b = i + 2, e = b;
			while (e + 1 < n) {
				const char *q = memchr(s + e, '*', n - 1 - e);
				if (!q) {
					e = n;
					break;
				}
				e = (size_t)(q - s);
				if (s[e + 1] == '/')
					break;
				e++;
			}
			if (e + 1 >= n) { /* unterminated: to end of file */
				count_to(&p, n);
				on_comment(sf, s + b, n - b, l0, c0, p.line);
				return;
			}
			count_to(&p, e);
			on_comment(sf, s + b, e - b, l0, c0, p.line);
			i = e + 2;
			continue;
		}
		if (c == '"' && i > 0 && s[i - 1] == 'R' &&
		    (i < 2 || !is_ident(s[i - 2]) || strchr("uUL8", s[i - 2]))) {
			/* raw string R"delim( ... )delim" */
			size_t d = i + 1;
			while (d < n && d - i - 1 < 16 && s[d] != '(' && s[d] != '\n')
				d++;
			if (d < n && s[d] == '(') {
				size_t dl = d - i - 1;
				size_t e = d + 1;
				for (; e < n; e++)
					if (s[e] == ')' && e + 1 + dl < n && memcmp(s + e + 1, s + i + 1, dl) == 0 &&
					    s[e + 1 + dl] == '"')
						break;
				i = e < n ? e + 2 + dl : n;
				continue;
			}
		}
		if (c == '"' || c == '\'') {
			if (c == '\'' && i > 0 && is_ident(s[i - 1])) {
				/* digit separator (1'000) unless the identifier is a prefix (u8'x', L'x') */
				size_t k = i;
				while (k > 0 && (is_ident(s[k - 1]) || s[k - 1] == '\''))
					k--;
				if (isdigit((unsigned char)s[k])) {
					i++;
					continue;
				}
			}
			size_t e = i + 1;
			while (e < n && s[e] != c && s[e] != '\n') {
				if (s[e] == '\\' && e + 1 < n)
					e++;
				e++;
			}
			i = e < n && s[e] == c ? e + 1 : e;
			continue;
		}
		i++;
	}
	for (size_t k = 0; k < sf->nopen_cl; k++) {
		struct supp *o = &sf->s[sf->open_cl[k]];
		add_bad(sf, o->line, o->col,
			suppress_pool_fmt("'cudalint: ignore-begin' has no matching ignore-end; it covers the rest of the file."));
	}
}

void suppress_sfile_free(struct sfile *sf)
{
	for (size_t i = 0; i < sf->ns; i++) {
		for (size_t j = 0; j < sf->s[i].ne; j++)
			free(sf->s[i].e[j].pattern);
		free(sf->s[i].e);
	}
	free(sf->s);
	free(sf->b);
	free(sf->open_cl);
	free(sf->open_nl);
}
