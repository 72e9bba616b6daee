#!/bin/sh
# The IR and the analyses' levels, as --dump-ir prints them: for each
# tests/ir/NAME.cu, the dump (without its "dep" lines, which name the
# installed libclang's headers) must be tests/ir/NAME.ir.
# CUDALINT_BLESS=1 rewrites the .ir files.
#
#   sh tests/ir/run.sh CUDALINT SOURCE_DIR
set -u
cl=$1
cd "$2/tests/ir" || exit 2
# the dumps go to a temporary directory: a test writes nothing into the
# source tree (blessing aside)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-ir.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0
for src in *.cu; do
	want=${src%.cu}.ir
	n=$((n + 1))
	"$cl" --no-cuda-toolkit --no-color --dump-ir "$src" 2>&1 >/dev/null | grep -v '^dep ' >"$tmp/$want"
	if [ "${CUDALINT_BLESS:-0}" = 1 ]; then
		cp "$tmp/$want" "$want"
		echo "blessed $want"
	elif ! diff -u "$want" "$tmp/$want"; then
		echo "FAIL $src: --dump-ir differs from $want (CUDALINT_BLESS=1 rewrites it)"
		fail=$((fail + 1))
	fi
done
echo "ir: $n cases, $fail failed"
[ "$fail" = 0 ]
