/* option_table.h - the options of options.def as data, and the macros
 * its users expand it with.
 *
 * A user of options.def picks the lines it needs with CL_OPTION_IF_*:
 *   #define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
 *           CL_OPTION_IF_SCALAR_##TYPE(int NAME;)
 *   #include "analysis/options.def"
 * declares an int for each BOOL and CHOICE option. */
#ifndef CUDALINT_OPTION_TABLE_H
#define CUDALINT_OPTION_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "finding.h"

/* X, for the options of that TYPE or SCOPE only. */
#define CL_OPTION_IF_SCALAR_BOOL(x) x
#define CL_OPTION_IF_SCALAR_CHOICE(x) x
#define CL_OPTION_IF_SCALAR_LAUNCHES(x)
#define CL_OPTION_IF_LAUNCHES_BOOL(x)
#define CL_OPTION_IF_LAUNCHES_CHOICE(x)
#define CL_OPTION_IF_LAUNCHES_LAUNCHES(x) x
#define CL_OPTION_IF_ANALYSIS_ANALYSIS(x) x
#define CL_OPTION_IF_ANALYSIS_RUN(x)
#define CL_OPTION_IF_RUN_ANALYSIS(x)
#define CL_OPTION_IF_RUN_RUN(x) x

/* CL_OPT_fail_on, ...: an option's index in cl_options. */
enum {
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) CL_OPT_##NAME,
#include "analysis/options.def"
	CL_NOPTIONS
};

enum cl_option_type { CL_OPTION_BOOL, CL_OPTION_CHOICE, CL_OPTION_LAUNCHES };

/* One line of options.def (which says what each field means). */
struct cl_option {
	const char *key;
	const char *no_key;          /* BOOL: "no-KEY", the long option that sets 0; else NULL */
	enum cl_option_type type;
	const char *values;
	int def;
	int analysis;                /* SCOPE ANALYSIS */
	const char *help_flag, *help;
};

extern const struct cl_option cl_options[CL_NOPTIONS];

/* The value that NAME (one of O's VALUES, exactly) stands for, or -1. */
int cl_option_parse(const struct cl_option *o, const char *name);

/* The name of O's value V into BUF (LEN bytes): "" when V is out of range. */
const char *cl_option_value_name(const struct cl_option *o, int v, char *buf, size_t len);

/* O's VALUES as a message lists them, into BUF: "note, warning or error". */
const char *cl_option_values_text(const struct cl_option *o, char *buf, size_t len);

/* O's lines of --help: the flag, then its text in the help's column. */
void cl_option_put_help(FILE *out, const struct cl_option *o);

/* O set to V as --show-config prints it: "KEY: NAME\n". */
void cl_option_put_value(FILE *out, const struct cl_option *o, int v);

#endif
