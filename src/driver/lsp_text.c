/* lsp_text.c - see lsp_text.h. */
#include "driver/lsp_text.h"

#include "rules.h"
#include "util/readall.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

char *lsp_uri_to_path(const char *uri)
{
	if (strncmp(uri, "file://", 7))
		return NULL;
	const char *p = uri + 7;
	if (!strncmp(p, "localhost/", 10))
		p += 9;
	if (*p != '/')
		return NULL; /* file://host/...: not this machine's */
	char *out = xmalloc(strlen(p) + 1), *o = out;
	for (; *p && *p != '?' && *p != '#'; p++) {
		if (*p == '%') {
			int h = hexval((unsigned char)p[1]), l = h < 0 ? -1 : hexval((unsigned char)p[2]);
			if (l < 0 || (h == 0 && l == 0)) {
				free(out);
				return NULL;
			}
			*o++ = (char)(h * 16 + l);
			p += 2;
		} else
			*o++ = *p;
	}
	*o = '\0';
	return out;
}

char *lsp_path_to_uri(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	char *out = xmalloc(7 + 3 * strlen(path) + 1), *o = out;
	memcpy(o, "file://", 7);
	o += 7;
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("/-._~", *p))
			*o++ = (char)*p;
		else {
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 15];
		}
	}
	*o = '\0';
	return out;
}

/* The byte offset where 0-based line LINE starts and its length without
 * the line end; -1 when the text has fewer lines. */
static long line_at(struct lsp_text t, int line, size_t *len)
{
	size_t i = 0;
	for (int l = 0; l < line; l++) {
		const char *nl = memchr(t.s + i, '\n', t.len - i);
		if (!nl)
			return -1;
		i = (size_t)(nl - t.s) + 1;
	}
	const char *nl = memchr(t.s + i, '\n', t.len - i);
	size_t end = nl ? (size_t)(nl - t.s) : t.len;
	if (end > i && t.s[end - 1] == '\r')
		end--;
	*len = end - i;
	return (long)i;
}

/* The length of the character at S (at most N bytes): an invalid byte
 * counts as one character of its own. */
static size_t char_len(const char *s, size_t n)
{
	char tmp[5] = { 0 };
	memcpy(tmp, s, n < 4 ? n : 4);
	size_t k = cl_utf8_len(tmp);
	return k ? k : 1;
}

/* UTF-16 units of the first N bytes of S */
static int utf16_units(const char *s, size_t n)
{
	int u = 0;
	for (size_t i = 0; i < n;) {
		size_t k = char_len(s + i, n - i);
		u += k == 4 ? 2 : 1;
		i += k;
	}
	return u;
}

static json_object *position(int line, int character)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "line", json_object_new_int(line));
	json_object_object_add(o, "character", json_object_new_int(character));
	return o;
}

/* Where 1-based LINE and byte COLUMN are: the 0-based line *L, its text
 * *S of *LEN bytes, and the column as an offset into it, clamped to its
 * end; -1 (with *L) when the text has fewer lines. */
static int locate(struct lsp_text t, int line, int column, int *l, const char **s, size_t *len, size_t *col)
{
	*l = line > 0 ? line - 1 : 0;
	long start = line_at(t, *l, len);
	if (start < 0)
		return -1;
	*s = t.s + start;
	*col = column > 1 ? (size_t)(column - 1) : 0;
	if (*col > *len)
		*col = *len;
	return 0;
}

json_object *lsp_position(struct lsp_text t, int line, int column)
{
	int l;
	const char *s;
	size_t len, col;
	if (locate(t, line, column, &l, &s, &len, &col) < 0)
		return position(l, 0);
	return position(l, utf16_units(s, col));
}

static json_object *range(json_object *a, json_object *b)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "start", a);
	json_object_object_add(o, "end", b);
	return o;
}

json_object *lsp_finding_range(struct lsp_text t, int line, int column)
{
	int l;
	const char *s;
	size_t len, a, b;
	if (locate(t, line, column, &l, &s, &len, &a) < 0)
		return range(position(l, 0), position(l, 0));
	for (b = a; b < len && (isalnum((unsigned char)s[b]) || s[b] == '_'); b++)
		;
	if (b == a && a < len)
		b = a + char_len(s + a, len - a);
	int ua = utf16_units(s, a);
	return range(position(l, ua), position(l, ua + utf16_units(s + a, b - a)));
}

long lsp_offset(struct lsp_text t, int line, int character)
{
	size_t len = 0;
	long start = line_at(t, line < 0 ? 0 : line, &len);
	if (start < 0)
		return -1;
	size_t i = 0;
	for (int u = 0; i < len && u < character;) {
		size_t k = char_len(t.s + start + i, len - i);
		u += k == 4 ? 2 : 1;
		i += k;
	}
	return start + (long)i;
}

json_object *lsp_text_edit(struct lsp_text t, const struct lsp_edit *e)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "range", range(lsp_position(t, e->line, e->column), lsp_position(t, e->end_line, e->end_column)));
	json_object_object_add(o, "newText", json_object_new_string(e->text));
	return o;
}

#define MARK "// cudalint: ignore-next-line["

int lsp_suppress_edit(struct lsp_text t, int line, const char *rule, struct lsp_edit *e, char *text_buf, size_t tlen)
{
	size_t len = 0;
	long start = line > 0 ? line_at(t, line - 1, &len) : -1;
	if (start < 0)
		return -1;
	size_t ind = 0;
	while (ind < len && (t.s[start + ind] == ' ' || t.s[start + ind] == '\t'))
		ind++;
	/* the line before, when it is exactly such a comment: the rule joins
	 * its list */
	size_t plen = 0;
	long prev = line > 1 ? line_at(t, line - 2, &plen) : -1;
	if (prev >= 0) {
		const char *p = t.s + prev, *end = p + plen;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		const char *close = memchr(p, ']', (size_t)(end - p));
		if ((size_t)(end - p) > strlen(MARK) && !strncmp(p, MARK, strlen(MARK)) && close && close + 1 == end &&
		    !memchr(p, '\n', (size_t)(end - p))) {
			*e = (struct lsp_edit){ line - 1, (int)(close - (t.s + prev)) + 1, line - 1, (int)(close - (t.s + prev)) + 1, text_buf };
			snprintf(text_buf, tlen, ",%s", rule);
			return 0;
		}
	}
	*e = (struct lsp_edit){ line, 1, line, 1, text_buf };
	snprintf(text_buf, tlen, "%.*s" MARK "%s]\n", (int)(ind < 200 ? ind : 200), t.s + start, rule);
	return 0;
}
