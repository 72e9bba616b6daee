/* env.c - see env.h. */
#include "util/env.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 0 is always allowed and means what ZERO says; other values lie in
 * [min, max]. The maxima are far beyond any real use and keep every
 * product the callers form (seconds for alarm(2), MB * 2^20 bytes for
 * RLIMIT_AS) inside its type. */
static const struct var {
	const char *name;
	unsigned long dflt, min, max;
	const char *unit, *zero;
} vars[CL_ENV_COUNT] = {
	[CL_ENV_FILE_TIMEOUT] = { "CUDALINT_FILE_TIMEOUT", 300, 1, 604800, "seconds", "0 means no limit" },
	[CL_ENV_PCH_TIMEOUT] = { "CUDALINT_PCH_TIMEOUT", 120, 1, 604800, "seconds",
	                         "0 means the precompiled header is neither built nor waited for" },
	/* below some 512 MB libclang cannot even be set up: libclang and LLVM
	 * alone map about 300 MB of address space */
	[CL_ENV_MAX_MEMORY_MB] = { "CUDALINT_MAX_MEMORY_MB", 8192, 512, 16777216, "MB", "0 means no cap" },
	[CL_ENV_PCH_KEEP] = { "CUDALINT_PCH_KEEP", 8, 1, 1000000, "headers", "0 keeps them all" },
	[CL_ENV_PREAMBLE_MB] = { "CUDALINT_PREAMBLE_MB", 1024, 1, 16777216, "MB", "0 turns preambles off" },
};

/* 0 with *OUT set (the default when unset or empty), or -1 with ERR set. */
static int parse(const struct var *v, unsigned long *out, char *err, size_t len)
{
	const char *s = getenv(v->name);
	*out = v->dflt;
	if (!s || !*s)
		return 0;
	/* digits only: strtoul would take a sign, spaces and a trailing "s" */
	if (s[strspn(s, "0123456789")]) {
		snprintf(err, len, "%s: '%.64s' is not a number of %s (%s)", v->name, s, v->unit, v->zero);
		return -1;
	}
	errno = 0;
	unsigned long long x = strtoull(s, NULL, 10);
	if (errno == ERANGE || (x && (x < v->min || x > v->max))) {
		snprintf(err, len, "%s: '%.64s' is out of range: %lu to %lu %s (%s)", v->name, s, v->min, v->max,
		         v->unit, v->zero);
		return -1;
	}
	*out = (unsigned long)x;
	return 0;
}

int cl_env_check(char *err, size_t len)
{
	unsigned long x;
	for (int i = 0; i < CL_ENV_COUNT; i++)
		if (parse(&vars[i], &x, err, len) < 0)
			return -1;
	return 0;
}

unsigned long cl_env_number(enum cl_env which)
{
	unsigned long x;
	char err[256];
	return parse(&vars[which], &x, err, sizeof err) < 0 ? vars[which].dflt : x;
}

const char *cl_env_name(enum cl_env which)
{
	return vars[which].name;
}
