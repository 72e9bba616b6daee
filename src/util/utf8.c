/* utf8.c - see utf8.h. */
#include "util/utf8.h"
#include "util/progress.h"
#include "util/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t cl_utf8_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned char c = s[0];
	if (c < 0x80)
		return c ? 1 : 0;
	/* the second byte's range rules out overlong forms, surrogates and
	 * code points above U+10FFFF (RFC 3629, section 4) */
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else
		return 0;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

static int is_control(const unsigned char *s, size_t len, int flags)
{
	if (flags & CL_TEXT_KEEP_CONTROLS)
		return 0;
	if (len == 1)
		return (s[0] < 0x20 && !(s[0] == '\t' && (flags & CL_TEXT_KEEP_TABS))) || s[0] == 0x7f;
	return len == 2 && s[0] == 0xc2 && s[1] < 0xa0; /* C1: U+0080-009F, 0x9b is a CSI */
}

void cl_text_sanitize(char *str, int flags)
{
	unsigned char *s = (unsigned char *)str;
	while (*s) {
		size_t len = cl_utf8_len((const char *)s);
		if (!len) {
			*s++ = '?';
		} else if (is_control(s, len, flags)) {
			memset(s, '?', len);
			s += len;
		} else {
			s += len;
		}
	}
}

/* The code point of the valid sequence of LEN bytes at S. */
static unsigned long code_point(const unsigned char *s, size_t len)
{
	static const unsigned char lead_mask[5] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	unsigned long c = s[0] & lead_mask[len];
	for (size_t i = 1; i < len; i++)
		c = c << 6 | (s[i] & 0x3f);
	return c;
}

int cl_text_invisible(unsigned long c)
{
	return c == 0x00ad                    /* soft hyphen */
	       || c == 0x061c                 /* ARABIC LETTER MARK */
	       || c == 0x180e                 /* Mongolian vowel separator */
	       || (c >= 0x200b && c <= 0x200f) /* zero widths, LRM, RLM */
	       || (c >= 0x2028 && c <= 0x202e) /* line and paragraph separators, LRE..RLO */
	       || (c >= 0x2060 && c <= 0x2064) /* word joiner, invisible operators */
	       || (c >= 0x2066 && c <= 0x206f) /* LRI, RLI, FSI, PDI, deprecated format */
	       || c == 0xfeff                 /* zero-width no-break space (BOM) */
	       || (c >= 0xfff9 && c <= 0xfffb) /* interlinear annotation */
	       || c == 0xe0001 || (c >= 0xe0020 && c <= 0xe007f); /* tags */
}

char *cl_text_clean(const char *str, size_t n, int flags)
{
	/* a NUL-terminated copy, so that no sequence is read past N; a NUL
	 * inside is a byte like any other */
	char *t = xmalloc(n + 1);
	memcpy(t, str, n);
	t[n] = 0;
	for (size_t i = 0; i < n; i++)
		if (!t[i])
			t[i] = '?';
	/* "<U+XXXXX>" is 9 bytes for a sequence of at least 2: 5 per byte is room */
	char *p = xmalloc(5 * n + 1), *o = p;
	for (const unsigned char *s = (const unsigned char *)t; *s;) {
		if (*s >= 0x20 && *s < 0x7f) { /* printable ASCII, most of any text: as it is */
			*o++ = (char)*s++;
			continue;
		}
		size_t len = cl_utf8_len((const char *)s);
		if (!len || is_control(s, len, flags)) {
			size_t k = len ? len : 1;
			memset(o, '?', k);
			o += k;
			s += k;
			continue;
		}
		unsigned long c = len > 1 ? code_point(s, len) : s[0];
		if (!(flags & CL_TEXT_KEEP_CONTROLS) && cl_text_invisible(c)) {
			o += sprintf(o, "<U+%04lX>", c);
		} else {
			memcpy(o, s, len);
			o += len;
		}
		s += len;
	}
	*o = 0;
	free(t);
	return p;
}

void cl_eprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	char *p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	int nl = n > 0 && p[n - 1] == '\n';
	char *clean = cl_text_clean(p, (size_t)n - (size_t)nl, CL_TEXT_KEEP_TABS);
	cl_progress_clear(); /* a message never lands on the progress line */
	fputs(clean, stderr);
	if (nl)
		fputc('\n', stderr);
	free(clean);
	free(p);
}
