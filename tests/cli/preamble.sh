#!/bin/sh
# The preamble (src/frontend/preamble.h): a file's leading #include block,
# precompiled on top of the toolkit PCH and reused after an edit below it.
# What is checked:
#   - files whose preambles are the same bytes share one PCH; another
#     comment is another preamble; a preamble that reads nothing beyond the
#     toolkit PCH gets none; a file wrapped whole in an include guard has
#     its preamble inside it;
#   - every report equals one of a run without preambles
#     (CUDALINT_PREAMBLE_MB=0): findings in a header with the note at the
#     #include, a clang error inside a header, a header without an include
#     guard (the file's #include of it must not read it twice);
#   - an edit below the preamble reuses it; an edit of a header it read
#     builds it again, and the result cache sees that header too;
#   - a header whose preamble reads the header itself again gets none;
#   - a header whose preamble met a clang error is not parsed on its own
#     before its includers are tried, until that error is gone;
#   - eviction by size, and --clear-cache.
# Whether a parse used a preamble is told by CUDALINT_TEST_TRACE_PARSES,
# never by timing it. Needs a CUDA toolkit (skipped without one).
. "$(dirname "$0")/lib.sh"

need_toolkit
export CUDALINT_CACHE_DIR=$T/cache CUDALINT_TEST_TRACE_PARSES=1
C=$CUDALINT_CACHE_DIR

# same ARGS...: a run (in the transcript) whose stdout, exit status and
# stderr (less the parse trace and -v's notes on preambles) equal those of
# a run without preambles (and without the result cache).
same() {
	run "$@"
	grep -v '^cudalint: test: parsing\|preamble' "$T/err" >"$T/err.a"
	CUDALINT_PREAMBLE_MB=0 "$CUDALINT" --no-cache-results "$@" >"$T/out.b" 2>"$T/err.raw" </dev/null
	rc_b=$?
	grep -v '^cudalint: test: parsing\|preamble' "$T/err.raw" >"$T/err.b"
	check 'cmp -s "$T/out" "$T/out.b" && cmp -s "$T/err.a" "$T/err.b" && [ "$RC" = "$rc_b" ]' \
		"differs from a run without preambles: $* $(diff "$T/out" "$T/out.b" | head -c 600) $(diff "$T/err.a" "$T/err.b" | head -c 600)"
	check '! grep -q "with the precompiled toolkit header and its preamble" "$T/err.raw"' \
		"CUDALINT_PREAMBLE_MB=0 used a preamble: $*"
}

npch() {
	ls "$C" | grep -c '^pre-.*\.pch$'
}

mkdir -p p/.git
cd p || exit 2
cat >inc.cuh <<'EOF'
#pragma once
__device__ inline void helper(float *s)
{
	if (threadIdx.x < 16)
		__syncthreads();
}
void host_only() { not_declared(); }
EOF
# no include guard: read twice, kTile would be defined twice
printf '#define TILE 32\nstatic const int kTile = TILE;\n' >raw.h
printf '// a.cu and b.cu share this preamble\n#include <cuda_runtime.h>\n#include "inc.cuh"\n#include "raw.h"\n\n' >head
{ cat head; printf '__global__ void ka(float *d)\n{\n\t__shared__ float s[TILE];\n\thelper(s);\n\td[threadIdx.x] = s[kTile - 1];\n}\n'; } >a.cu
{ cat head; printf '__global__ void kb(float *d)\n{\n\tif (d[threadIdx.x] > 0)\n\t\t__syncthreads();\n}\n'; } >b.cu
sed 's|a.cu and b.cu share this preamble|c.cu has its own|' a.cu >c.cu
printf '#include <cuda_runtime.h>\n__global__ void k(float *d)\n{\n\tif (threadIdx.x < 3)\n\t\t__syncthreads();\n}\n' >only.cu

# the toolkit PCH first: preambles are built on it
toolkit_pch only.cu

say "a.cu and b.cu share a preamble, c.cu has its own, only.cu none: two PCHs, the reports as without them"
same -v --no-cache-results a.cu b.cu c.cu only.cu
check '[ "$(grep -c "^cudalint: test: parsing [abc].cu with the precompiled toolkit header and its preamble" "$T/err")" = 3 ]' \
	"not 3 parses with a preamble: $(grep test: "$T/err")"
check 'grep -q "^cudalint: note: only.cu: no preamble precompiled: it reads nothing the toolkit PCH does not hold" "$T/err"' \
	"no note on only.cu: $(grep note: "$T/err")"
check '[ "$(npch)" = 2 ]' "not 2 preamble PCHs: $(ls "$C")"

say "an edit below the preamble: the same PCH, the new line numbers"
printf '__global__ void more(float *d)\n{\n\tif (threadIdx.x == 0)\n\t\t__syncthreads();\n}\n' >>a.cu
same --no-cache-results a.cu
check 'grep -q "^cudalint: test: parsing a.cu with the precompiled toolkit header and its preamble" "$T/err"' \
	"a.cu not parsed with its preamble: $(grep test: "$T/err")"
