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
fail=0
n=0
for src in *.cu; do
	want=${src%.cu}.ir
	n=$((n + 1))
	"$cl" --no-cuda-toolkit --no-color --dump-ir "$src" 2>&1 >/dev/null | grep -v '^dep ' >"$want.actual"
	if [ "${CUDALINT_BLESS:-0}" = 1 ]; then
		mv "$want.actual" "$want"
		echo "blessed $want"
	elif diff -u "$want" "$want.actual"; then
		rm -f "$want.actual"
	else
		echo "FAIL $src: --dump-ir differs from $want (CUDALINT_BLESS=1 rewrites it)"
		rm -f "$want.actual"
		fail=$((fail + 1))
	fi
done
echo "ir: $n cases, $fail failed"
[ "$fail" = 0 ]
