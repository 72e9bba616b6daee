#!/bin/sh
# -p: flags come from compile_commands.json written the way CMake writes it
# for nvcc (include paths in a response file, flags libclang rejects), and
# a __device__ helper in a project header is followed from the call site.
# Every compile command of a file is analysed (a file built with and
# without -DFOO), and every GPU architecture of a command where the code
# tests __CUDA_ARCH__; a finding that only some of them give says which.
# A missing or broken database is one clean error line. Closed world: each
# case compares the whole stdout, the whole stderr and the exit status.
#
# usage: tests/compdb/run.sh CUDALINT
set -u
cl=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-compdb.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/include" "$tmp/sys" "$tmp/build/CMakeFiles/k.dir"

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
# warn FILE:LINE:COL COND [SUFFIX]: a CL1001 finding at a __syncthreads()
# under `if (COND)` on the line before
warn() {
	printf '%s: warning: `__syncthreads()` runs only in the threads for which `%s` holds, %s%s [CL1001 divergent-barrier]\n' \
		"$1" "$2" "$tail_" "${3:-}"
	printf '%s: note: this condition differs between the threads of a block\n' \
		"$(echo "$1" | awk -F: '{ print $1 ":" $2 - 1 ":" $3 }')"
}
entry() { # FILE COMMAND...: a compile_commands.json entry, run in $tmp/build
	f=$1
	shift
	printf '{ "directory": "%s", "command": "%s -c %s -o x.o", "file": "%s" }' \
		"$tmp/build" "$*" "$tmp/src/$f" "$tmp/src/$f"
}
gencode() { # XX...: nvcc's --generate-code flags for sm_XX, as CMake writes them
	for a; do
		printf ' --generate-code=arch=compute_%s,code=[compute_%s,sm_%s]' "$a" "$a" "$a"
	done
}
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
case_ "without -p: the kernel cannot be analysed" 2 "" "cudalint: error: src/k.cu:5:17: device function 'k' not analysed: src/k.cu:7:24: error: use of undeclared identifier 'TILE'
cudalint: note: src/k.cu: 2 clang errors outside device code did not stop the analysis (the first: src/k.cu:1:10: error: 'tile.cuh' file not found); -v prints them all" \
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

# ---- a file built twice, with and without -DFOO ---------------------------
# The plain build comes first: analysing only the first entry misses the
# barrier that only the -DFOO=1 build has (in a header only it includes).
mkdir -p db2 db1
cat >"$tmp/include/foo.cuh" <<'CU'
#pragma once
__device__ inline void foo_sync() { __syncthreads(); }
CU
cat >"$tmp/src/two.cu" <<'CU'
#ifdef FOO
#include "foo.cuh"
#endif
__global__ void two(float *x)
{
    __shared__ float s[64];
#ifdef FOO
    if (threadIdx.x < 16)
        foo_sync();
#endif
    if (threadIdx.x < 8)
        __syncthreads();
    s[threadIdx.x] = x[threadIdx.x];
}
CU
printf '[\n%s,\n%s\n]\n' "$(entry two.cu nvcc -I$tmp/include "$(gencode 80)")" \
	"$(entry two.cu nvcc -I$tmp/include -DFOO=1 "$(gencode 80)")" >db2/compile_commands.json
printf '[\n%s\n]\n' "$(entry two.cu nvcc -I$tmp/include "$(gencode 80)")" >db1/compile_commands.json
two_out="src/two.cu:9:9: warning: the call to \`foo_sync()\`, which reaches \`__syncthreads()\`, runs only in the threads for which \`threadIdx.x < 16\` holds, $tail_ (only with -DFOO=1) [CL1001 divergent-barrier]
src/two.cu:8:9: note: this condition differs between the threads of a block
$tmp/include/foo.cuh:2:37: note: the barrier is reached here
$(warn src/two.cu:12:9 'threadIdx.x < 8')"
case_ "two entries: the -DFOO=1 one's finding names it, the common one is reported once" 1 "$two_out" "" \
	-- --no-cuda-toolkit -p db2 src/two.cu
case_ "one entry: the plain build only" 1 "$(warn src/two.cu:12:9 'threadIdx.x < 8')" "" \
	-- --no-cuda-toolkit -p db1 src/two.cu