check '[ "$(npch)" = 2 ]' "a new PCH for an edit below the preamble: $(ls "$C")"

say "a file wrapped whole in an include guard: its preamble is inside the guard, which the PCH does not define"
printf '// g.cu\n#ifndef G_CU\n#define G_CU\n#include <cuda_runtime.h>\n#include "inc.cuh"\n\n__global__ void kg(float *d)\n{\n\tif (d[threadIdx.x] > 0)\n\t\t__syncthreads();\n}\n#endif\n' >g.cu
same --no-cache-results g.cu
check 'grep -q "^cudalint: test: parsing g.cu with the precompiled toolkit header and its preamble" "$T/err" && grep -q "CL1001" "$T/out"' \
	"g.cu not parsed with its preamble, or its kernel skipped: $(grep test: "$T/err") $(cat "$T/out")"
say "the guard's macro defined on the command line: the file is empty, with its preamble as without"
# another flag set: its own toolkit PCH first, built in the background
toolkit_pch g.cu -- -DG_CU
same -v --no-cache-results g.cu -- -DG_CU
check '! grep -q "CL1001" "$T/out" && grep -q "^cudalint: test: parsing g.cu with the precompiled toolkit header$" "$T/err"' \
	"g.cu analysed with G_CU defined, or not with the toolkit PCH: $(cat "$T/out") $(grep test: "$T/err")"
check 'grep -q "^cudalint: note: g.cu: no preamble precompiled: it reads nothing the toolkit PCH does not hold" "$T/err"' \
	"a preamble for g.cu with its guard's macro defined: $(grep -i preamble "$T/err")"

say "a header the preamble read has changed: built again, and the change is seen"
printf '__device__ inline void helper2(float *s)\n{\n\tif (threadIdx.x > 4)\n\t\t__syncwarp();\n}\n' >>inc.cuh
sed -i 's|\thelper(s);|\thelper(s);\n\thelper2(s);|' a.cu
same --no-cache-results a.cu
check 'grep -q "^cudalint: test: parsing a.cu with the precompiled toolkit header and its preamble" "$T/err"' \
	"a.cu not parsed with its rebuilt preamble: $(grep test: "$T/err")"

say "the result cache: a hit, then a miss once a header of the preamble changes"
touch -t 202001010000 inc.cuh raw.h a.cu
quiet a.cu
quiet a.cu
check '! grep -q "^cudalint: test: parsing" "$T/err"' "the second run was not a hit: $(grep test: "$T/err")"
printf 'void host_two() { also_not_declared(); }\n' >>inc.cuh
touch -t 202001020000 inc.cuh
same a.cu
check 'grep -q "2 clang errors outside device code" "$T/err"' "the header's change was not seen: $(cat "$T/err")"

say "a project whose include directory shadows a header of the toolkit PCH: a preamble of its own, holding the toolkit's headers"
mkdir -p sh/inc/cuda
printf '#pragma once\n__device__ inline int own_atomic(int x) { return x; }\n' >sh/inc/cuda/atomic
printf '#include <cuda_runtime.h>\n#include <cuda/atomic>\n__global__ void k(int *p)\n{\n\tif (p[threadIdx.x] > 0)\n\t\t__syncthreads();\n\tp[0] = own_atomic(1);\n}\n' >sh/k.cu
cd sh || exit 2
same --no-cache-results k.cu -- -I inc
check 'grep -q "^cudalint: test: parsing k.cu with its preamble, which holds the toolkit.s headers" "$T/err"' \
	"k.cu not parsed with a preamble of its own: $(grep test: "$T/err")"
same --no-cache-results k.cu -- -I inc
check 'grep -q "^cudalint: test: parsing k.cu with its preamble, which holds the toolkit.s headers" "$T/err"' \
	"k.cu's preamble not reused: $(grep test: "$T/err")"
cd .. || exit 2

say "a header whose preamble met a clang error: after the first run, analysed through its includer without its own parse"
mkdir -p hd
cd hd || exit 2
printf '#pragma once\nvoid host_bad() { not_declared(); }\n' >bad.h
# main.cu does not read bad.h: only k.cuh's own preamble does, so only
# that preamble's list of files can make the result cache see its fix
printf '#pragma once\n#include <cuda_runtime.h>\n#ifndef FROM_MAIN\n#include "bad.h"\n#endif\n\n__device__ inline void kh(float *s)\n{\n\tif (threadIdx.x < 16)\n\t\t__syncthreads();\n}\n' >k.cuh
printf '#define FROM_MAIN\n#include "k.cuh"\n__global__ void km(float *d) { kh(d); }\n' >main.cu
# older than the run by more than a second, or the result cache would not
# store them (a fast machine runs the four parses below within a second)
touch -t 202001010000 bad.h k.cuh main.cu
same --no-cache-results k.cuh
check 'grep -q "^cudalint: test: parsing k.cuh with the precompiled toolkit header and its preamble" "$T/err" && grep -q "CL1001" "$T/out"' \
	"the first run did not parse k.cuh with its preamble, or found nothing: $(grep test: "$T/err") $(cat "$T/out")"
