/* rules.h - the one table of rules, generated from rules.def.
 *
 * A rule is a line of rules.def plus one C file (rules/CLnnnn_name.c) and
 * one doc (rules/CLnnnn.md); tools/new-rule writes all of them. IDs are
 * stable forever: never renumber, only add. */
#ifndef CUDALINT_RULES_H
#define CUDALINT_RULES_H

#include "rule.h"

/* The index of each rule in cl_rules: a rule reports as &cl_rules[RULE_CL1001]. */
enum cl_rule_index {
#define RULE(ID, NAME, PASCAL, LEVEL, ON, PRECISION, CHECK, SUMMARY) RULE_##ID,
#include "rules.def"
};

extern const struct cl_rule cl_rules[];
extern const int cl_nrules;

/* User input (--enable, configuration, suppression comments): an ID, in
 * any case, or a name. Rules name themselves by RULE_CLnnnn instead. */
const struct cl_rule *cl_rule_find(const char *id_or_name);
/* Markdown doc of the rule (embedded at build time from rules/CLnnnn.md). */
const char *cl_rule_doc(const struct cl_rule *r);

/* Where the rule's documentation is published (SARIF's helpUri,
 * --explain, --list-rules --format=json), in BUF. */
const char *cl_rule_doc_url(const struct cl_rule *r, char *buf, size_t len);

/* Runs every enabled rule over u. */
void cl_check_unit(struct cl_ctx *cx, const struct ir_unit *u);

#endif