# ---- the result cache covers every build ----------------------------------
# (files changed within the last second are never cached: make them old)
export CUDALINT_CACHE_DIR="$tmp/cache"
printf '__global__ void other(int *x) { x[0] = 0; }\n' >"$tmp/src/other.cu"
find "$tmp" -type f -exec touch -t 202001010000 {} +
case_ "cache: the first run stores the merged findings" 1 "$two_out" "" \
	-- --no-cuda-toolkit --cache-results -p db2 src/two.cu src/other.cu
check "cache: one entry per file" 2 "$(ls "$tmp/cache/results" | grep -c '\.entry$' | tr -d ' ')"
export CUDALINT_TEST_CRASH_ON=two.cu
case_ "cache: the second run analyses nothing (a worker would crash)" 1 "$two_out" "" \
	-- --no-cuda-toolkit --cache-results -j2 -p db2 src/two.cu src/other.cu
unset CUDALINT_TEST_CRASH_ON
case_ "cache: the key covers every entry (the first is the same)" 1 "$(warn src/two.cu:12:9 'threadIdx.x < 8')" "" \
	-- --no-cuda-toolkit --cache-results -p db1 src/two.cu
printf '#pragma once\n__device__ inline void foo_sync() {}\n' >"$tmp/include/foo.cuh"
touch -t 202001020000 "$tmp/include/foo.cuh"
case_ "cache: a header only the -DFOO=1 build reads is a dependency" 1 "$(warn src/two.cu:12:9 'threadIdx.x < 8')" "" \
	-- --no-cuda-toolkit --cache-results -p db2 src/two.cu
unset CUDALINT_CACHE_DIR

# ---- a build that fails: reported, with the flags that make it fail -------
mkdir -p dbf
cat >"$tmp/src/broken.cu" <<'CU'
__global__ void f(float *x)
{
#ifdef BROKEN
    x[0] = not_declared;
#endif
    if (threadIdx.x < 8)
        __syncthreads();
}
CU
printf '[\n%s,\n%s\n]\n' "$(entry broken.cu nvcc -DBROKEN)" "$(entry broken.cu nvcc)" >dbf/compile_commands.json
broken_out="$(warn src/broken.cu:7:9 'threadIdx.x < 8' | sed 's/ \[CL1001/ (only without -DBROKEN) [CL1001/')"
case_ "one entry fails to compile" 2 "$broken_out" \
	"cudalint: note: src/broken.cu: that failure is in its configuration with -DBROKEN
cudalint: error: src/broken.cu:1:17: device function 'f' not analysed: src/broken.cu:4:12: error: use of undeclared identifier 'not_declared' (only with -DBROKEN)" \
	-- --no-cuda-toolkit -p dbf src/broken.cu
"$cl" --no-cuda-toolkit --format=json -p dbf src/broken.cu 2>/dev/null >"$tmp/json"
# (the first "reason" is the failure's; files[].functions[] follow, as
# the first build saw them)
check "one entry fails to compile: the report's failure names its flags" \
	"\"reason\": \"src/broken.cu:4:12: error: use of undeclared identifier 'not_declared' (only with -DBROKEN)\"," \
	"$(grep -m1 '"reason"' "$tmp/json" | sed 's/^ *//')"

# ---- every architecture, where the code depends on __CUDA_ARCH__ ----------
mkdir -p dba
cat >"$tmp/src/arch.cu" <<'CU'
__global__ void arch(float *x)
{
#if __CUDA_ARCH__ >= 900
    if (threadIdx.x < 16)
        __syncthreads();
#endif
    if (threadIdx.x < 4)
        __syncthreads();
    x[threadIdx.x] = 0;
}
CU
# the same architectures, no __CUDA_ARCH__ of its own: one parse; a system
# header that tests it does not count, a project header does
printf '#pragma once\n#if __CUDA_ARCH__ >= 900\n#define SYS_NEW 1\n#endif\n' >"$tmp/sys/sysarch.cuh"
printf '#pragma once\n__device__ inline int lanes() { return 32; }\n' >"$tmp/include/plain.cuh"
printf '#pragma once\n#if __CUDA_ARCH__ >= 900\n#define NEW 1\n#endif\n' >"$tmp/include/archy.cuh"
printf '#include "plain.cuh"\n#include <sysarch.cuh>\n__global__ void once(int *x) { x[0] = lanes(); }\n' \
	>"$tmp/src/once.cu"
