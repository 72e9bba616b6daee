/* env.h - the numeric environment variables cudalint reads, validated.
 *
 * Each is a decimal number within a range, or unset or empty for its
 * default. A value that is not one (`abc`, `-1`, ` 5`, `5s`) or that lies
 * outside the range is a usage error, never a silent default: `-1` once
 * meant "no limit" through strtoul's wrap-around, `4294967296` wrapped to
 * 0, and a memory cap too small to start libclang crashed the run.
 * cl_env_check validates them all before a run starts; cl_env_number then
 * returns a value that is known to be good. */
#ifndef CUDALINT_ENV_H
#define CUDALINT_ENV_H

#include <stddef.h>

enum cl_env {
	CL_ENV_FILE_TIMEOUT,  /* seconds per file; 0: no limit */
	CL_ENV_PCH_TIMEOUT,   /* seconds to build or wait for the PCH; 0: never */
	CL_ENV_MAX_MEMORY_MB, /* address space cap in MB; 0: none */
	CL_ENV_PCH_KEEP,      /* PCHs kept in the cache; 0: all */
	CL_ENV_PREAMBLE_MB,   /* MB of preamble PCHs kept; 0: no preambles */
	CL_ENV_COUNT
};

/* 0 when every variable is good; else -1 with ERR holding the first
 * problem, "NAME: 'VALUE' is not a number of seconds (0 means no limit)"
 * or "NAME: 'VALUE' is out of range: ...". */
int cl_env_check(char *err, size_t len);

/* The variable's value, its default when unset or empty (or, outside a
 * checked run such as a unit test, when it is bad). */
unsigned long cl_env_number(enum cl_env which);

/* Its name, for messages ("CUDALINT_FILE_TIMEOUT"). */
const char *cl_env_name(enum cl_env which);

#endif
