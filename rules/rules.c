/* rules.c - the table, generated from rules.def, and the dispatch that
 * runs its rules over a unit. */
#include "rules.h"
#include "check.h"
#include "checks.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

const struct cl_rule cl_rules[] = {
#define RULE(ID, NAME, PASCAL, LEVEL, ON, PRECISION, CHECK, SUMMARY) \
	[RULE_##ID] = { .id = #ID, .name = NAME, .pascal = #PASCAL, .level = CL_LEVEL_##LEVEL, \
	                .enabled_by_default = ON, .summary = SUMMARY, .precision = PRECISION, \
	                .check = CHECK, .index = RULE_##ID },
#include "rules.def"
};

const int cl_nrules = sizeof cl_rules / sizeof cl_rules[0];

const struct cl_rule *cl_rule_find(const char *s)
{
	for (int i = 0; i < cl_nrules; i++)
		if (!strcasecmp(cl_rules[i].id, s) || !strcmp(cl_rules[i].name, s))
			return &cl_rules[i];
	return NULL;
}

/* generated from rules/CL*.md by CMakeLists.txt */
extern const struct { const char *id, *text; } cl_rule_docs[];

const char *cl_rule_doc(const struct cl_rule *r)
{
	for (int i = 0; cl_rule_docs[i].id; i++)
		if (!strcmp(cl_rule_docs[i].id, r->id))
			return cl_rule_docs[i].text;
	return NULL;
}

const char *cl_rule_doc_url(const struct cl_rule *r, char *buf, size_t len)
{
	snprintf(buf, len, "%s/blob/main/rules/%s.md", CUDALINT_HOMEPAGE, r->id);
	return buf;
}

void cl_check_unit(struct cl_ctx *cx, const struct ir_unit *u)
{
	for (int i = 0; i < cl_nrules; i++)
		if (cl_rules[i].check && (!cx->enabled || cx->enabled[i]))
			cl_rules[i].check(cx, u);
}