printf '#include "archy.cuh"\n__global__ void twice(int *x) { x[0] = 1; }\n' >"$tmp/src/twice.cu"
printf '[\n%s,\n%s,\n%s\n]\n' "$(entry arch.cu nvcc "$(gencode 80 90)")" \
	"$(entry once.cu nvcc -I$tmp/include -isystem=$tmp/sys "$(gencode 80 90)")" \
	"$(entry twice.cu nvcc -I$tmp/include "$(gencode 80 90)")" >dba/compile_commands.json
case_ "two architectures: the barrier only sm_90 compiles names it" 1 \
	"$(warn src/arch.cu:5:9 'threadIdx.x < 16' ' (only with sm_90)')
$(warn src/arch.cu:8:9 'threadIdx.x < 4')" "" -- --no-cache -p dba src/arch.cu
case_ "--cuda-arch replaces the command's architectures" 1 \
	"$(warn src/arch.cu:5:9 'threadIdx.x < 16')
$(warn src/arch.cu:8:9 'threadIdx.x < 4')" "" -- --no-cache --cuda-arch=sm_90 -p dba src/arch.cu
parses() { # FILE: how many times --dump-ir shows it parsed
	"$cl" --no-cache --dump-ir -p dba "src/$1" 2>&1 >/dev/null | grep -c "^dep src/$1\$"
}
check "two architectures, __CUDA_ARCH__ in the file: one parse each" 2 "$(parses arch.cu)"
check "two architectures, __CUDA_ARCH__ only in a system header: one parse" 1 "$(parses once.cu)"
check "two architectures, __CUDA_ARCH__ in a project header: one parse each" 2 "$(parses twice.cu)"

# ---- one place, two messages: one finding, the first command's message ---
# The two builds quote the read differently (OFF is 1 or 64); without the
# merge by place the race was reported twice at 5:22.
printf '__global__ void r(float *x)\n{\n    __shared__ float s[256];\n    s[threadIdx.x] = x[threadIdx.x];\n    x[threadIdx.x] = s[(threadIdx.x + OFF) %% 256];\n}\n' >"$tmp/src/r.cu"
mkdir dbr
printf '[\n%s,\n%s\n]\n' "$(entry r.cu nvcc -DOFF=1)" "$(entry r.cu nvcc -DOFF=64)" >dbr/compile_commands.json
r_out='src/r.cu:5:22: warning: `s[(threadIdx.x + 1) % 256]` reads __shared__ memory that other threads write (`s[threadIdx.x]`) with no barrier in between, so it can read the value from before the write; put `__syncthreads()` between the write and the read [CL3001 shared-memory-race]
src/r.cu:4:5: note: written here'
case_ "two commands, one race, two messages: reported once, the first command's words" 1 "$r_out" "" \
	-- --no-cache -p dbr src/r.cu
printf '[\n%s,\n%s\n]\n' "$(entry r.cu nvcc -DOFF=64)" "$(entry r.cu nvcc -DOFF=1)" >dbr/compile_commands.json
case_ "the same, the commands swapped: the other message" 1 "$(echo "$r_out" | sed 's/+ 1)/+ 64)/')" "" \
	-- --no-cache -p dbr src/r.cu

# ---- a response file that is missing: the warning names it ---------------
mkdir dbm
printf '[\n%s\n]\n' "$(entry r.cu nvcc -DOFF=1 --options-file CMakeFiles/gone.rsp)" >dbm/compile_commands.json
case_ "a missing response file is named" 2 "" \
	"cudalint: warning: src/r.cu: its compile command could not be read (response file $tmp/build/CMakeFiles/gone.rsp: cannot read: No such file or directory); using the default flags
cudalint: error: src/r.cu:1:17: device function 'r' not analysed: src/r.cu:5:39: error: use of undeclared identifier 'OFF'" \
	-- --no-cache -p dbm src/r.cu

echo "$passed passed, $fail failed"
[ "$fail" -eq 0 ]
