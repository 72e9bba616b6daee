/* fingerprint.h - a stable identity for a finding, shared by the SARIF
 * `fingerprints` entry and the baseline.
 *
 * The key is the rule ID, the file (relative to the source root), the
 * enclosing function and the normalized text of the primary line
 * (comments dropped, whitespace runs folded), plus the finding's
 * occurrence index among findings with the same key, in report order.
 * The line number is deliberately not part of it: adding lines above a
 * finding does not change its fingerprint; editing the line itself does. */
#ifndef CUDALINT_FINGERPRINT_H
#define CUDALINT_FINGERPRINT_H

#include <stddef.h>

#include "finding.h"

struct cl_srctext;

#define CL_FINGERPRINT_KIND "cudalint/v1" /* SARIF fingerprints key */
#define CL_FINGERPRINT_LEN 17             /* 16 hex digits + NUL */

struct cl_fingerprints {
	char (*v)[CL_FINGERPRINT_LEN]; /* v[i] belongs to findings->v[i] */
	size_t n;
};

/* Computes the fingerprints of all findings of F (suppressed ones too, so
 * that suppressing one finding does not renumber its twins). ROOT: the
 * source root (NULL: current directory). ST: a source cache to read lines
 * from, or NULL to use a private one. 0 on success, -1 on out of memory. */
int cl_fingerprint_all(const struct cl_findings *f, const char *root,
		       struct cl_srctext *st, struct cl_fingerprints *out);
void cl_fingerprints_free(struct cl_fingerprints *fp);

/* The normalized form of a source line, as hashed: a trailing // comment
 * and any complete block comment are removed (outside string and character
 * literals), whitespace runs become one space, and both ends are trimmed.
 * Writes at most OUTLEN-1 bytes plus NUL; returns the length written. */
size_t cl_fingerprint_normalize(const char *line, size_t len, char *out, size_t outlen);

#endif
