#!/bin/sh
# tests/score/run.sh - tools/score-suites' classifier on a few kernels
# written for it, laid out as the two suites lay theirs out: what each is
# expected to have for CL3001 and CL1001-CL1003 must be expected.tsv
# (labels gives one of them by hand, as tools/score-suites.labels does).
#
#   sh tests/score/run.sh SOURCE_DIR
set -u
src=${1:?usage: run.sh SOURCE_DIR}
here=$src/tests/score
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
for s in gpuverify gpurepair; do
	bash "$src/tools/score-suites" --classify "$s" "$here/$s" --labels "$here/labels" || exit 1
done >"$out"
diff -u "$here/expected.tsv" "$out"
