/* inputs.h - the files a run writes (-o, --write-baseline) against the
 * files it reads.
 *
 * A report or baseline written over a file the run reads destroys it: a
 * source, a header it includes, a configuration (an extends: parent
 * too), the compilation database, a response file. Most of those are
 * known only once they are read, some in worker processes, so the readers
 * note what they read here and the driver refuses the run before it
 * writes anything (driver/finish.c, finish_refuse_outputs). Only the outputs
 * that already exist can be an input; with none, a note costs nothing. */
#ifndef CUDALINT_INPUTS_H
#define CUDALINT_INPUTS_H

#include <sys/stat.h>

/* The files the run will write, PATHS[0..N) (NULL entries and "-" are
 * none), as they are now. Before anything is read. */
void cl_outputs_set(const char *const *paths, int n);

/* Which output PATH is (ST: its stat(2), or NULL to stat it here),
 * however it is spelled, through symlinks too: its index, or -1. */
int cl_output_index(const char *path, const struct stat *st);

/* The run read PATH as WHAT (followed by " OF" when OF is not NULL: "a
 * file that the analysis of" "a.cu"). The first one that is an output is
 * kept. */
void cl_input_note(const char *path, const struct stat *st, const char *what, const char *of);

/* The first noted input that is an output: its path, with *WHAT and
 * *OUTPUT (the index) set; NULL when there is none. */
const char *cl_input_clash(const char **what, int *output);

#endif
