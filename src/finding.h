/* finding.h - what a rule reports, independent of how it is printed.
 *
 * Every reporter (text, JSON, SARIF), the suppression filter and the
 * baseline read this and nothing else, so a finding must carry all it
 * needs: positions are resolved to file/line/column (1-based, columns in
 * bytes as libclang gives them) before a finding leaves the analysis. */
#ifndef CUDALINT_FINDING_H
#define CUDALINT_FINDING_H

#include <stddef.h>

enum cl_level { CL_LEVEL_NOTE, CL_LEVEL_WARNING, CL_LEVEL_ERROR };

/* "note", "warning", "error": as text, JSON and SARIF all spell them */
const char *cl_level_name(enum cl_level l);

struct cl_pos {
	const char *file; /* path as given on the command line (or found in a dir) */
	unsigned line;    /* 1-based */
	unsigned col;     /* 1-based, in bytes */
};

/* A related location: the divergent condition, the early exit, the barrier
 * inside a callee, the first access of a race. */
struct cl_note {
	struct cl_pos pos;
	const char *message;
};

#define CL_MAX_NOTES 4

/* One edit of a fix: replace the bytes [b, e) of the file with text
 * (b == e inserts, an empty text deletes). Offsets are bytes from the
 * start of the file; the positions say the same as line and byte column
 * (e is just past the last byte replaced). */
struct cl_edit {
	struct cl_pos b, e;
	unsigned boff, eoff;
	const char *text;       /* interned */
};

#define CL_MAX_EDITS 4

/* How a finding can be fixed, as ruff classifies fixes: a safe one
 * cannot change what a correct program does beyond what the finding is
 * about (it adds ordering: a fence, an acquire load); an unsafe one may
 * (it removes a barrier or narrows a scope, which is right only when the
 * analysis saw every access it orders). docs/fixes.md lists them. No fix:
 * nedits is 0. Edits are in one file, the finding's, in order, and do not
 * overlap. */
struct cl_fix {
	const char *description; /* "replace `__syncthreads()` with `__syncwarp()`"; interned */
	int safe;
	struct cl_edit edits[CL_MAX_EDITS];
	int nedits;
};

struct cl_finding {
	const struct cl_rule *rule; /* rule.h */
	enum cl_level level;        /* the rule's level after configuration */
	struct cl_pos pos;
	const char *message;        /* one sentence: what goes wrong and how to fix it */
	const char *function;       /* enclosing function, for baselines; may be NULL */
	struct cl_note notes[CL_MAX_NOTES];
	int nnotes;
	int suppressed;             /* set by the suppression filter */
	const char *justification;  /* a suppression comment's reason (after "--"), or NULL;
	                             * alive until cl_suppress_free, interned by the run */
	struct cl_fix fix;          /* nedits 0: none */
};

/* Findings of one run, in report order (file, line, column, rule). */
struct cl_findings {
	struct cl_finding *v;
	size_t n, cap;
};

/* A file, or one device function of it, that could not be analysed:
 * reporters list these (SARIF puts them in toolExecutionNotifications),
 * and the exit status becomes 2 (for a function, unless the configuration
 * says `unanalysed: warning`). */
struct cl_failure {
	const char *file;
	char *reason;         /* one line */
	const char *function; /* interned; NULL: the whole file */
	unsigned line, col;   /* of the function; 0 for a whole file */
};

/* How far one device function was analysed: whole; in part (an
 * analysis stopped inside it: the block simulation could not follow a
 * thread past some point, so races after it are not checked); not at all
 * (clang errors left it out). */
enum cl_fn_status { CL_FN_ANALYSED, CL_FN_PARTLY, CL_FN_NOT_ANALYSED };

struct cl_fn_summary {
	const char *name;     /* interned */
	unsigned line;
	int status;           /* enum cl_fn_status */
	char *reason;         /* one line; NULL when analysed */
};

/* How much of one file was analysed: device functions defined in it, how
 * many of them were left out for clang errors, and how many clang errors
 * outside device code were ignored; each function's status, by line. */
struct cl_file_summary {
	const char *file;     /* interned */
	int device_functions, unanalysed, errors_ignored;
	char *first_ignored;  /* NULL when none */
	struct cl_fn_summary *fns; int nfns;
	char *cause;          /* what the build likely lacks (driver/hints.h), or NULL */
};

struct cl_failures {
	struct cl_failure *v;
	size_t n, cap;
	struct cl_file_summary *sum;
	size_t nsum, capsum;
};

#endif
