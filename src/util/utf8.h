/* utf8.h - text that is safe to print and to put in JSON. Source files,
 * file names and clang's messages may hold any bytes: a newline in a file
 * name would start a new line of a CI log (`::error ...` is a GitHub
 * Actions command), an escape sequence in a comment would move a
 * terminal's cursor, and bytes that are not UTF-8 make JSON and SARIF
 * invalid. "Valid" is RFC 3629: no overlong forms, no surrogates
 * (U+D800-DFFF), nothing above U+10FFFF. */
#ifndef CUDALINT_UTF8_H
#define CUDALINT_UTF8_H

#include <stddef.h>

/* The length of the valid UTF-8 sequence at S (NUL-terminated), or 0. */
size_t cl_utf8_len(const char *s);

enum {
	CL_TEXT_KEEP_TABS = 1,     /* a source line keeps its indentation */
	CL_TEXT_KEEP_CONTROLS = 2, /* JSON escapes them itself: repair UTF-8 only */
};

/* In place: each byte of an invalid sequence, and each control character
 * (C0, DEL, C1) unless FLAGS keep them, becomes '?'. (What text output
 * also escapes, cl_text_clean, needs more room than it replaces.) */
void cl_text_sanitize(char *s, int flags);

/* Whether code point C is one that text must not show as it is: the
 * bidirectional controls of "Trojan Source" (CVE-2021-42574: U+202A-202E,
 * U+2066-2069, LRM, RLM, ALM), which make a terminal or a CI log show
 * code in another order than it is, and the characters that show as
 * nothing (zero widths, joiners, invisible operators, U+2028/2029, the
 * BOM, tags). */
int cl_text_invisible(unsigned long c);

/* A sanitized copy (malloc'd) of the first N bytes of S, for text output:
 * as cl_text_sanitize, and each character cl_text_invisible names, unless
 * FLAGS has CL_TEXT_KEEP_CONTROLS (JSON, where strings stay exact), is
 * written as "<U+202E>". */
char *cl_text_clean(const char *s, size_t n, int flags);

/* fprintf(stderr, ...) with the result sanitized, except for one final
 * newline: what the arguments hold cannot start a line of its own. */
void cl_eprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
