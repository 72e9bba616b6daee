/* srctext.c - file cache, line lookup, column and path conversion.
 *
 * Invariant: a cached file's text is NUL-terminated and never changes
 * while the cache lives, so pointers returned into it stay valid until
 * cl_srctext_free. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "srctext.h"
#include "regfile.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct srcfile {
	char *path;
	char *text;       /* NULL: unreadable (cached as such) */
	size_t len;
	size_t *lines;    /* offset of each line start */
	size_t nlines;
};

struct cl_srctext {
	struct srcfile *v;
	size_t n, cap;
};

struct cl_srctext *cl_srctext_new(void)
{
	return calloc(1, sizeof(struct cl_srctext));
}

void cl_srctext_free(struct cl_srctext *st)
{
	if (!st)
		return;
	for (size_t i = 0; i < st->n; i++) {
		free(st->v[i].path);
		free(st->v[i].text);
		free(st->v[i].lines);
	}
	free(st->v);
	free(st);
}

/* Anything but a regular file (a FIFO would block forever, a device
 * could be endless) is unreadable here: it was reported when the analysis
 * rejected it. */
static char *slurp(const char *path, size_t *len)
{
	char why[256];
	return cl_read_regular(path, "cannot read", CL_SOURCE_MAX - 1, len, why, sizeof why);
}

static struct srcfile *load(struct cl_srctext *st, const char *path)
{
	for (size_t i = 0; i < st->n; i++)
		if (strcmp(st->v[i].path, path) == 0)
			return &st->v[i];
	if (st->n == st->cap) {
		size_t nc = st->cap ? st->cap * 2 : 8;
		struct srcfile *nv = realloc(st->v, nc * sizeof *nv);
		if (!nv)
			return NULL;
		st->v = nv;
		st->cap = nc;
	}
	struct srcfile *f = &st->v[st->n];
	memset(f, 0, sizeof *f);
	f->path = strdup(path);
	if (!f->path)
		return NULL;
	st->n++;
	f->text = slurp(path, &f->len);
	if (!f->text)
		return f;
	size_t cap = 64;
	f->lines = malloc(cap * sizeof *f->lines);
	if (!f->lines)
		return f;
	f->lines[f->nlines++] = 0;
	const char *end = f->text + f->len;
	for (const char *q = f->text; (q = memchr(q, '\n', (size_t)(end - q))) != NULL && q + 1 < end; q++) {
		size_t i = (size_t)(q - f->text);
		if (f->nlines == cap) {
			size_t *nl = realloc(f->lines, (cap *= 2) * sizeof *nl);
			if (!nl)
				return f;
			f->lines = nl;
		}
		f->lines[f->nlines++] = i + 1;
	}
	return f;
}

const char *cl_srctext_file(struct cl_srctext *st, const char *path, size_t *len)
{
	struct srcfile *f = load(st, path);
	if (!f || !f->text)
		return NULL;
	*len = f->len;
	return f->text;
}

const char *cl_srctext_line(struct cl_srctext *st, const char *path, unsigned line, size_t *len)
{
	struct srcfile *f = load(st, path);
	if (!f || !f->text || !f->lines || line == 0 || line > f->nlines)
		return NULL;
	size_t b = f->lines[line - 1], e = b;
	while (e < f->len && f->text[e] != '\n')
		e++;
	if (e > b && f->text[e - 1] == '\r')
		e--;
	*len = e - b;
	return f->text + b;
}

unsigned cl_srctext_codepoint_col(const char *line, size_t len, unsigned byte_col)
{
	if (byte_col == 0)
		return 0;
	unsigned cp = 1;
	for (size_t i = 0; i + 1 < byte_col; i++) {
		if (i >= len || ((unsigned char)line[i] & 0xC0) != 0x80)
			cp++;
	}
	return cp;
}

/* Lexical clean-up of an absolute path: drops "." and empty segments and
 * folds "..". */
static void clean(char *p)
{
	char *out = p, *s = p;
	while (*s) {
		while (*s == '/')
			s++;
		char *e = s;
		while (*e && *e != '/')
			e++;
		size_t n = (size_t)(e - s);
		if (n == 0)
			break;
		if (n == 1 && s[0] == '.') {
			/* skip */
		} else if (n == 2 && s[0] == '.' && s[1] == '.') {
			while (out > p && *--out != '/')
				;
		} else {
			*out++ = '/';
			memmove(out, s, n);
			out += n;
		}
		s = e;
	}
	if (out == p)
		*out++ = '/';
	*out = '\0';
}

int cl_srctext_abspath(const char *path, char *out, size_t len)
{
	char buf[PATH_MAX];
	if (realpath(path, buf)) {
		if (strlen(buf) >= len)
			return -1;
		strcpy(out, buf);
		return 0;
	}
	char tmp[2 * PATH_MAX];
	if (path[0] == '/') {
		if (strlen(path) >= sizeof tmp)
			return -1;
		strcpy(tmp, path);
	} else {
		char cwd[PATH_MAX];
		if (!getcwd(cwd, sizeof cwd))
			return -1;
		if ((size_t)snprintf(tmp, sizeof tmp, "%s/%s", cwd, path) >= sizeof tmp)
			return -1;
	}
	clean(tmp);
	if (strlen(tmp) >= len)
		return -1;
	strcpy(out, tmp);
	return 0;
}

int cl_srctext_relpath(const char *path, const char *root, char *out, size_t len)
{
	char ap[PATH_MAX], ar[PATH_MAX];
	if (cl_srctext_abspath(path, ap, sizeof ap) < 0 ||
	    cl_srctext_abspath(root ? root : ".", ar, sizeof ar) < 0)
		return -1;
	size_t rn = strlen(ar);
	if (rn == 1) /* root is "/" */
		rn = 0;
	if (strncmp(ap, ar, rn) == 0 && ap[rn] == '/' && ap[rn + 1]) {
		if (strlen(ap + rn + 1) >= len)
			return -1;
		strcpy(out, ap + rn + 1);
		return 1;
	}
	if (strlen(ap) >= len)
		return -1;
	strcpy(out, ap);
	return 0;
}

size_t cl_srctext_line_at(const size_t *starts, size_t count, size_t off)
{
	size_t lo = 0, hi = count;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}
