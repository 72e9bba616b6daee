#!/bin/sh
# The libclang version that is not the build's default stays supported:
# build cudalint against it (no tests) and run the whole testdata corpus.
#
#   tests/other-libclang/run.sh SOURCE_DIR BINARY_DIR VERSION
#
# Exit status 77 (CTest: skipped, with the reason on stderr) when that
# libclang is not installed; tools/install-deps.sh --test installs both.
set -u
src=$1
bin=$2
v=$3
if [ ! -f "/usr/lib/llvm-$v/include/clang-c/Index.h" ]; then
	echo "libclang $v is not installed (apt-get install libclang-$v-dev): not tested" >&2
	exit 77
fi
cmake -S "$src" -B "$bin" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUDALINT_LLVM_VERSION="$v" -DCUDALINT_TESTS=OFF \
	>"$bin.log" 2>&1 && cmake --build "$bin" -j2 --target cudalint >>"$bin.log" 2>&1 || {
	cat "$bin.log" >&2
	exit 1
}
"$bin/cudalint" --version
exec sh "$src/tests/run_testdata.sh" "$bin/cudalint" "$src/testdata"
