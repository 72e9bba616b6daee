/* option_table.c - options.def as a table, and what reads and prints
 * its values (option_table.h). */
#include "analysis/option_table.h"

#include <string.h>

const struct cl_option cl_options[CL_NOPTIONS] = {
#define CL_NO_KEY_BOOL(KEY) "no-" KEY
#define CL_NO_KEY_CHOICE(KEY) NULL
#define CL_NO_KEY_LAUNCHES(KEY) NULL
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	{ KEY, CL_NO_KEY_##TYPE(KEY), CL_OPTION_##TYPE, VALUES, DEFAULT, \
	  CL_OPTION_IF_ANALYSIS_##SCOPE(1) + 0, HELP_FLAG, HELP },
#include "analysis/options.def"
};

/* The Ith name of VALUES ("a|b|c"): its start, and its length in *N;
 * NULL when there are fewer. */
static const char *nth_value(const char *values, int i, size_t *n)
{
	const char *s = values;
	for (; i > 0 && s; i--) {
		s = strchr(s, '|');
		s = s ? s + 1 : NULL;
	}
	if (!s || i < 0)
		return NULL;
	*n = strcspn(s, "|");
	return s;
}

int cl_option_parse(const struct cl_option *o, const char *name)
{
	size_t n;
	const char *s;
	for (int i = 0; (s = nth_value(o->values, i, &n)); i++)
		if (n && strlen(name) == n && !strncmp(s, name, n))
			return i;
	return -1;
}

const char *cl_option_value_name(const struct cl_option *o, int v, char *buf, size_t len)
{
	size_t n = 0;
	const char *s = nth_value(o->values, v, &n);
	snprintf(buf, len, "%.*s", s ? (int)n : 0, s ? s : "");
	return buf;
}

const char *cl_option_values_text(const struct cl_option *o, char *buf, size_t len)
{
	size_t n, k = 0;
	int count = 0;
	while (nth_value(o->values, count, &n))
		count++;
	buf[0] = '\0';
	for (int i = 0; i < count && k < len; i++) {
		const char *s = nth_value(o->values, i, &n);
		const char *sep = !i ? "" : i == count - 1 ? " or " : ", ";
		k += (size_t)snprintf(buf + k, len - k, "%s%.*s", sep, (int)n, s);
	}
	return buf;
}

void cl_option_put_help(FILE *out, const struct cl_option *o)
{
	if (!o->help_flag)
		return;
	/* the text starts in column 27: beside a flag that leaves two
	 * spaces before it, else on the lines below */
	size_t n = strlen(o->help_flag);
	if (n <= 22)
		fprintf(out, "  %-24s", o->help_flag);
	else
		fprintf(out, "  %s\n%26s", o->help_flag, "");
	for (const char *s = o->help; *s;) {
		size_t k = strcspn(s, "\n");
		fprintf(out, "%.*s\n", (int)k, s);
		s += k;
		if (*s == '\n' && *++s)
			fprintf(out, "%26s", "");
	}
}

void cl_option_put_value(FILE *out, const struct cl_option *o, int v)
{
	char name[64];
	fprintf(out, "%s: %s\n", o->key, cl_option_value_name(o, v, name, sizeof name));
}
