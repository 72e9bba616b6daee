/* fixes.h - --fix, --unsafe-fixes and --diff (docs/fixes.md): the edits
 * of the findings' fixes (finding.h) applied to the analysed files, or
 * printed as a unified diff. */
#ifndef CUDALINT_DRIVER_FIXES_H
#define CUDALINT_DRIVER_FIXES_H

struct run;

/* Before the analysis: each analysed file's size, modification time and
 * content hash, to refuse fixing a file that changed after it was read
 * for the parse. */
void fixes_snapshot(struct run *r);

/* After the findings are final (suppressions and baseline applied): with
 * --fix, writes each file's applicable fixes (atomically) and drops the
 * findings fixed from r->findings; with --diff, prints the diff instead.
 * *FIXABLE gets how many findings have a fix that would apply. Returns -1
 * when a file could not be fixed (each refusal said in one line), else 0. */
int fixes_run(struct run *r, int *fixable);

void fixes_free(struct run *r);

#endif
