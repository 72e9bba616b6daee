#!/bin/sh
# The precompiled toolkit header (PCH) and a project's own headers: the PCH
# is built without the project's include directories and -include files;
# it is not used when an include directory holds another file under the
# name of a header it holds (a project's own cuda/std/..., cub/...), and a
# project's -include file is parsed with each file, never with the PCH.
# Needs a CUDA toolkit (skipped without one).
. "$(dirname "$0")/lib.sh"

CUDA=
for d in /usr/local/cuda; do
	[ -r "$d/include/cuda_runtime.h" ] && CUDA=$d
done
if [ -z "$CUDA" ]; then
	echo "skip: no CUDA toolkit"
	exit 77
fi
export CUDALINT_CACHE_DIR=$T/cache CUDALINT_TEST_TRACE_PARSES=1

# two projects, each with its own cuda/atomic, spelled alike (-I inc)
for p in a b; do
	mkdir -p $p/.git $p/inc/cuda
	printf '#pragma once\n__device__ inline int only_%s(int x) { return x; }\n' $p >$p/inc/cuda/atomic
	printf '#include <cuda/atomic>\n__global__ void k(int *p) { p[threadIdx.x] = only_%s(1); }\n' $p >$p/k.cu
	for i in 1 2 3 4; do cp $p/k.cu $p/k$i.cu; done
done
# plain: a run of 5 files builds the PCH and waits for it
printf '#include <cuda_runtime.h>\n__global__ void k(int *p) { p[threadIdx.x] = 1; }\n' >plain.cu
for i in 1 2 3 4; do cp plain.cu plain$i.cu; done
say "no project include directory: the PCH is built, and used"
quiet --no-cache-results plain.cu plain1.cu plain2.cu plain3.cu plain4.cu
check '[ $RC = 0 ] && [ "$(grep -c "with the precompiled" "$T/err")" = 5 ]' "the PCH was not used: $(head -c 300 "$T/err")"

cd a || exit 2
say "a project's own cuda/atomic on the include path: not with the PCH, and -v says why"
quiet --no-cache-results -v -I inc k.cu
check '[ $RC = 0 ] && grep -q "^cudalint: test: parsing k.cu without" "$T/err"' "not parsed without the PCH, or not clean: $(head -c 300 "$T/err")"
check 'grep -q "^cudalint: note: not using the precompiled toolkit header: inc/cuda/atomic, on the include path, shadows the toolkit.s <cuda/atomic>" "$T/err"' \
	"no note on the shadowing header: $(head -c 300 "$T/err")"
cd ../b || exit 2
say "the other project, same flags, other cuda/atomic: analysed with its own, clean"
quiet --no-cache-results -I inc k.cu k1.cu k2.cu k3.cu k4.cu
check '[ $RC = 0 ] && [ "$(grep -c "without the precompiled" "$T/err")" = 5 ] && ! grep -q "with the precompiled" "$T/err"' \
	"not parsed without the PCH, or not clean: $(head -c 300 "$T/err")"
cd .. || exit 2
say "an include directory that shadows nothing: the PCH is used"
mkdir -p other
quiet --no-cache-results -I other plain.cu plain1.cu plain2.cu plain3.cu plain4.cu
check '[ $RC = 0 ] && [ "$(grep -c "with the precompiled" "$T/err")" = 5 ]' "the PCH was not used: $(head -c 300 "$T/err")"

say "a project's -include file that does not parse: the file's error, not the PCH's; fixed, the file is clean"
mkdir -p inc
printf 'struct Conf { Missing m; };\n#define TILE 32\n' >inc/conf.h
touch -d 2020-01-01 inc/conf.h plain.cu
printf '#include <cuda_runtime.h>\n__global__ void k(int *p) { p[threadIdx.x] = TILE; }\n' >tile.cu
for i in 1 2 3 4; do cp tile.cu tile$i.cu; done
touch -d 2020-01-01 tile*.cu
run tile.cu tile1.cu tile2.cu tile3.cu tile4.cu --extra-arg=-include --extra-arg=inc/conf.h
check '! grep -q "could not be built" "$T/err"' "the project's -include failed the PCH build: $(head -c 300 "$T/err")"
printf 'struct Conf { int m; };\n#define TILE 32\n' >inc/conf.h
touch -d 2020-01-02 inc/conf.h
run tile.cu tile1.cu tile2.cu tile3.cu tile4.cu --extra-arg=-include --extra-arg=inc/conf.h
say "the -include'd header changed again: the result cache sees it"
printf 'struct Conf { Missing m; };\n#define TILE 32\n' >inc/conf.h
touch -d 2020-01-03 inc/conf.h
quiet tile.cu tile1.cu tile2.cu tile3.cu tile4.cu --extra-arg=-include --extra-arg=inc/conf.h
check '[ "$(grep -c "unknown type name .Missing" "$T/err")" = 5 ]' "the files were taken from the result cache: $(head -c 300 "$T/err")"
finish
