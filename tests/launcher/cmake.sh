#!/bin/sh
# launcher.cmake: cudalint as CMake's compiler launcher under Ninja
# (docs/ci.md#riding-the-build), in real builds:
#   1. a CXX project whose .cu file the host compiler builds as C++ (-x c++;
#      the file defines CUDA's keywords away when __CUDACC__ is not set),
#      with CMAKE_CXX_COMPILER_LAUNCHER: runs wherever cmake, ninja and c++
#      are, CUDA toolkit or not. The build succeeds with the findings in
#      its log and the object made; the target's -I and -D reach the
#      analysis; a second `ninja` has nothing to do; with --fail-on=warning
#      in the launcher the build fails and no object is made.
#   2. a CUDA project (LANGUAGES CUDA) with CMAKE_CUDA_COMPILER_LAUNCHER and
#      nvcc, where a CUDA toolkit is found (cudalint --show-toolkit): the
#      same checks on nvcc's command line (-forward-unknown-to-host-compiler,
#      --generate-code, -MD -MF). Without a toolkit this part is reported
#      as skipped, and part 1 still runs.
#   3. the same CUDA project with clang++ as CMake's CUDA compiler, where
#      clang++ compiles a one-line kernel against that toolkit; where it
#      cannot (Debian 12's clang 14 knows CUDA up to 11.5 and fails on
#      CUDA 12 and 13 headers), the part is reported as skipped with
#      clang's first error. cli.launcher checks clang's command line with
#      a fake compiler either way.
# Exit status 77 (a skip) when cmake, ninja or c++ is missing
# (tools/install-deps.sh --test installs them).
#
# usage: tests/launcher/cmake.sh CUDALINT SOURCE_DIR
NAME=launcher-cmake
. "$(dirname "$0")/../lib/args.sh"
for t in cmake ninja c++; do
	command -v $t >/dev/null || { echo "SKIP: $t is not installed (tools/install-deps.sh --test)"; exit 77; }
done

# project DIR LANGUAGE: the sources and CMakeLists.txt of a project in DIR
project() {
	mkdir -p "$1/src" "$1/inc"
	printf '#define HALF 16\n' >"$1/inc/cfg.h"
	cat >"$1/src/k.cu" <<'CU'
#include "cfg.h"
#if !defined(__CUDACC__) && !defined(__CUDA__) /* the host compiler's view (part 1) */
#define __global__
#define __syncthreads() ((void)0)
static struct { unsigned x; } threadIdx;
#endif
__global__ void k(float *x)
{
#ifdef LAUNCH_BUG
	if (threadIdx.x < HALF)
		__syncthreads();
#endif
	x[threadIdx.x] = 0;
}
CU
	if [ "$2" = CXX ]; then
		extra='set_source_files_properties(src/k.cu PROPERTIES LANGUAGE CXX)
target_compile_options(k PRIVATE -x c++)'
	else
		extra='set_target_properties(k PROPERTIES CUDA_ARCHITECTURES 80)'
	fi
	cat >"$1/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.18)
project(ride LANGUAGES $2)
add_library(k OBJECT src/k.cu)
target_include_directories(k PRIVATE inc)
target_compile_definitions(k PRIVATE LAUNCH_BUG)
$extra
CM
}

# build DIR LANGUAGE LAUNCHER [CMAKE-ARGS...]: configure (fresh) and build; the
# log in DIR.log, the status in $rc
build() {
	d=$1 lang=$2 launcher=$3
	shift 3
	rm -rf "$d/b"
	if ! cmake -G Ninja -S "$d" -B "$d/b" "-DCMAKE_${lang}_COMPILER_LAUNCHER=$launcher" "$@" >"$d.cfg" 2>&1; then
		fail "$d: cmake could not configure:"
		cat "$d.cfg" >&2
		rc=configure
		return
	fi
	ninja -C "$d/b" >"$d.log" 2>&1
	rc=$?
}

# check DIR LANGUAGE: the checks of a project built with the launcher
check() {
	d=$1 lang=$2
	obj=$d/b/CMakeFiles/k.dir/src/k.cu.o
	build "$d" "$lang" "$cl;--no-cuda-toolkit;--launcher" "$@"
	[ "$rc" = configure ] && return
	if [ "$rc" = 0 ] && [ -f "$obj" ]; then echo "ok: $lang: the build succeeds and makes the object"
	else fail "$lang: ninja exits $rc, object $(ls "$obj" 2>&1); its log:"; cat "$d.log" >&2; fi
	if grep -q "^$d/src/k.cu:11:3: warning: .*\[CL1001 divergent-barrier\]$" "$d.log"; then
		echo "ok: $lang: the finding is in the build log, in the compiler's form (so -Iinc and -DLAUNCH_BUG reached it)"
	else fail "$lang: no CL1001 finding at src/k.cu:11:3 in the build log:"; cat "$d.log" >&2; fi
	ninja -C "$d/b" >"$d.again" 2>&1
	if grep -q "no work to do" "$d.again"; then echo "ok: $lang: a second ninja has nothing to do"
	else fail "$lang: the second ninja did work:"; cat "$d.again" >&2; fi

	build "$d" "$lang" "$cl;--no-cuda-toolkit;--fail-on=warning;--launcher" "$@"
	[ "$rc" = configure ] && return
	if [ "$rc" != 0 ] && [ ! -f "$obj" ] && grep -q "src/k.cu: findings at or above --fail-on; not compiled" "$d.log"; then
		echo "ok: $lang: with --fail-on=warning the build fails, and makes no object"
	else fail "$lang: --fail-on=warning: ninja exits $rc, object $(ls "$obj" 2>&1); its log:"; cat "$d.log" >&2; fi
}

# --- 1. CXX: the host compiler builds the .cu file as C++
project "$tmp/cxx" CXX
check "$tmp/cxx" CXX

# --- 2. CUDA with nvcc, where a toolkit is found
if toolkit=$("$cl" --show-toolkit 2>/dev/null) && [ -x "$toolkit/bin/nvcc" ]; then
	project "$tmp/cuda" CUDA
	check "$tmp/cuda" CUDA "-DCMAKE_CUDA_COMPILER=$toolkit/bin/nvcc"
else
	echo "skipped: CUDA: no CUDA toolkit with nvcc (cudalint --show-toolkit); the CXX part ran"
fi

# --- 3. CUDA with clang++ as the CUDA compiler, where it can compile
if [ -n "${toolkit:-}" ] && command -v clang++ >/dev/null; then
	printf '__global__ void one(float *x) { x[0] = 0; }\n' >"$tmp/probe.cu"
	if clang++ -x cuda --cuda-path="$toolkit" --cuda-gpu-arch=sm_80 -c "$tmp/probe.cu" -o "$tmp/probe.o" >"$tmp/probe.log" 2>&1; then
		project "$tmp/clang" CUDA
		check "$tmp/clang" CUDA -DCMAKE_CUDA_COMPILER="$(command -v clang++)" "-DCUDAToolkit_ROOT=$toolkit"
	else
		echo "skipped: CUDA with clang++: it cannot compile a kernel against $toolkit: $(grep -m1 'error' "$tmp/probe.log")"
	fi
else
	echo "skipped: CUDA with clang++: no clang++ or no CUDA toolkit"
fi

[ "$failed" = 0 ] && echo "PASS launcher.cmake"
exit "$failed"
