#!/bin/sh
# -p: flags come from compile_commands.json written the way CMake writes it
# for nvcc (include paths in a response file, flags libclang rejects), and
# a __device__ helper in a project header is followed from the call site.
# A missing or broken database is one clean error line. Closed world: each
# case compares the whole stdout, the whole stderr and the exit status.
#
# usage: tests/compdb/run.sh CUDALINT
set -u
cl=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-compdb.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/include" "$tmp/build/CMakeFiles/k.dir"

fail=0 passed=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then
		echo "PASS $1"
		passed=$((passed + 1))
	else
		echo "FAIL $1"
		echo "  expected: $2" | sed '2,$s/^/            /'
		echo "  actual:   $3" | sed '2,$s/^/            /'
		fail=$((fail + 1))
	fi
}
# case_ NAME STATUS STDOUT STDERR -- CUDALINT-ARGUMENTS...
case_() {
	name=$1 status=$2 out=$3 err=$4
	shift 5
	"$cl" --no-color "$@" >"$tmp/out" 2>"$tmp/err"
	check "$name: exit status" "$status" "$?"
	check "$name: stdout" "$out" "$(cat "$tmp/out")"
	check "$name: stderr" "$err" "$(cat "$tmp/err")"
}
tail_='but every thread of the block must reach a block barrier: the others never arrive, so the block can hang or read shared memory too early; move the barrier out of the branch'
cd "$tmp" || exit 2

# ---- CMake's Makefiles generator: a response file, rejected flags ----------
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
k_out="src/k.cu:9:9: warning: the call to \`sync_all()\`, which reaches \`__syncthreads()\`, runs only in the threads for which \`threadIdx.x < 16\` holds, $tail_ [CL1001 divergent-barrier]
src/k.cu:8:9: note: this condition differs between the threads of a block
$tmp/include/tile.cuh:2:37: note: the barrier is reached here"
case_ "-p DIR" 1 "$k_out" "" -- -p build src/k.cu
case_ "-p DIR/compile_commands.json" 1 "$k_out" "" -- -p build/compile_commands.json src/k.cu
case_ "without -p: the file cannot be analysed" 2 "" "src/k.cu:1:10: error: 'tile.cuh' file not found
src/k.cu:3:2: error: \"TILE must come from the build\"
src/k.cu:7:24: error: use of undeclared identifier 'TILE'
src/k.cu:9:9: error: use of undeclared identifier 'sync_all'
src/k.cu:10:21: error: use of undeclared identifier 'TILE'
cudalint: error: src/k.cu: 5 compile errors, not analysed (first: src/k.cu:1:10: error: 'tile.cuh' file not found)" \
	-- src/k.cu

# ---- a database that cannot be used: one line, exit 2, nothing of libclang's
mkdir empty trunc syntax nofile notarray named
printf '[{"directory": "/tmp", "command": "nvcc -c x.cu"' >trunc/compile_commands.json
printf '[\n  {"directory": "/tmp", "file": "x.cu",, "command": "nvcc -c x.cu"}\n]\n' >syntax/compile_commands.json
printf '[{"directory": "/tmp", "command": "nvcc -c x.cu"}]\n' >nofile/compile_commands.json
printf '{"directory": "/tmp"}\n' >notarray/compile_commands.json
printf '[]\n' >named/bad.json
bad_db() { # NAME -p-ARGUMENT EXPECTED-STDERR
	case_ "$1" 2 "" "$3" -- -p "$2" src/k.cu
	check "$1: nothing from libclang" 0 "$(grep -c LIBCLANG "$tmp/err")"
}
bad_db "-p missing" missing "cudalint: error: missing: cannot read: No such file or directory"
bad_db "-p DIR without a database" empty \
	"cudalint: error: empty/compile_commands.json: cannot read: No such file or directory"
bad_db "-p FILE not named compile_commands.json" named/bad.json \
	"cudalint: error: named/bad.json: neither a directory nor a file named compile_commands.json (libclang reads only that name)"
bad_db "-p truncated JSON" trunc "cudalint: error: trunc/compile_commands.json: invalid JSON: unexpected end of file"
bad_db "-p invalid JSON" syntax/compile_commands.json \
	"cudalint: error: syntax/compile_commands.json: invalid JSON at line 2, column 40: quoted object property name expected"
bad_db "-p entry without \"file\"" nofile "cudalint: error: nofile/compile_commands.json: entry 1 has no \"file\" string"
bad_db "-p not an array" notarray \
	"cudalint: error: notarray/compile_commands.json: not a JSON array of compile commands"
if [ "$(id -u)" != 0 ]; then
	mkdir unreadable && printf '[]\n' >unreadable/compile_commands.json && chmod 000 unreadable/compile_commands.json
	bad_db "-p unreadable" unreadable \
		"cudalint: error: unreadable/compile_commands.json: cannot read: Permission denied"
else
	echo "SKIP -p unreadable (root reads every file)"
fi

echo "$passed passed, $fail failed"
[ "$fail" -eq 0 ]
