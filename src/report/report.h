/* report.h - reporters: one function per output format, each writing one
 * whole run (all findings and failures) to a stream. Open the stream with
 * cl_atomic_open (util/atomic_file.h) for -o FILE.
 *
 * Findings must be in report order (file, line, column, rule); reporters
 * do not sort. Suppressed findings (finding.suppressed != 0) are left out
 * unless opts->report_suppressed. */
#ifndef CUDALINT_REPORT_H
#define CUDALINT_REPORT_H

#include <stdio.h>

#include "finding.h"

struct cl_rule;

#ifndef CUDALINT_VERSION
#define CUDALINT_VERSION "0.1.0"
#endif

struct cl_report_opts {
	const char *srcroot;   /* SARIF %SRCROOT% and fingerprint paths; NULL: cwd */
	int report_suppressed; /* include suppressed findings, marked as such */
	/* The rule table (SARIF tool.driver.rules, ruleIndex). NULL: cl_rules,
	 * cl_nrules and cl_rule_doc from rules/rules.h. Tests pass their own. */
	const struct cl_rule *rules;
	int nrules;
	const char *(*rule_doc)(const struct cl_rule *r);
};

/* JSON, docs/json-schema.md. 0 on success, -1 on a write error. */
int cl_report_json(FILE *out, const struct cl_findings *f, const struct cl_failures *fail,
		   const struct cl_report_opts *opts);

/* SARIF 2.1.0 for GitHub code scanning. 0 on success, -1 on a write error. */
int cl_report_sarif(FILE *out, const struct cl_findings *f, const struct cl_failures *fail,
		    const struct cl_report_opts *opts);

/* GitHub Actions workflow commands (::warning file=...::message), one line
 * per finding and per file or function not analysed. 0, or -1 on a write
 * error. */
int cl_report_github(FILE *out, const struct cl_findings *f, const struct cl_failures *fail,
		     const struct cl_report_opts *opts);

/* --statistics: the number of findings of each rule, most first; as text
 * ("  COUNT  ID  NAME" lines) or, when JSON is set, a JSON document with a
 * "statistics" array. 0, or -1 on a write error. */
int cl_report_statistics(FILE *out, const struct cl_findings *f, int json, const struct cl_report_opts *opts);

#endif
