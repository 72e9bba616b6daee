/* glob.c - see glob.h.
 *
 * Within one string, the classic two-pointer match: every element other
 * than '*' matches exactly one byte, so when the glob fails after a '*',
 * only the latest '*' needs to take one byte more; an earlier one taking
 * more could only leave the latest fewer bytes to choose from. That is
 * O(len(glob) * len(string)) at worst, and linear for ordinary globs.
 *
 * Across components, "**" is a dynamic programme over (glob component,
 * path component) pairs, each pair's components matched once: O(len(glob)
 * * len(path)) in all, where the recursive expansion of each "**" was
 * exponential in their number. */
#include "util/glob.h"

#include "util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct span {
	const char *p, *e; /* [p, e) */
};

/* How a set ends: it holds the byte or not; it has no ']' (its '[' is
 * then an ordinary byte); or it is ill-formed, and then the glob matches
 * nothing there (glibc's fnmatch gives up on it: an unknown class, a '\'
 * or a range that the glob's end cuts off). */
enum set_result { SET_NO, SET_YES, SET_OPEN, SET_BAD };

/* Whether C is in class NAME[0..n) ("digit"); -1 for an unknown name. */
static int in_class(const char *name, size_t n, unsigned char c)
{
	static const struct {
		const char *name;
		int (*is)(int);
	} classes[] = {
		{ "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank }, { "cntrl", iscntrl },
		{ "digit", isdigit }, { "graph", isgraph }, { "lower", islower }, { "print", isprint },
		{ "punct", ispunct }, { "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit },
	};
	for (size_t k = 0; k < sizeof classes / sizeof *classes; k++)
		if (strlen(classes[k].name) == n && !memcmp(classes[k].name, name, n))
			return classes[k].is(c) != 0;
	return -1;
}

/* The "[:class:]" at S->p ("[:" seen), as glibc reads one: lower-case
 * letters up to ":]"; anything else there makes the '[' an ordinary
 * member (SET_OPEN: the caller takes it so). */
static enum set_result class_member(struct span *s, unsigned char c)
{
	const char *name = s->p + 2, *q = name;
	while (q < s->e && *q >= 'a' && *q < 'z' && q - name < 256)
		q++;
	if (q - name == 256)
		return SET_BAD; /* glibc: longer than any class name can be */
	if (s->e - q < 2 || q[0] != ':' || q[1] != ']')
		return SET_OPEN;
	int in = in_class(name, (size_t)(q - name), c);
	if (in < 0)
		return SET_BAD;
	s->p = q + 2;
	return in ? SET_YES : SET_NO;
}

/* A one-byte "[=x=]" or "[.x.]" at S->p ("[=" or "[." seen): its byte,
 * S->p moved past it; -1 (S->p unmoved) when it is not one. */
static int symbol_member(struct span *s)
{
	if (s->e - s->p < 5 || s->p[3] != s->p[1] || s->p[4] != ']')
		return -1;
	int b = (unsigned char)s->p[2];
	s->p += 5;
	return b;
}

/* One byte of a set at S->p (S->p < S->e), for a member or, RANGE_END, a
 * range's end: a byte, an escaped byte, "[.x.]", or but for a range's
 * end "[=x=]"; S->p moved past it. -1 when the set is ill-formed: a '\'
 * that ends the glob, a "[." that is not a one-byte "[.x.]" (glibc
 * knows no longer collating symbols in the C locale). A "[=" that is not
 * "[=x=]" is a '[' and a '='. */
static int set_byte(struct span *s, int range_end)
{
	if (s->p[0] == '[' && s->e - s->p > 1 && (s->p[1] == '.' || (s->p[1] == '=' && !range_end))) {
		int b = symbol_member(s);
		if (b >= 0 || s->p[1] == '.')
			return b;
	}
	if (s->p[0] == '\\' && ++s->p == s->e)
		return -1;
	return (unsigned char)*s->p++;
}

/* One member of a set at S->p: a class, or a byte or range of bytes. */
static enum set_result set_member(struct span *s, unsigned char c)
{
	if (s->p[0] == '[' && s->e - s->p > 1 && s->p[1] == ':') {
		enum set_result r = class_member(s, c);
		if (r != SET_OPEN)
			return r; /* a class: never a range's start ("[[:digit:]-z]" holds '-') */
	}
	int lo = set_byte(s, 0);
	if (lo < 0)
		return SET_BAD;
	if (s->p == s->e || s->p[0] != '-' || (s->e - s->p > 1 && s->p[1] == ']'))
		return lo == c ? SET_YES : SET_NO; /* a byte; a '-' before ']' is one too */
	s->p++;
	int hi = s->p < s->e ? set_byte(s, 1) : -1;
	if (hi < 0)
		return SET_BAD; /* "[a-" */
	return lo <= c && c <= hi ? SET_YES : SET_NO;
}

/* Whether the set at G->p ('[') holds C, G->p moved past its ']'. */
static enum set_result set_matches(struct span *g, unsigned char c)
{
	struct span s = { g->p + 1, g->e };
	int negate = s.p < s.e && (*s.p == '!' || *s.p == '^');
	s.p += negate;
	int in = 0;
	for (int first = 1; s.p < s.e; first = 0) {
		if (*s.p == ']' && !first) {
			g->p = s.p + 1;
			return in != negate ? SET_YES : SET_NO;
		}
		enum set_result r = set_member(&s, c);
		if (r == SET_BAD)
			return r;
		in |= r == SET_YES;
	}
	return SET_OPEN;
}

/* Whether the element at G->p (not '*') matches byte C; G->p moves past it. */
static int element_matches(struct span *g, unsigned char c)
{
	if (*g->p == '[') {
		enum set_result r = set_matches(g, c);
		if (r != SET_OPEN)
			return r == SET_YES;
	}
	if (*g->p == '?') {
		g->p++;
		return 1;
	}
	if (*g->p == '\\' && ++g->p == g->e)
		return 0; /* a '\' at the end: nothing to match */
	return (unsigned char)*g->p++ == c;
}

int cl_glob_match_n(const char *glob, size_t gn, const char *s, size_t sn)
{
	struct span g = { glob, glob + gn };
	const char *se = s + sn;
	const char *star = NULL, *star_s = NULL; /* after the latest '*'; where it stops */
	while (s < se) {
		if (g.p < g.e && *g.p == '*') {
			while (g.p < g.e && *g.p == '*')
				g.p++;
			if (g.p == g.e)
				return 1;
			star = g.p;
			star_s = s;
			continue;
		}
		if (g.p < g.e && element_matches(&g, (unsigned char)*s)) {
			s++;
			continue;
		}
		if (!star)
			return 0;
		g.p = star; /* the latest '*' takes one byte more */
		s = ++star_s;
	}
	while (g.p < g.e && *g.p == '*')
		g.p++;
	return g.p == g.e;
}

int cl_glob_match(const char *glob, const char *s)
{
	return cl_glob_match_n(glob, strlen(glob), s, strlen(s));
}

/* S split at '/' into N spans (malloc'd). */
static struct span *components(const char *s, size_t *n)
{
	size_t k = 1;
	for (const char *q = s; *q; q++)
		k += *q == '/';
	struct span *v = xcalloc(k, sizeof *v);
	for (size_t i = 0; i < k; i++) {
		const char *e = strchr(s, '/');
		v[i] = (struct span){ s, e ? e : s + strlen(s) };
		s = e ? e + 1 : v[i].e;
	}
	*n = k;
	return v;
}

static int is_globstar(struct span c)
{
	return c.e - c.p == 2 && c.p[0] == '*' && c.p[1] == '*';
}

int cl_glob_match_path(const char *glob, const char *path)
{
	size_t a, b;
	struct span *g = components(glob, &a), *p = components(path, &b);
	/* next[j]: whether g[i+1..] matches p[j..]; cur[j] the same for g[i..] */
	unsigned char *next = xcalloc(b + 1, 1), *cur = xcalloc(b + 1, 1);
	next[b] = 1; /* nothing left of either */
	for (size_t i = a; i-- > 0;) {
		cur[b] = 0; /* a component, even "**", needs one at least */
		for (size_t j = b; j-- > 0;) {
			if (!is_globstar(g[i]))
				cur[j] = next[j + 1] && cl_glob_match_n(g[i].p, (size_t)(g[i].e - g[i].p), p[j].p,
				                                        (size_t)(p[j].e - p[j].p));
			else if (i + 1 == a)
				cur[j] = 1; /* a trailing "**": whatever is left */
			else /* none here, or this component and maybe more */
				cur[j] = next[j] || cur[j + 1];
		}
		unsigned char *t = next;
		next = cur;
		cur = t;
	}
	int m = next[0];
	free(cur);
	free(next);
	free(p);
	free(g);
	return m;
}