same --no-cache-results k.cuh
check '! grep -q "^cudalint: test: parsing k.cuh" "$T/err" && grep -q "^cudalint: test: parsing main.cu" "$T/err"' \
	"k.cuh parsed on its own although its preamble holds an error, or main.cu not parsed: $(grep test: "$T/err")"
say "the result cache: a hit; once bad.h parses, a miss, and k.cuh is analysed on its own"
quiet k.cuh
check '! grep -q "^cudalint: test: parsing k.cuh" "$T/err" && grep -q "^cudalint: test: parsing main.cu" "$T/err"' \
	"the entry was not made without k.cuh's own parse: $(grep test: "$T/err")"
quiet k.cuh
check '! grep -q "^cudalint: test: parsing" "$T/err"' "the second run was not a hit: $(grep test: "$T/err")"
printf '#pragma once\nvoid host_bad() { }\n' >bad.h
same k.cuh
check 'grep -q "^cudalint: test: parsing k.cuh" "$T/err" && ! grep -q "^cudalint: test: parsing main.cu" "$T/err"' \
	"k.cuh not analysed on its own once it parses: $(grep test: "$T/err")"
cd .. || exit 2

say "a header under #pragma once that its preamble reads again (through an umbrella header): no preamble, the report as without"
mkdir -p self/.git
cd self || exit 2
printf '#pragma once\n#include <cuda_runtime.h>\n#include "all.cuh"\n\n__device__ inline void step(float *s)\n{\n\tif (threadIdx.x < 8)\n\t\t__syncthreads();\n}\n' >step.cuh
printf '#pragma once\n#include "step.cuh"\n' >all.cuh
same -v --no-cache-results step.cuh
check 'grep -q "^cudalint: note: step.cuh: no preamble precompiled: it includes the file itself" "$T/err" && grep -q "^cudalint: test: parsing step.cuh with the precompiled toolkit header$" "$T/err"' \
	"step.cuh's preamble was used, or no note: $(grep "test:\|note:" "$T/err")"
check 'grep -q "^step.cuh:8:3: warning: .*\[CL1001 divergent-barrier\]" "$T/out"' "no CL1001 in step.cuh: $(cat "$T/out")"
cd .. || exit 2

say "CUDALINT_PREAMBLE_MB=1: PCHs beyond a megabyte are evicted, the least recently used first"
# a header of some 30,000 declarations: its PCH is over a megabyte
rm -f "$C"/pre-*
awk 'BEGIN { print "#pragma once"; for (i = 0; i < 30000; i++) printf "__device__ inline int f%d(int x) { return x + %d; }\n", i, i }' >big.cuh
printf '#include <cuda_runtime.h>\n#include "big.cuh"\n__global__ void x(int *d) { d[0] = f1(d[1]); }\n' >x.cu
printf '#include <cuda_runtime.h>\n#include "big.cuh"\n\n__global__ void y(int *d) { d[0] = f2(d[1]); }\n' >y.cu
CUDALINT_PREAMBLE_MB=1 quiet --no-cache-results x.cu
check '[ "$(npch)" = 1 ]' "not one PCH left after x.cu: $(ls -l "$C")"
CUDALINT_PREAMBLE_MB=1 quiet --no-cache-results y.cu
check '[ "$(npch)" = 1 ] && grep -q "^cudalint: test: parsing y.cu with the precompiled toolkit header and its preamble" "$T/err"' \
	"not one PCH left after y.cu, or y.cu not parsed with it: $(ls -l "$C")"

say "CUDALINT_PREAMBLE_MB=0: none built, none used"
rm -f "$C"/pre-*
CUDALINT_PREAMBLE_MB=0 quiet --no-cache-results a.cu b.cu
check '! ls "$C" | grep -q "^pre-" && ! grep -q "and its preamble" "$T/err"' "a preamble with CUDALINT_PREAMBLE_MB=0: $(ls "$C")"
quiet --no-cache-results a.cu
check 'ls "$C" | grep -q "^pre-.*\.pch$"' "no preamble PCH: $(ls "$C")"
say "a preamble PCH removed by hand, its record left: built again"
rm -f "$C"/pre-*.pch
quiet --no-cache-results a.cu
check 'grep -q "^cudalint: test: parsing a.cu with the precompiled toolkit header and its preamble" "$T/err" && [ "$(npch)" = 1 ]' \
	"not built again: $(grep test: "$T/err") $(ls "$C")"
say "--clear-cache removes them"
quiet --clear-cache
check '! ls "$C" | grep -q "^pre-"' "--clear-cache left preambles: $(ls "$C")"
finish
