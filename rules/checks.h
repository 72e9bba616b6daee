/* checks.h - the check function of each rule, one per rules/CLnnnn_*.c,
 * declared from rules.def so that a definition that differs from the
 * table's type does not compile. */
#ifndef CUDALINT_CHECKS_H
#define CUDALINT_CHECKS_H

#include "check.h"
#include "rules.h"

#define RULE(ID, NAME, PASCAL, LEVEL, ON, PRECISION, CHECK, SUMMARY) \
	void CHECK(struct cl_ctx *cx, const struct ir_unit *u);
#define RULE_WITHOUT_CHECK(ID, NAME, PASCAL, LEVEL, ON, PRECISION, SUMMARY)
#include "rules.def"

#endif
