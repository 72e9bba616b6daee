#!/bin/sh
# -j N gives the same report as -j 1: cudalint over all of testdata/, text
# and JSON, with -j1 and -j3; stdout and the exit status must be identical,
# and stderr must hold the same lines (workers may interleave them, but each
# line stays whole).
#
# usage: tests/parallel/run.sh CUDALINT SOURCE_DIR
set -u
cl=$1
src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-parallel.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 2
export LC_ALL=C
unset NO_COLOR
failed=0
for fmt in text json; do
	for j in 1 3; do
		"$cl" --no-color --format=$fmt -j$j testdata >"$tmp/$fmt.$j.out" 2>"$tmp/$fmt.$j.err"
		echo $? >"$tmp/$fmt.$j.rc"
		sort "$tmp/$fmt.$j.err" >"$tmp/$fmt.$j.errs"
	done
	if ! cmp -s "$tmp/$fmt.1.out" "$tmp/$fmt.3.out"; then
		diff -u "$tmp/$fmt.1.out" "$tmp/$fmt.3.out" | head -40 >&2
		echo "FAIL: --format=$fmt: -j3 output differs from -j1" >&2
		failed=1
	fi
	if ! cmp -s "$tmp/$fmt.1.rc" "$tmp/$fmt.3.rc"; then
		echo "FAIL: --format=$fmt: exit status -j1 $(cat "$tmp/$fmt.1.rc"), -j3 $(cat "$tmp/$fmt.3.rc")" >&2
		failed=1
	fi
	if ! cmp -s "$tmp/$fmt.1.errs" "$tmp/$fmt.3.errs"; then
		diff -u "$tmp/$fmt.1.errs" "$tmp/$fmt.3.errs" | head -40 >&2
		echo "FAIL: --format=$fmt: -j3 stderr lines differ from -j1" >&2
		failed=1
	fi
	if [ ! -s "$tmp/$fmt.1.out" ]; then
		echo "FAIL: --format=$fmt: no output at all" >&2
		failed=1
	fi
	echo "--format=$fmt: $(wc -l <"$tmp/$fmt.1.out") lines, exit status $(cat "$tmp/$fmt.1.rc")"
done
[ $failed = 0 ] && echo "PASS parallel"
exit $failed
