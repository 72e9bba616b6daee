#!/bin/sh
# -j N (worker processes), the result cache and --clear-cache (docs/cli.md#speed).
. "$(dirname "$0")/lib.sh"
input kernels
mkdir inc
printf '#pragma once\n__device__ inline void sync_all() { __syncthreads(); }\n' >inc/sync.cuh
printf '#include "sync.cuh"\n__global__ void k(float *x)\n{\n\tif (threadIdx.x < 16)\n\t\tsync_all();\n}\n' \
	>kernels/via_header.cu
# old enough that the result cache trusts them (it does not store files
# changed within a second of the run: their state could be mid-edit)
find . -type f -exec touch -t 202001010000 {} +
export CUDALINT_CACHE_DIR="$T/cache"
unset CUDALINT_TEST_CRASH_ON

say "usage errors"
run -j
run -j x kernels
run --jobs=-1 kernels
run -j 2000 kernels

say "-j 2: the same report as -j 1"
run --no-cuda-toolkit -j 2 -Iinc kernels
cp "$T/out" "$T/j2"
quiet --no-cuda-toolkit -j1 -Iinc kernels
check 'cmp -s "$T/out" "$T/j2"' "-j1 and -j2 reports differ"
quiet --no-cuda-toolkit --jobs=3 --format=json -Iinc kernels
cp "$T/out" "$T/j3"
quiet --no-cuda-toolkit -j auto --format=json -Iinc kernels
check 'cmp -s "$T/out" "$T/j3"' "-j3 and -j auto JSON reports differ"

say "a worker that crashes (the test hook CUDALINT_TEST_CRASH_ON): the file fails, the others are reported; exit status 2"
export CUDALINT_TEST_CRASH_ON=loop.cu
run --no-cuda-toolkit --no-cache-results -j 2 --format=json -Iinc kernels
say "the hook only acts in worker processes: -j1 is not affected"
quiet --no-cuda-toolkit -j1 -Iinc kernels
unset CUDALINT_TEST_CRASH_ON

say "--cache-results: the first run fills the cache"
quiet --no-cuda-toolkit --cache-results -j2 -Iinc kernels
ls "$T/cache/results" | grep -c "\.entry$" | tr -d " " >>"$TR"
cp "$T/out" "$T/cold"
say "the second run analyses nothing (a worker that would crash is never asked)"
export CUDALINT_TEST_CRASH_ON=barrier.cu
quiet --no-cuda-toolkit --cache-results -j2 -Iinc kernels
check 'cmp -s "$T/out" "$T/cold"' "a run from the cache reports differently"
check '[ ! -s "$T/err" ]' "a run from the cache printed to stderr"
say "nor with -j1"
quiet --no-cuda-toolkit --cache-results -Iinc kernels
check 'cmp -s "$T/out" "$T/cold"' "a -j1 run from the cache reports differently"
unset CUDALINT_TEST_CRASH_ON

say "a changed header is noticed (the file that includes it is analysed again)"
printf '#pragma once\n__device__ inline void sync_all() { }\n' >inc/sync.cuh
touch -t 202001020000 inc/sync.cuh
run --no-cuda-toolkit --cache-results -j2 -Iinc kernels
say "so is a changed rule configuration"
run --no-cuda-toolkit --cache-results --disable CL1002 -Iinc kernels/loop.cu

say "the result cache is on by default; --no-cache-results analyses everything again"
rm -rf "$T/cache"
quiet --no-cuda-toolkit -Iinc kernels
ls "$T/cache/results" | grep -c "\.entry$" | tr -d " " >>"$TR"
export CUDALINT_TEST_CRASH_ON=loop.cu
quiet --no-cuda-toolkit -j2 -Iinc kernels
run --no-cuda-toolkit --no-cache-results -j2 -Iinc kernels/loop.cu kernels/clean.cu
unset CUDALINT_TEST_CRASH_ON

say "--clear-cache removes what cudalint wrote into the cache directory, nothing else, and exits 0"
printf 'not ours\n' >"$T/cache/notes.txt"
: >"$T/cache/results/notes.entry.txt"
run --clear-cache
check '[ -f "$T/cache/notes.txt" ] && [ -f "$T/cache/results/notes.entry.txt" ]' "--clear-cache removed a file it did not write"
ls -A "$T/cache" "$T/cache/results" >>"$TR"
run --clear-cache

say "--clear-cache with no cache directory: exit 2, the directory named, nothing created"
export CUDALINT_CACHE_DIR="$T/nocache"
run --clear-cache
export CUDALINT_CACHE_DIR="$T/cache"
check '[ ! -e "$T/nocache" ]' "--clear-cache created the cache directory it was asked to empty"

say "--no-cache: neither read nor written"
rm -rf "$T/cache"
quiet --no-cuda-toolkit --cache-results --no-cache -j2 -Iinc kernels
check '[ ! -d "$T/cache/results" ] || [ -z "$(ls "$T/cache/results")" ]' "--no-cache wrote result cache entries"
finish
