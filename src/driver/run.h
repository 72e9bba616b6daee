/* run.h - one analysis run, from parsed options to the exit status:
 *
 *   1. load --config and --baseline, check --enable/--disable/--severity;
 *   2. list the files (directories searched), find each file's
 *      .cudalint.yaml (cached per file) and drop files that its
 *      include:/exclude: leave out, and those a search found that git
 *      ignores (select.c); --show-config and --show-files stop here;
 *   3. parse each file with a parser for its options (config clang-args,
 *      cuda-path, cuda-arch plus the command line; one parser per distinct
 *      option set), run the uniformity analysis and the enabled rules at
 *      their configured levels - in -j N worker processes (workers.h) when
 *      asked, skipping files whose results the result cache holds
 *      (--cache-results, result_cache.h); results are merged in file order,
 *      so the report is that of a -j 1 run;
 *   4. drop what per-file-ignores turn off, apply suppression comments,
 *      add CL0001 findings, sort, apply the
 *      baseline (stale entries on stderr) or write one;
 *   5. write the report (text, JSON or SARIF; -o atomically).
 *
 * Exit status: 2 on a usage or configuration error or when a file could
 * not be analysed (the report is still written), else 1 when an
 * unsuppressed finding is at or above the fail-on level of the
 * configuration that governs its file, else 0. */
#ifndef CUDALINT_RUN_H
#define CUDALINT_RUN_H

struct options;

int cl_run(const struct options *o);
/* cl_run for guard_run (util/guard.h): ARG is the options */
int cl_run_guarded(void *arg);

#endif
