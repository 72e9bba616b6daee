#!/bin/sh
# The test suite on a machine without a CUDA toolkit: in a private mount
# namespace the toolkit's directory is hidden (and $CUDA_PATH, $CUDA_HOME
# and nvcc on $PATH are left out), and the testdata runner must skip the
# files that include headers, each named, pass all the others, and exit 77
# (CTest's skip) rather than fail. Exit 77 here too when no namespace can
# be made (not root, no unshare).
#
#   sh tests/without-toolkit/run.sh CUDALINT SOURCE_DIR
set -u
cl=$1
src=$2
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null 2>&1 || ! unshare -m true 2>/dev/null; then
	echo "skip: no mount namespace here (needs root and unshare)"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-notk.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/empty"
# every directory the toolkit could be found in, hidden
hide=""
for d in /usr/local/cuda "${CUDA_PATH:-}" "${CUDA_HOME:-}"; do
	[ -n "$d" ] && [ -d "$d" ] && hide="$hide $d"
done
nvcc=$(command -v nvcc 2>/dev/null || true)
[ -n "$nvcc" ] && hide="$hide $(dirname "$(dirname "$nvcc")")"
unshare -m sh -c '
	for d in '"$hide"'; do mount --bind "'"$tmp"'/empty" "$d" || exit 3; done
	env -u CUDA_PATH -u CUDA_HOME PATH=/usr/sbin:/usr/bin:/sbin:/bin CUDALINT_CACHE_DIR="'"$tmp"'/cache" \
		sh "'"$src"'/tests/run_testdata.sh" "'"$cl"'" "'"$src"'/testdata"
' >"$tmp/out" 2>&1
rc=$?
fail=0
if [ "$rc" != 77 ]; then
	echo "FAIL the runner exits $rc without a toolkit, want 77 (a skip):"
	sed 's/^/    | /' "$tmp/out" | tail -20
	fail=1
fi
grep -q '^skip .*: it includes headers, and cudalint --show-toolkit finds no CUDA toolkit$' "$tmp/out" ||
	{ echo "FAIL no file was skipped with its reason"; fail=1; }
grep -q ' 0 failed' "$tmp/out" || { echo "FAIL files that need no toolkit failed:"; grep '^FAIL' "$tmp/out"; fail=1; }
[ "$fail" = 0 ] && echo "PASS without a toolkit: $(grep -c '^skip ' "$tmp/out") files skipped, the rest: $(grep ' passed, ' "$tmp/out" | head -1)"
exit "$fail"
