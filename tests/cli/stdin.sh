#!/bin/sh
# `-` reads a file from standard input, for editors that lint the buffer
# before it is saved; --stdin-filename names it.
. "$(dirname "$0")/lib.sh"
input kernels

say "'-': the text on standard input, reported as <stdin>"
run_stdin kernels/barrier.cu --no-cuda-toolkit -
run_stdin kernels/clean.cu --no-cuda-toolkit -

say "--stdin-filename: its name in the report; the text read wins over the file on disk"
run_stdin kernels/barrier.cu --no-cuda-toolkit --stdin-filename kernels/clean.cu -
run_stdin kernels/clean.cu --no-cuda-toolkit --stdin-filename=kernels/barrier.cu --format=json
check "grep -q 'threadIdx.x < 32' kernels/barrier.cu" "the file on disk changed"

say "... also with the result cache, which keys on the text read, not the file"
export CUDALINT_CACHE_DIR="$W/cache"
run --no-cuda-toolkit --cache-results kernels/barrier.cu --no-show-source
run_stdin kernels/clean.cu --no-cuda-toolkit --cache-results --stdin-filename kernels/barrier.cu
unset CUDALINT_CACHE_DIR

say "the configuration of the named file's directory applies, and suppressions in the text read"
mkdir sub
printf 'rules:\n  CL1001: off\n' >sub/.cudalint.yaml
run_stdin kernels/barrier.cu --no-cuda-toolkit --stdin-filename sub/new.cu
sed 's|__syncthreads();|__syncthreads(); // cudalint: ignore[CL1001] -- the block is one warp|' kernels/barrier.cu >suppressed.cu
run_stdin suppressed.cu --no-cuda-toolkit --stdin-filename kernels/barrier.cu

say "a header read from standard input is analysed through a file on disk that includes it"
printf 'struct T { int v; };\n#include "h.cuh"\n' >inc.cu
printf '__device__ void f(T *t) { t->v = 1; }\n' >h.cuh
printf '__device__ void f(T *t) { if (threadIdx.x < 32) __syncthreads(); }\n' >edited
run_stdin edited --no-cuda-toolkit --stdin-filename h.cuh

say "with other paths; what cannot be parsed is named; usage errors"
run_stdin kernels/barrier.cu --no-cuda-toolkit - kernels/loop.cu
printf 'not C++\n' >garbage
run_stdin garbage --no-cuda-toolkit -
run_stdin kernels/clean.cu --no-cuda-toolkit - -
run_stdin kernels/clean.cu --no-cuda-toolkit --stdin-filename x.cu kernels/loop.cu

say "after --paths, '-' is a file of that name, never standard input"
cp kernels/loop.cu ./-
run_stdin kernels/barrier.cu --no-cuda-toolkit --paths -
finish
