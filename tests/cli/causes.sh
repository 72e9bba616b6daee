#!/bin/sh
# Messages that name the cause of a failure that the build's flags explain:
# an identifier that a project header declares (a missing -include), a
# header not found that the project holds (a missing -I), include
# directories and -include files that do not exist; and failed files are
# analysed again (not taken from the result cache) once the cause is fixed.
. "$(dirname "$0")/lib.sh"

mkdir -p .git inc src
printf '#define TILE 32\n__device__ inline int twice(int x) { return 2 * x; }\n' >inc/common.h
printf '// only uses them: no declaration\ninline int tile2(int a) { return TILE2 + 1; }\ninline int w(int a) { int z = a * WIDTH(2); return z; }\n' >inc/uses.h
cat >src/k.cu <<'CU'
__global__ void k(int *p)
{
	p[threadIdx.x] = twice(TILE);
}
CU
say "an identifier that a project header declares: the note names the header and the flags"
run --no-cuda-toolkit src/k.cu
say "the same cause in JSON, in the file's summary"
run --no-cuda-toolkit --format=json src/k.cu
check 'grep -q "\"cause\": \"\`TILE\` is not declared: \`inc/common.h\` in this project declares it" "$T/out"' "no cause in the JSON file summary"
say "its twin, with the -include the build passes: analysed, clean, no note"
run --no-cuda-toolkit src/k.cu --extra-arg=-include --extra-arg=inc/common.h

cat >src/h.cu <<'CU'
#include "common.h"
__global__ void h(int *p)
{
	p[threadIdx.x] = twice(TILE);
}
CU
say "a header not found that the project holds: the note names the -I"
run --no-cuda-toolkit src/h.cu
say "its twin, with the -I"
run --no-cuda-toolkit -I inc src/h.cu

cat >src/u.cu <<'CU'
__global__ void u(int *p)
{
	p[threadIdx.x] = TILE2;
}
CU
say "an identifier no project header declares (inc/uses.h only uses it): no note"
run --no-cuda-toolkit src/u.cu
sed 's/TILE2/WIDTH(1)/' src/u.cu >src/w.cu
run --no-cuda-toolkit src/w.cu

say "an include directory and an -include file that do not exist: one line each, for two files"
run --no-cuda-toolkit -I nope src/k.cu src/h.cu --extra-arg=-include --extra-arg=inc/missing.h

say "a failure is not cached: fail, fix the -include'd header, run again: analysed and clean"
export CUDALINT_CACHE_DIR=$W/cache
printf '#define TILES 32\n__device__ inline int twice(int x) { return 2 * x; }\n' >inc/conf.h
touch -d 2020-01-01 inc/conf.h src/k.cu
run --no-cuda-toolkit --cache-results src/k.cu --extra-arg=-include --extra-arg=inc/conf.h
check '[ -z "$(find cache -name "*.entry" 2>/dev/null)" ]' "the failed file was stored in the result cache"
printf '#define TILE 32\n__device__ inline int twice(int x) { return 2 * x; }\n' >inc/conf.h
touch -d 2020-01-01 inc/conf.h
run --no-cuda-toolkit --cache-results src/k.cu --extra-arg=-include --extra-arg=inc/conf.h
check '[ -n "$(find cache -name "*.entry" 2>/dev/null)" ]' "the clean file was not stored in the result cache"
finish
