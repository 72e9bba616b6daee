/* srctext.h - source text as the reporters see it: whole files and single
 * lines read once per run, byte columns turned into code-point columns,
 * and paths made relative to a root. Used by the fingerprint, the SARIF
 * reporter and the suppression scanner. */
#ifndef CUDALINT_SRCTEXT_H
#define CUDALINT_SRCTEXT_H

#include <stddef.h>

struct cl_srctext; /* a cache of files, keyed by path as given */

struct cl_srctext *cl_srctext_new(void);
void cl_srctext_free(struct cl_srctext *st);

/* The whole file, NUL-terminated, LEN bytes; NULL if it cannot be read. */
const char *cl_srctext_file(struct cl_srctext *st, const char *path, size_t *len);

/* Line LINE (1-based) of PATH without its line terminator (\n, \r\n);
 * NULL if the file cannot be read or has fewer lines. Not NUL-terminated. */
const char *cl_srctext_line(struct cl_srctext *st, const char *path, unsigned line, size_t *len);

/* 1-based byte column BYTE_COL of a line -> 1-based column in Unicode code
 * points (UTF-8 continuation bytes do not count). Columns past the end of
 * the line count one per byte beyond it. */
unsigned cl_srctext_codepoint_col(const char *line, size_t len, unsigned byte_col);

/* Writes PATH relative to directory ROOT (NULL: the current directory) into
 * OUT, '/'-separated, without "./". Both are made absolute and resolved with
 * realpath(3) where they exist. Returns 1 if PATH lies inside ROOT, 0 if
 * not (OUT then holds PATH's absolute form), -1 if OUT is too small. */
int cl_srctext_relpath(const char *path, const char *root, char *out, size_t len);

/* Absolute, normalized form of PATH (realpath where it exists, else a
 * lexical clean-up against the current directory). -1 if OUT is too small. */
int cl_srctext_abspath(const char *path, char *out, size_t len);

/* The index of the line holding byte OFF, given the byte offsets at which
 * the lines start (STARTS[0] = 0, ascending, COUNT of them): the last
 * start at or before OFF, by binary search. */
size_t cl_srctext_line_at(const size_t *starts, size_t count, size_t off);

#endif
