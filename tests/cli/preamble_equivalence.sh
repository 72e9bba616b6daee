#!/bin/sh
# The preamble changes no report: every testdata and kernels/ file that
# includes a header of its own (49 when this was written) is analysed with
# its preamble, built in that run, then with the preamble reused, and each
# JSON report (findings, notes, the functions analysed, clang's errors)
# and exit status must equal those of a run without preambles
# (CUDALINT_PREAMBLE_MB=0). The files run from their own directory, with
# the arguments of their "// cudalint-args:" lines, as tests/run_testdata.sh
# gives them. Needs a CUDA toolkit (skipped without one).
. "$(dirname "$0")/lib.sh"

need_toolkit
export CUDALINT_CACHE_DIR=$T/cache
C=$CUDALINT_CACHE_DIR

# the toolkit PCH first: preambles are built on it
printf '#include <cuda_runtime.h>\n__global__ void k() {}\n' >warm.cu
toolkit_pch warm.cu

# report MODE FILE: the JSON report of FILE (in its directory) and the exit
# status, in $T/MODE.json
report() {
	mode=$1 f=$2
	args=$(awk '{ s = $0; sub(/\r$/, "", s); if (match(s, /\/\/[ \t]*cudalint-args:/)) printf "%s ", substr(s, RSTART + RLENGTH) }' "$SRC/$f")
	mb=
	[ "$mode" = plain ] && mb=0
	# shellcheck disable=SC2086 # the file's arguments, split as run_testdata.sh splits them
	(cd "$(dirname "$SRC/$f")" && CUDALINT_PREAMBLE_MB=$mb "$CUDALINT" --no-color --no-cache-results --format json \
		$args "$(basename "$f")" >"$T/$mode.json" 2>"$T/$mode.err" </dev/null
	echo "exit $?" >>"$T/$mode.json")
}

n=0 used=0
for f in $(cd "$SRC" && grep -rl '#include "' testdata kernels --include='*.cu' --include='*.cuh' | LC_ALL=C sort); do
	n=$((n + 1))
	before=$(ls "$C" | grep -c '^pre-.*\.pch$')
	report built "$f"
	report reused "$f"
	report plain "$f"
	grep -q '"version"' "$T/plain.json" ||
		fail "$f: no report: $(head -c 300 "$T/plain.err")"
	check 'cmp -s "$T/built.json" "$T/plain.json"' "$f: built: $(diff "$T/plain.json" "$T/built.json" | head -c 600)"
	check 'cmp -s "$T/reused.json" "$T/plain.json"' "$f: reused: $(diff "$T/plain.json" "$T/reused.json" | head -c 600)"
	[ "$(ls "$C" | grep -c '^pre-.*\.pch$')" -gt "$before" ] && used=$((used + 1))
done
say "files that include a header of their own, each report equal to one without preambles"
echo "$n files, of which $used added a preamble PCH" >>"$TR"
check '[ "$n" -ge 40 ] && [ "$used" -ge 10 ]' "too few files ($n) or preambles ($used) to say anything"
finish
