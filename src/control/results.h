/* results.h - the findings and failures of one file as JSON, for the pipe
 * from a worker process to the parent (workers.h) and for the result
 * cache (result_cache.h).
 *
 *   { "findings": [ ...as in the JSON report (docs/json-schema.md),
 *                   fingerprint null... ],
 *     "failures": [ ...as in the JSON report... ],
 *     "files": [ { "file": "b.cu", "device_functions": 2, "unanalysed": 1,
 *                  "errors_ignored": 0, "first_ignored": null } ] }
 *
 * A finding and a failure are written by the same functions as in the JSON
 * report, so there is one encoding of each. Every field of struct
 * cl_finding, cl_failure and cl_file_summary travels (results travel
 * before suppressions apply, so "suppressed" is a boolean there too); the
 * rule goes by ID and is mapped back with cl_rule_find. Parsed file and
 * function names are interned (cl_intern), messages and reasons are
 * malloc'd as cl_findings_free and cl_failures_free expect. */
#ifndef CUDALINT_RESULTS_H
#define CUDALINT_RESULTS_H

#include <stddef.h>

#include "finding.h"

struct json_object;

/* One finding (FINGERPRINT may be NULL) and one failure, as the JSON
 * report has them. */
struct json_object *cl_finding_json(const struct cl_finding *fd, const char *fingerprint);
struct json_object *cl_failure_json(const struct cl_failure *x);

/* The names of struct cl_fn_summary's status (finding.h) and of a file
 * summary's, as the JSON report and the result cache spell them. Here and
 * not in finding.h because they are defined here (results.c), above the
 * layer of finding.h.
 * "analysed", "partly analysed", "not analysed"; NULL for another value. */
const char *cl_fn_status_name(int status);
int cl_fn_status_of(const char *name); /* -1 for an unknown name */
/* "analysed" (every device function), "partial" or "not-analysed" */
const char *cl_summary_status(const struct cl_file_summary *s);

/* One function's summary: name, line, status and reason. */
struct json_object *cl_fn_summary_json(const struct cl_fn_summary *f);
/* The most function summaries one file's summary keeps when read back. */
#define CL_MAX_FN_SUMMARIES 4096

struct json_object *cl_results_to_json(const struct cl_finding *f, size_t nf, const struct cl_failures *x);
/* Appends what J holds to F and X. 0, or -1 with a message in err (F and X
 * then hold what was read before the error). */
int cl_results_from_json(struct json_object *j, struct cl_findings *f, struct cl_failures *x, char *err,
                         size_t errlen);

/* The same as text (malloc'd, one line), as a worker sends a file's
 * results; CLASH, when not NULL and CLASH[0] is not, adds the first file
 * the worker read that the run is to write (util/inputs.h: its path and
 * what it was read as), as "output_read": { "path": ..., "what": ... }. */
char *cl_results_serialise(const struct cl_finding *f, size_t nf, const struct cl_failures *x,
                           const char *const clash[2]);
/* CLASH, when not NULL, receives that path and what (malloc'd), or NULLs. */
int cl_results_parse(const char *text, size_t len, struct cl_findings *f, struct cl_failures *x, char *clash[2],
                     char *err, size_t errlen);

void cl_failures_add(struct cl_failures *x, const char *file, const char *reason);
/* A device function of FILE that could not be analysed. */
void cl_failures_add_fn(struct cl_failures *x, const char *file, const char *function, unsigned line,
                        unsigned col, const char *reason);
void cl_failures_summary(struct cl_failures *x, const struct cl_file_summary *s);
/* Copies every failure and summary of SRC onto DST. */
void cl_failures_append(struct cl_failures *dst, const struct cl_failures *src);
void cl_failures_free(struct cl_failures *x);

#endif
