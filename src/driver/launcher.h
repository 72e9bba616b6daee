/* launcher.h - the compiler-launcher mode (--launcher, launcher.c). */
#ifndef CUDALINT_LAUNCHER_H
#define CUDALINT_LAUNCHER_H

struct options;

/* Analyses the source file of O's compile command (o->launch_argv), then
 * runs that command in place of this process. Returns only when the
 * command is not run: 1 when findings reach the --fail-on given, 126 or
 * 127 when it cannot be started (as a shell). */
int cl_launch(const struct options *o);

#endif
