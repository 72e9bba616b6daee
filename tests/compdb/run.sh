#!/bin/sh
# -p DIR: flags come from compile_commands.json written the way CMake's
# Makefiles generator writes it for nvcc (include paths in a response file,
# flags libclang rejects), and a __device__ helper in a project header is
# followed from the call site.
#
# usage: tests/compdb/run.sh CUDALINT
set -u
cl=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-compdb.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/include" "$tmp/build/CMakeFiles/k.dir"

cat >"$tmp/include/tile.cuh" <<'CU'
#pragma once
__device__ inline void sync_all() { __syncthreads(); }
CU
cat >"$tmp/src/k.cu" <<'CU'
#include "tile.cuh"
#ifndef TILE
#error "TILE must come from the build"
#endif
__global__ void k(float *x)
{
    __shared__ float s[TILE];
    if (threadIdx.x < 16)
        sync_all();
    s[threadIdx.x % TILE] = x[threadIdx.x];
}
CU
printf '%s\n' "-I$tmp/include" >"$tmp/build/CMakeFiles/k.dir/includes_CUDA.rsp"
cat >"$tmp/build/compile_commands.json" <<JSON
[
{
  "directory": "$tmp/build",
  "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DTILE=32 --options-file CMakeFiles/k.dir/includes_CUDA.rsp --generate-code=arch=compute_80,code=[compute_80,sm_80] -Xcompiler=-fPIC --expt-relaxed-constexpr -std=c++17 -x cu -rdc=true -c $tmp/src/k.cu -o CMakeFiles/k.dir/src/k.cu.o",
  "file": "$tmp/src/k.cu"
}
]
JSON

fail=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then
		echo "PASS $1"
	else
		echo "FAIL $1"
		echo "  expected: $2"
		echo "  actual:   $3"
		fail=$((fail + 1))
	fi
}

cd "$tmp" || exit 2
out=$("$cl" --no-color -p build src/k.cu 2>&1)
rc=$?
check "-p: exit status" 1 "$rc"
check "-p: finding at the call of the header's helper" \
	"src/k.cu:9:9: warning: [CL1001 divergent-barrier]" \
	"$(echo "$out" | sed -n '1s/: warning: .*\[/: warning: [/p')"
check "-p: note at the barrier in the header" "$tmp/include/tile.cuh:2:37: note: the barrier is reached here" \
	"$(echo "$out" | grep 'tile.cuh')"

"$cl" --no-color src/k.cu >/dev/null 2>"$tmp/err"
check "without -p: the file cannot be analysed" 2 "$?"

"$cl" --no-color -p nowhere src/k.cu >/dev/null 2>"$tmp/err"
check "-p without a database: exit status" 2 "$?"
check "-p without a database: one-line reason" 1 "$(grep -c 'compile_commands.json' "$tmp/err")"

passed=$((6 - fail))
echo "$passed passed, $fail failed"
[ "$fail" -eq 0 ]
