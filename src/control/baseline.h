/* baseline.h - --write-baseline / --baseline.
 *
 * A baseline is a JSON file (docs/json-schema.md, "Baseline file") listing
 * the fingerprints of known findings (fingerprint.h: rule, file, function,
 * normalized primary line, occurrence index - not the line number), so it
 * keeps matching when code above a finding moves. With --baseline, findings
 * that match an entry are marked suppressed (CL_SUPPRESSED_BASELINE) and
 * entries that match nothing are stale. */
#ifndef CUDALINT_BASELINE_H
#define CUDALINT_BASELINE_H

#include <stddef.h>

#include "finding.h"

#define CL_BASELINE_VERSION 1

struct cl_baseline_entry {
	char *fingerprint;
	char *rule_id;
	char *file;      /* relative to the source root when written */
	char *function;  /* may be NULL */
	unsigned line;   /* when written; informational only, never matched */
	char *message;
};

struct cl_baseline {
	struct cl_baseline_entry *v;
	size_t n;
};

/* Writes the findings of F that are not suppressed in source (baseline-
 * suppressed ones are kept) to PATH, atomically. ROOT: the source root for
 * paths and fingerprints (NULL: current directory). 0 on success; -1 with a
 * message in ERR. */
int cl_baseline_write(const char *path, const struct cl_findings *f, const char *root,
		      char *err, size_t errlen);

/* Reads PATH. 0 on success; -1 with a message naming PATH in ERR. */
int cl_baseline_load(const char *path, struct cl_baseline *out, char *err, size_t errlen);
void cl_baseline_free(struct cl_baseline *b);

/* Marks each finding of F that matches an entry of B (one entry matches at
 * most one finding) as suppressed = CL_SUPPRESSED_BASELINE, unless it is
 * already suppressed in source. Findings suppressed in source still consume
 * their entry, so they do not make it stale. STALE_OUT (may be NULL)
 * receives a malloc'ed array of pointers to the unmatched entries of B
 * and its length in NSTALE_OUT; free the array with free(). Returns the
 * number of findings marked, -1 on out of memory. */
int cl_baseline_apply(const struct cl_baseline *b, struct cl_findings *f, const char *root,
		      const struct cl_baseline_entry ***stale_out, size_t *nstale_out);

#endif
