/* guard.h - containment for inputs that would crash or exhaust the
 * machine: a deeply nested expression overflows clang's recursive parser,
 * `#include "/dev/zero"` or a macro bomb eats memory without end.
 *
 * The run happens on a thread with a large stack (with libclang told not
 * to parse on its own 8 MB thread), address space is capped, each file's
 * parse has a time limit, and a fatal signal becomes one line naming the
 * file and exit status 2, never a core dump or a silent pass. */
#ifndef CUDALINT_GUARD_H
#define CUDALINT_GUARD_H

/* Runs fn(arg) under the guard and returns its result. Limits come from
 * CUDALINT_MAX_MEMORY_MB (default 8192) and CUDALINT_FILE_TIMEOUT
 * (seconds per file, default 300). A build with AddressSanitizer
 * (-DCUDALINT_SANITIZE=ON) ignores the memory cap: the sanitizer's shadow
 * memory needs terabytes of address space. */
int guard_run(int (*fn)(void *), void *arg);

/* The file being analysed, named if the process has to stop; starts
 * that file's time limit (set by guard_run; outside it, or with
 * CUDALINT_FILE_TIMEOUT=0, the alarm is not touched). NULL: between
 * files. */
void guard_file(const char *path);

/* Seconds that building the precompiled toolkit header may take, waiting
 * for another process's build included: CUDALINT_PCH_TIMEOUT (default
 * 120). The build is not charged to any file's limit. */
unsigned guard_pch_timeout(void);

#endif
