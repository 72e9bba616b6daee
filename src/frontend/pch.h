/* pch.h - a shared precompiled header of the CUDA toolkit, cached on disk.
 *
 * Every CUDA translation unit drags in cuda_runtime.h and, often,
 * cooperative groups and libcu++: about 1.5 s of parsing per file. A PCH
 * of those headers, built once per toolkit, libclang and argument set,
 * brings a file down to about 0.3 s (NOTES.md measured 89 ms on a quiet
 * machine). The PCH is only an accelerator: a parse that fails with it is
 * redone without it. */
#ifndef CUDALINT_PCH_H
#define CUDALINT_PCH_H

#include <clang-c/Index.h>

/* Path of a PCH matching argv (malloc'd), building it if needed, or NULL
 * when none can be had (no cache directory, or the build failed). */
char *pch_ensure(CXIndex index, const char *const *argv, int argc, struct CXUnsavedFile *unsaved,
                 unsigned nunsaved, const char *cuda_path);

#endif
