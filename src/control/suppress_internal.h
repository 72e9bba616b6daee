/* suppress_internal.h - what the two halves of the suppressions share:
 * suppress_scan.c reads a file's comments into suppressions (struct
 * sfile), suppress.c matches findings against them and reports the
 * malformed and unused ones (CL0001). */
#ifndef CUDALINT_SUPPRESS_INTERNAL_H
#define CUDALINT_SUPPRESS_INTERNAL_H

#include "rule.h"

#include <limits.h>
#include <stddef.h>

struct entry {
	char *pattern;               /* as written, without "cudalint-" */
	const struct cl_rule *rule;  /* exact match, or NULL for a glob */
	int used;
};

struct supp {
	unsigned line, col;    /* where the comment starts, for CL0001 */
	unsigned first, last;  /* lines covered; last UINT_MAX = end of file */
	int all;               /* no list: every rule */
	int quiet;             /* bare NOLINT: shared with clang-tidy, never "unused" */
	int used;              /* for ALL */
	const char *reason;    /* after "--" (a pool string, util/utf8-clean), or NULL */
	struct entry *e;
	size_t ne;
};

/* A problem found while reading comments, reported as CL0001. */
struct bad {
	unsigned line, col;
	char *message;
};

struct sfile {
	const char *path;      /* as given (stable: caller's string) */
	char abs[PATH_MAX];
	struct supp *s;
	size_t ns, caps;
	struct bad *b;
	size_t nb, capb;
	/* open ignore-begin / NOLINTBEGIN regions: indexes into s */
	size_t *open_cl, nopen_cl, capo_cl;
	size_t *open_nl, nopen_nl, capo_nl;
};

/* suppress_scan.c */
/* Reads the suppression comments of the source text S[0..N) into SF,
 * and an ignore-begin left open as a malformed one. S[N] is a NUL, as in
 * the text cl_srctext_file gives. */
void suppress_scan(struct sfile *sf, const char *s, size_t n);
int suppress_entry_matches(const struct entry *e, const struct cl_rule *r);
void suppress_sfile_free(struct sfile *sf);

/* suppress.c: a CL0001 message (sanitized), alive until cl_suppress_free */
char *suppress_pool_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
