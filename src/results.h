/* results.h - the findings and failures of one file as JSON, for the pipe
 * from a worker process to the parent (workers.h) and for the result
 * cache (result_cache.h).
 *
 *   { "findings": [ { "rule": "CL1001", "level": 2, "file": "a.cu",
 *                     "line": 7, "col": 3, "message": "...",
 *                     "function": "k" | null, "suppressed": 0,
 *                     "notes": [ { "file": ..., "line": .., "col": ..,
 *                                  "message": ... } ] } ],
 *     "failures": [ { "file": "b.cu", "reason": "..." } ] }
 *
 * Every field of struct cl_finding and struct cl_failure travels; the rule
 * goes by ID and is mapped back with cl_rule_find. Parsed file and
 * function names are interned (cl_intern), messages and reasons are
 * malloc'd as cl_findings_free and cl_failures_free expect. */
#ifndef CUDALINT_RESULTS_H
#define CUDALINT_RESULTS_H

#include <stddef.h>

#include "finding.h"

struct json_object;

struct json_object *cl_results_to_json(const struct cl_finding *f, size_t nf, const struct cl_failure *x,
                                       size_t nx);
/* Appends what J holds to F and X. 0, or -1 with a message in err (F and X
 * then hold what was read before the error). */
int cl_results_from_json(struct json_object *j, struct cl_findings *f, struct cl_failures *x, char *err,
                         size_t errlen);

/* The same as text (malloc'd, one line). */
char *cl_results_serialise(const struct cl_finding *f, size_t nf, const struct cl_failure *x, size_t nx);
int cl_results_parse(const char *text, size_t len, struct cl_findings *f, struct cl_failures *x, char *err,
                     size_t errlen);

void cl_failures_add(struct cl_failures *x, const char *file, const char *reason);
void cl_failures_free(struct cl_failures *x);

#endif
