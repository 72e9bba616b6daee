#!/bin/sh
# The testdata runner itself (tests/run_testdata.sh): over the cases here,
# which pass, fail, are known to fail or are malformed on purpose, its
# report must be tests/runner/expected.out; and its bless mode must
# rewrite a file's expectations so that the file passes.
#
#   sh tests/runner/run.sh CUDALINT SOURCE_DIR
set -u
cl=$1
src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-runner.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
cd "$src/tests/runner" || exit 2

sh "$src/tests/run_testdata.sh" "$cl" cases >"$tmp/out" 2>&1
rc=$?
if [ "$rc" != 1 ]; then
	echo "FAIL the runner's exit status is $rc over cases with failures, want 1"
	fail=1
fi
if ! diff -u expected.out "$tmp/out"; then
	echo "FAIL the runner's report differs from tests/runner/expected.out"
	fail=1
fi

# bless: wrong and missing expectations are rewritten, pins on unchanged
# lines stay, known-to-fail files are left alone
mkdir "$tmp/bless"
cat >"$tmp/bless/k.cu" <<'CU'
__global__ void k(float *d)
{
	if (threadIdx.x < 32) { // expect-note: @6 "differs"
		__syncthreads(); // expect: CL1001@3 "threadIdx.x < 32"
		__syncthreads();
	}
	d[0] = 1; // expect: CL1003
}
CU
cp "$src/tests/runner/cases/known_to_fail.cu" "$tmp/bless/"
RUN_TESTDATA_BLESS=1 sh "$src/tests/run_testdata.sh" "$cl" "$tmp/bless" >/dev/null 2>&1
cat >"$tmp/want.cu" <<'CU'
__global__ void k(float *d)
{
	if (threadIdx.x < 32) { // expect-note: @6 "differs"
		__syncthreads(); // expect: CL1001@3 "threadIdx.x < 32"
		__syncthreads(); // expect: CL1001
	}
	d[0] = 1;
}
CU
if ! diff -u "$tmp/want.cu" "$tmp/bless/k.cu"; then
	echo "FAIL bless did not rewrite the expectations as it should"
	fail=1
fi
if ! cmp -s "$src/tests/runner/cases/known_to_fail.cu" "$tmp/bless/known_to_fail.cu"; then
	echo "FAIL bless changed a known-to-fail file"
	fail=1
fi
if ! sh "$src/tests/run_testdata.sh" "$cl" "$tmp/bless" >"$tmp/after" 2>&1; then
	echo "FAIL the blessed files do not pass:"
	cat "$tmp/after"
	fail=1
fi
[ "$fail" = 0 ] && echo "PASS runner"
exit "$fail"
