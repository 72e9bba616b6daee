/* variants.h - the builds of one file that get analysed, and the merge of
 * what they found.
 *
 * A file can be compiled more than once (two entries in
 * compile_commands.json, say with and without -DFOO), and one command can
 * build for several GPU architectures (-gencode ... -gencode ...). Code
 * under #ifdef FOO or #if __CUDA_ARCH__ >= 900 exists only in some of those
 * builds, so each is a variant: one command's flags with one architecture.
 * The first architecture of every command is always analysed; its others
 * only when that analysis found the code to depend on __CUDA_ARCH__
 * (ir_unit.uses_cuda_arch), since otherwise they parse to the same
 * program. A variant that is not analysed takes the results of its
 * command's first one.
 *
 * Findings of the variants are merged: equal ones (file, line, column,
 * rule, message) become one, and one that only some variants found says
 * which, naming the flags that set those apart from the others:
 *     "... (only with -DFOO=1)"        "... (only without -DFOO=1)"
 *     "... (only with sm_90)"          "... (in 2 of 3 configurations: sm_90; sm_100)"
 * Variants whose parse failed do not count there (nothing is known of
 * them); their failures are merged the same way, over all variants. */
#ifndef CUDALINT_VARIANTS_H
#define CUDALINT_VARIANTS_H

#include "finding.h"
#include "frontend/compdb.h"

struct cl_variant {
	int cmd;                  /* its compile command (index into cmds), -1: none */
	const char *arch;         /* NULL: the command names none (the default applies) */
	int first;                /* the variant of its command's first architecture (itself there) */
	int by;                   /* whose analysis holds for it: itself when analysed; -1 undecided */
	int parsed;               /* its analysis parsed the file */
	int uses_arch;            /* ... and found code that depends on __CUDA_ARCH__ */
	char **label; int nlabel; /* its flags as messages name them: "-DFOO=1", "-I inc", "sm_90" */
	struct cl_findings f;     /* what its analysis found */
	struct cl_failures x;
	void *data;               /* the caller's (run.c: its parse options) */
};

struct cl_variants {
	const char *file;
	struct compdb_cmd *cmds; int ncmds;  /* owned */
	struct cl_variant *v; int n;
	int cur;                  /* the variant being analysed (cl_variants_next) */
	int text_uses_arch;       /* the file's own text mentions __CUDA_ARCH__; -1 not read yet */
	struct strvec deps;       /* result cache: every file the analysed variants read, once each */
	int ndeps_from;           /* ... and how many variants contributed to it */
	struct strvec probes;     /* ... and the includer searches they depended on: header, digest, ... */
};

/* The variants of FILE: one per command and architecture, equal ones
 * once; one with no flags and no architecture when there is no command.
 * ARCH_OVERRIDE (--cuda-arch) replaces every command's architectures.
 * Takes CMDS (compdb_commands). */
void cl_variants_init(struct cl_variants *vs, const char *file, struct compdb_cmd *cmds, int ncmds,
                      const char *arch_override);
void cl_variants_free(struct cl_variants *vs, void (*free_data)(void *));

/* The next variant to analyse (also put in vs->cur), or -1 when all are
 * done: every command's first architecture, then the other architectures
 * of the commands whose code depends on __CUDA_ARCH__. For a command whose
 * first parse failed, the file's own text decides. */
int cl_variants_next(struct cl_variants *vs);

/* The current variant's file parsed; USES_ARCH: ir_unit.uses_cuda_arch. */
void cl_variants_parsed(struct cl_variants *vs, int uses_arch);

/* Adds PATH to vs->deps unless it is there. */
void cl_variants_add_dep(struct cl_variants *vs, const char *path);

/* Variant K by what sets it apart from the others, for messages: "with
 * -DFOO=1 sm_90", "without -DFOO=1"; "" when there is no other (malloc'd). */
char *cl_variants_name(const struct cl_variants *vs, int k);

/* Merges the results of every variant into FO and XO (moving them). */
void cl_variants_merge(struct cl_variants *vs, struct cl_findings *fo, struct cl_failures *xo);

#endif
