#!/bin/sh
# The precompiled toolkit header (PCH), built in the background while a
# cold run parses without it, and a project's own headers: the PCH
# is built without the project's include directories and -include files;
# it is not used when an include directory holds another file under the
# name of a header it holds (a project's own cuda/std/..., cub/...), and a
# project's -include file is parsed with each file, never with the PCH.
# Needs a CUDA toolkit (skipped without one).
. "$(dirname "$0")/lib.sh"

need_toolkit
export CUDALINT_CACHE_DIR=$T/cache CUDALINT_TEST_TRACE_PARSES=1

# two projects, each with its own cuda/atomic, spelled alike (-I inc)
for p in a b; do
	mkdir -p $p/.git $p/inc/cuda
	printf '#pragma once\n__device__ inline int only_%s(int x) { return x; }\n' $p >$p/inc/cuda/atomic
	printf '#include <cuda/atomic>\n__global__ void k(int *p) { p[threadIdx.x] = only_%s(1); }\n' $p >$p/k.cu
	for i in 1 2 3 4; do cp $p/k.cu $p/k$i.cu; done
done
# A cold run never waits for the PCH, at any file count: one detached
# builder, held here by a test hook (it reads the FIFO to its end before it
# builds), while the files are parsed without it.
printf '#include <cuda_runtime.h>\n__global__ void k(float *d)\n{\n\tif (threadIdx.x < 32) __syncthreads();\n}\n' >bar.cu
BARS="bar.cu bar1.cu bar2.cu bar3.cu bar4.cu"
for i in 1 2 3 4; do cp bar.cu bar$i.cu; done
mkfifo hold
say "an empty cache, 5 files, -j2, the build held: the run ends, without the PCH, having started one builder"
printf '$ cudalint -v -j2 --no-cache-results %s | cat  (output not shown)\n' "$BARS" >>"$TR"
# stdout, and descriptor 9, go to a pipe, whose end cat sees once every
# process holding it has closed it: a builder that kept the run's
# descriptors would hold it until the build, which waits for this test.
# Watched from here with a generous bound, so that such a builder fails
# the test instead of hanging it.
(
	(CUDALINT_TEST_HOLD_PCH_BUILD=$W/hold "$CUDALINT" -v -j2 --no-cache-results $BARS 2>"$T/err" </dev/null 9>&1
		echo $? >"$T/rc") | cat >"$T/held.out"
	: >"$T/piped"
) &
i=0
while [ ! -e "$T/piped" ] && [ $i -lt 3000 ]; do
	sleep 0.2
	i=$((i + 1))
done
RC=$(cat "$T/rc" 2>/dev/null)
echo "--- exit $RC" >>"$TR"
check '[ -e "$T/piped" ]' "the run's stdout stayed open after it ended (held by the builder?)"
check '[ "$(grep -c "^cudalint: test: parsing bar[0-9]*.cu without the precompiled" "$T/err")" = 5 ] && ! grep -q "with the precompiled" "$T/err"' \
	"not 5 parses without the PCH: $(head -c 300 "$T/err")"
check '[ "$(grep -c "building the precompiled toolkit header in the background" "$T/err")" = 1 ]' \
	"not one builder started: $(grep -c building "$T/err")"
check '! flock -n "$CUDALINT_CACHE_DIR/pch.lock" true && ! ls "$CUDALINT_CACHE_DIR" | grep -q "\.pch$"' \
	"the held builder does not hold the lock, or the PCH is there: $(ls "$CUDALINT_CACHE_DIR")"
say "meanwhile another run shares that build: it starts none, and waits for none"
quiet -v --no-cache-results bar.cu
check '[ $RC = 1 ] && grep -q "another cudalint is building it" "$T/err" && ! grep -q "building the precompiled" "$T/err"' \
	"the second run did not share the build: $(head -c 300 "$T/err")"
# released (the builder holds the lock: it is there to open the FIFO)
flock -n "$CUDALINT_CACHE_DIR/pch.lock" true || : >hold
wait
i=0
while [ $i -lt 3000 ] && ! flock -n "$CUDALINT_CACHE_DIR/pch.lock" true; do
	sleep 0.2
	i=$((i + 1))
done
check 'ls "$CUDALINT_CACHE_DIR"/cuda-*.pch >/dev/null 2>&1' "no PCH once the build was released: $(ls "$CUDALINT_CACHE_DIR")"
check '! ls "$CUDALINT_CACHE_DIR" | grep -q "tmp"' "the build left temporary files: $(ls "$CUDALINT_CACHE_DIR")"
say "the build released and done: the next run parses with the PCH, and finds what the cold run found"
quiet -j2 --no-cache-results $BARS
check '[ "$(grep -c "^cudalint: test: parsing bar[0-9]*.cu with the precompiled" "$T/err")" = 5 ]' \
	"not 5 parses with the PCH: $(head -c 300 "$T/err")"
check '[ -s "$T/out" ] && cmp -s "$T/out" "$T/held.out"' "the findings differ from the cold run's: $(diff "$T/held.out" "$T/out" | head -c 400)"
cp "$T/out" warm.out
show warm.out

# plain: the PCH is there
printf '#include <cuda_runtime.h>\n__global__ void k(int *p) { p[threadIdx.x] = 1; }\n' >plain.cu
for i in 1 2 3 4; do cp plain.cu plain$i.cu; done
say "no project include directory: the PCH is used"
quiet --no-cache-results plain.cu plain1.cu plain2.cu plain3.cu plain4.cu
check '[ $RC = 0 ] && [ "$(grep -c "with the precompiled" "$T/err")" = 5 ]' "the PCH was not used: $(head -c 300 "$T/err")"

cd a || exit 2
say "a project's own cuda/atomic on the include path: not with the PCH, and -v says why"
quiet --no-cache-results -v -I inc k.cu
# without the PCH: alone, or with a preamble of its own that holds the
# toolkit's headers as the project's include path finds them
check '[ $RC = 0 ] && grep -q "^cudalint: test: parsing k.cu \(without the precompiled\|with its preamble, which holds\)" "$T/err" && ! grep -q "with the precompiled" "$T/err"' \
	"not parsed without the PCH, or not clean: $(head -c 300 "$T/err")"
check 'grep -q "^cudalint: note: not using the precompiled toolkit header: inc/cuda/atomic, on the include path, shadows the toolkit.s <cuda/atomic>" "$T/err"' \
	"no note on the shadowing header: $(head -c 300 "$T/err")"
cd ../b || exit 2
say "the other project, same flags, other cuda/atomic: analysed with its own, clean"
quiet --no-cache-results -I inc k.cu k1.cu k2.cu k3.cu k4.cu
check '[ $RC = 0 ] && [ "$(grep -c "without the precompiled\|with its preamble, which holds" "$T/err")" = 5 ] && ! grep -q "with the precompiled" "$T/err"' \
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
