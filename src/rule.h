/* rule.h - what a rule is: the row of the rule table that findings point
 * to and reporters print. The rows themselves, and the dispatch that runs
 * them, live in rules/ (rules.def, rules.h); src/ needs only their shape. */
#ifndef CUDALINT_RULE_H
#define CUDALINT_RULE_H

#include "finding.h"

/* Where the project is published: the base of each rule's doc URL
 * (rules/rules.c) and SARIF's informationUri (report/sarif.c). Here, below
 * both, so that the rules need nothing from the reporters. */
#ifndef CUDALINT_HOMEPAGE
#define CUDALINT_HOMEPAGE "https://github.com/cudalint/cudalint"
#endif

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
	int index;               /* in the table; indexes cl_ctx's levels and enabled */
};

#endif
