#!/bin/sh
# The result cache and headers analysed through an includer (a header that
# is not self-contained, given alone as pre-commit does): a second run is a
# hit; a change to anything the choice of includer or its parse depended on
# is a miss whose report equals a run without the cache. Whether a run hit
# is told by CUDALINT_TEST_TRACE_LIBCLANG (a hit never loads libclang), not
# by timing it. Also: the includer search of a tree without .git.
. "$(dirname "$0")/lib.sh"
export CUDALINT_CACHE_DIR="$T/cache"
export CUDALINT_TEST_TRACE_LIBCLANG=1

# step WANT ARGS...: a cached run of cudalint --no-cuda-toolkit ARGS, which
# must be a hit or a miss as WANT says; its report (less the trace line) in
# the transcript, and equal to that of a run with --no-cache-results.
step() {
	want=$1
	shift
	printf '$ cudalint --no-cuda-toolkit %s  (a %s)\n' "$*" "$want" >>"$TR"
	"$CUDALINT" --no-cuda-toolkit "$@" >"$T/out" 2>"$T/err" </dev/null
	RC=$?
	grep -v '^cudalint: test: loaded' "$T/err" >"$T/err.shown"
	cat "$T/out" >>"$TR"
	if [ -s "$T/err.shown" ]; then
		echo "--- stderr" >>"$TR"
		cat "$T/err.shown" >>"$TR"
	fi
	echo "--- exit $RC" >>"$TR"
	if [ "$want" = hit ]; then
		check '! grep -q "^cudalint: test: loaded" "$T/err"' "expected a hit: $*"
	else
		check 'grep -q "^cudalint: test: loaded" "$T/err"' "expected a miss: $*"
	fi
	"$CUDALINT" --no-cuda-toolkit --no-cache-results "$@" >"$T/fresh.out" 2>"$T/fresh.err" </dev/null
	fresh_rc=$?
	grep -v '^cudalint: test: loaded' "$T/fresh.err" >"$T/fresh.shown"
	check 'cmp -s "$T/out" "$T/fresh.out" && cmp -s "$T/err.shown" "$T/fresh.shown" && [ "$RC" = "$fresh_rc" ]' \
		"the report differs from a run without the cache: $*"
}

# age STAMP FILE...: modification times old enough for the cache to store
# (it leaves out files changed within a second of the run); each edit
# below takes a new STAMP, so no edit keeps a file's size and time.
age() {
	stamp=$1
	shift
	touch -t "$stamp" "$@"
}

mkdir -p p/.git p/src p/other
printf 'struct Params { int n; float *data; };\n' >p/src/types.cuh
cat >p/src/kern.cuh <<'CU'
// uses Params, which its includer defines first
__global__ void step(Params p)
{
	if (threadIdx.x < p.n)
		__syncthreads();
}
CU
printf '#include "types.cuh"\n#include "kern.cuh"\n' >p/src/main.cu
# a candidate that names the header but does not read it: tried, rejected
printf '#if 0\n#include "kern.cuh"\n#endif\nint b;\n' >p/src/b.cu
find p -type f -exec touch -t 202001010000 {} +
H=p/src/kern.cuh

say "the header alone: analysed through p/src/main.cu (p/src/b.cu names it under #if 0), stored, then a hit"
step miss $H
step hit $H
say "the includer changes: a miss, then a hit"
printf '// a comment\n' >>p/src/main.cu
age 202001020000 p/src/main.cu
step miss $H
step hit $H
say "another header the includer reads changes: a miss"
printf 'struct Params { int n; float *data; int pad; };\n' >p/src/types.cuh
age 202001030000 p/src/types.cuh
step miss $H
step hit $H
say "the header itself changes: a miss"
printf '// more\n' >>$H
age 202001040000 $H
step miss $H
step hit $H
say "a rejected candidate now reads the header, and comes first: a miss, analysed through it"
printf '#include "types.cuh"\n#if 1\n#include "kern.cuh"\n#endif\nint b;\n' >p/src/b.cu
age 202001050000 p/src/b.cu
step miss $H
step hit $H
say "a new file that would now be chosen (p/src/a.cu sorts first): a miss, analysed through it"
printf 'struct Params { int n; float *data; };\n#include "kern.cuh"\n' >p/src/a.cu
age 202001060000 p/src/a.cu
step miss $H
step hit $H
say "a new file that names the header but ranks after the includer: the candidate list changed, a miss"
printf '#include "../src/kern.cuh"\n' >p/other/z.cuh
age 202001070000 p/other/z.cuh
step miss $H
step hit $H
say "the chosen includer no longer includes the header: a miss, back to p/src/b.cu"
printf 'struct Params { int n; float *data; };\n' >p/src/a.cu
age 202001080000 p/src/a.cu
step miss $H
step hit $H
say "includers removed: a miss; with none left that reads it, the header alone, never stored"
rm p/src/b.cu
step miss $H
step hit $H
rm p/src/main.cu p/other/z.cuh
step miss $H
step miss $H

say "a tree without .git: the search starts at the nearest folder holding a project marker (a Makefile)"
mkdir -p q/lib
printf 'all:\n' >q/Makefile
printf '__global__ void step(Params p)\n{\n\tif (threadIdx.x < p.n)\n\t\t__syncthreads();\n}\n' >q/lib/k.cuh
printf 'struct Params { int n; float *data; };\n#include "lib/k.cuh"\n' >q/train.cu
find q -type f -exec touch -t 202001010000 {} +
step miss q/lib/k.cuh
step hit q/lib/k.cuh
say "without the marker, only the header's own folder is searched: no includer"
rm q/Makefile
step miss q/lib/k.cuh
finish
