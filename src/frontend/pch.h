/* pch.h - a shared precompiled header of the CUDA toolkit, cached on disk.
 *
 * Every CUDA translation unit drags in cuda_runtime.h and, often,
 * cooperative groups and libcu++: most of a file's parse. A PCH of those
 * headers, built once per toolkit, libclang and argument set, brings a
 * file from about 0.6 s down to about 0.14 s (docs/design/frontend.md,
 * "The precompiled toolkit header"). The PCH is only an accelerator: when
 * it cannot be built or loaded, or while it is being built, files are
 * parsed without it. */
#ifndef CUDALINT_PCH_H
#define CUDALINT_PCH_H

#include "frontend/clang_api.h" /* libclang, loaded on first use */
#include <sys/types.h>

struct pch {
	char *path;  /* malloc'd */
	dev_t dev;   /* the file that was found or built, so that only */
	ino_t ino;   /* that one is removed if it turns out damaged */
};

/* A PCH matching ARGV in *OUT, where ARGV[FIRST_USER] on are the
 * project's arguments: its include directories and -include files are
 * left out of the build and the key (the PCH holds the toolkit's and the
 * system's headers only, and a project's header that does not parse
 * never fails the build), so that the targets of a compilation database
 * share one PCH. Never waits for a build: 0 when the PCH is there (OUT
 * filled); 1 when it is being built, by a detached process that this
 * call may have started (under a lock shared by concurrent runs, within
 * guard_pch_timeout()): ask again at the next file, which costs a few
 * system calls (stat, open, a flock that does not wait); -1 when none can be had (no cache directory, a build
 * that failed lately, after a one-line warning naming the PCH, or one
 * this process started that ended without a PCH). VERBOSE: a note when
 * a build is started or under way elsewhere. AGAIN: asked before by
 * this parser, so nothing but a build started is said. */
int pch_ensure(struct pch *out, CXIndex index, const char *const *argv, int argc, int first_user,
               struct CXUnsavedFile *unsaved, unsigned nunsaved, const char *cuda_path, int verbose, int again);

/* Removes every PCH of the cache (and what goes with them), counting the
 * files and bytes into *N and *BYTES; -1 when there is no cache
 * directory. */
int pch_clear(size_t *n, long long *bytes);

/* libclang could not load P (damaged, or a header it was built from has
 * changed): removes the file if it is still the one P names, so that the
 * next pch_ensure builds it again. Frees P's path. */
void pch_discard(struct pch *p);

/* pch.lock, taken without waiting (*FD then holds it): BUSY while another
 * process builds. NO_LOCK: locking is impossible here (no regular lock
 * file, a file system without flock): a build goes on unlocked, as what
 * it makes is renamed into place whole anyway. The preambles' eviction
 * (preamble.c) takes the same lock. */
enum pch_lock_result { PCH_LOCKED, PCH_BUSY, PCH_NO_LOCK };
enum pch_lock_result pch_lock_try(const char *lock, int *fd);

/* Whether ARGV[I], I >= FIRST_USER, is one of the project's -include
 * files (*SKIP: the arguments after I it takes). */
int pch_project_include(const char *const *argv, int argc, int first_user, int i, int *skip);

/* pch_shadow.c: the headers a PCH holds, and include paths that shadow
 * them. */

/* Writes to PATH the list of TU's headers: each as its #include spelled
 * it and the file it resolved to, one per line, tab-separated. */
int pch_write_names(CXTranslationUnit tu, const char *path);

/* Whether ARGV[I] is an include-directory flag (-I, -iquote, -isystem,
 * -idirafter, joined or not): then *DIR is the directory and *SKIP the
 * number of arguments after I that it takes. */
int pch_include_dir(const char *const *argv, int argc, int i, int *skip, const char **dir);

/* Whether an include directory of ARGV holds a file, under a name the
 * PCH at path PCH included, other than the one the PCH holds (or the
 * PCH's list cannot be read): then the PCH must not be used, and WHY
 * names the file. */
int pch_shadowed(const char *pch, const char *const *argv, int argc, char *why, size_t len);

#endif
