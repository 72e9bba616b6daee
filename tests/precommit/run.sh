#!/bin/sh
# The pre-commit hook in .pre-commit-hooks.yaml, run by Debian's pre-commit
# (3.0.4) the way a user's commit would run it: a staged kernel with a
# divergent barrier fails the hook, the fixed kernel passes.
#
# usage: tests/precommit/run.sh CUDALINT SOURCE_DIR
set -u
cl=$1
src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-precommit.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# pre-commit clones the hook repository: give it a clean copy of this one
# with the hook definition committed, wherever the checkout stands.
git clone -q "$src" "$tmp/hooks" || exit 2
cp "$src/.pre-commit-hooks.yaml" "$tmp/hooks/"
git -C "$tmp/hooks" -c user.name=t -c user.email=t@t add .pre-commit-hooks.yaml
git -C "$tmp/hooks" -c user.name=t -c user.email=t@t commit -q --allow-empty -m hook

mkdir -p "$tmp/bin" "$tmp/work"
ln -s "$cl" "$tmp/bin/cudalint" # language: system runs `cudalint` from PATH
export PATH="$tmp/bin:$PATH" PRE_COMMIT_HOME="$tmp/cache" CUDALINT_CACHE_DIR="$tmp/cudalint-cache"
cd "$tmp/work" || exit 2
git init -q .
cat >k.cu <<'CU'
__global__ void k(float *x)
{
    if (threadIdx.x < 10)
        __syncthreads();
    x[threadIdx.x] = 1.0f;
}
CU
git add k.cu

fail=0
pre-commit try-repo "$tmp/hooks" cudalint --files k.cu >out.txt 2>&1
rc=$?
if [ "$rc" -ne 0 ] && grep -q 'CL1001 divergent-barrier' out.txt; then
	echo "PASS the hook fails on a divergent barrier"
else
	echo "FAIL the hook should fail with CL1001 (exit $rc):"
	sed 's/^/    | /' out.txt
	fail=$((fail + 1))
fi

cat >k.cu <<'CU'
__global__ void k(float *x)
{
    __syncthreads();
    x[threadIdx.x] = 1.0f;
}
CU
git add k.cu
pre-commit try-repo "$tmp/hooks" cudalint --files k.cu >out.txt 2>&1
rc=$?
if [ "$rc" -eq 0 ]; then
	echo "PASS the hook passes on the fixed kernel"
else
	echo "FAIL the hook should pass (exit $rc):"
	sed 's/^/    | /' out.txt
	fail=$((fail + 1))
fi
# Staged file names are never options: `-ovictim.cu` is analysed (it has
# the divergent barrier), not read as `-o victim.cu`, and victim.cu stays.
cp k.cu victim.cu
cp victim.cu before.cu
printf '__global__ void k(float *x)\n{\n    if (threadIdx.x < 10)\n        __syncthreads();\n}\n' >./-ovictim.cu
git add victim.cu ./-ovictim.cu
pre-commit try-repo "$tmp/hooks" cudalint --files ./-ovictim.cu victim.cu >out.txt 2>&1
rc=$?
if [ "$rc" -ne 0 ] && grep -q -- '-ovictim.cu:4:.*CL1001' out.txt && cmp -s victim.cu before.cu; then
	echo "PASS a staged -ovictim.cu is analysed and victim.cu is left alone"
else
	echo "FAIL -ovictim.cu should fail the hook with CL1001 and leave victim.cu alone (exit $rc):"
	sed 's/^/    | /' out.txt
	fail=$((fail + 1))
fi
echo "$((3 - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
