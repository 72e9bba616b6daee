#!/bin/sh
# A result-cache hit never loads libclang (src/frontend/clang_api.h): the
# test hook CUDALINT_TEST_TRACE_LIBCLANG prints a line when libclang is
# loaded, so the test sees it without timing anything (docs/cli.md#speed).
. "$(dirname "$0")/lib.sh"
input kernels
# old enough that the result cache trusts them (it does not store files
# changed within a second of the run: their state could be mid-edit)
find . -type f -exec touch -t 202001010000 {} +
export CUDALINT_CACHE_DIR="$T/cache"
export CUDALINT_TEST_TRACE_LIBCLANG=1

say "a first run parses, so it loads libclang"
quiet --no-cuda-toolkit kernels/loop.cu
cp "$T/out" "$T/first"
check 'grep -q "^cudalint: test: loaded .*libclang" "$T/err"' "the first run did not load libclang"
check '[ "$(grep -c "^cudalint: test: loaded" "$T/err")" = 1 ]' "the first run loaded libclang more than once"
say "the second is a hit: the same report, byte for byte, and libclang is not loaded"
run --no-cuda-toolkit kernels/loop.cu
check 'cmp -s "$T/out" "$T/first"' "the hit reports differently"
check '! grep -q "loaded" "$T/err"' "a result-cache hit loaded libclang"
say "nor in JSON, after a first run that stored it"
quiet --no-cuda-toolkit --format=json kernels/loop.cu kernels/clean.cu
cp "$T/out" "$T/first"
quiet --no-cuda-toolkit --format=json kernels/loop.cu kernels/clean.cu
check 'cmp -s "$T/out" "$T/first"' "the JSON hit reports differently"
check '[ ! -s "$T/err" ]' "a result-cache hit printed to stderr (or loaded libclang)"
say "--no-cache-results parses again, loading libclang"
quiet --no-cuda-toolkit --no-cache-results kernels/loop.cu
check 'grep -q "^cudalint: test: loaded" "$T/err"' "--no-cache-results did not load libclang"
say "--version does not need libclang"
quiet --version
check '! grep -q "loaded" "$T/err"' "--version loaded libclang"
finish
