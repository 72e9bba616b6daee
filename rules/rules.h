/* rules.h - the one table of rules.
 *
 * A rule is a row here plus one C file (rules/CLnnnn_name.c) and one doc
 * (rules/CLnnnn.md). IDs are stable forever: never renumber, only add. */
#ifndef CUDALINT_RULES_H
#define CUDALINT_RULES_H

#include "finding.h"

struct ir_unit;
struct cl_ctx; /* per-run reporting context, src/check.h */

struct cl_rule {
	const char *id;          /* "CL1001" */
	const char *name;        /* "divergent-barrier" */
	const char *pascal;      /* "DivergentBarrier", for SARIF */
	enum cl_level level;     /* default level */
	int enabled_by_default;
	const char *summary;     /* one line, for --list-rules and SARIF shortDescription */
	const char *precision;   /* SARIF: "very-high", "high", "medium", "low" */
	void (*check)(struct cl_ctx *cx, const struct ir_unit *u); /* NULL: reported elsewhere */
};

extern const struct cl_rule cl_rules[];
extern const int cl_nrules;

const struct cl_rule *cl_rule_find(const char *id_or_name);
/* Markdown doc of the rule (embedded at build time from rules/CLnnnn.md). */
const char *cl_rule_doc(const struct cl_rule *r);

#endif
