#!/bin/sh
# The GitHub Actions problem matcher, .github/cudalint-matcher.json, on
# cudalint's real text output: tests/ci/matcher.js runs its patterns as
# JavaScript RegExps, the way the Actions runner applies them, over what a
# step would print (stdout and stderr together), and checks that every
# finding of the JSON report of the same command becomes exactly one
# annotation with its file, line, column, severity, rule and message, that
# every `cudalint: error:` line becomes one error annotation, and that
# nothing else does (note lines, suppressed findings, clang's diagnostics,
# cudalint's notes and warnings).
#
# usage: tests/ci/matcher.sh CUDALINT SOURCE_DIR   (KEEP=1 keeps the outputs in /tmp)
NAME=matcher
. "$(dirname "$0")/../lib/args.sh"
unset NO_COLOR
cd "$tmp" || exit 2
mkdir w && cd w || exit 2
git init -q .
cp -R "$src/testdata" "$src/tests/cli/inputs/kernels" .
cp "$src/tests/cli/inputs/suppress.cu" .
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
printf '\001\002 not source\n' >garbage.cu
mkdir conf
cp kernels/barrier.cu conf/
printf 'rulez: {}\n' >conf/.cudalint.yaml

cases=""
# scenario NAME ARGS...: the text run (stdout and stderr in one file, as a
# step's log has them) and the JSON run of the same arguments.
scenario() {
	name=$1
	shift
	"$cl" "$@" >"../$name.txt" 2>&1 </dev/null
	rc=$?
	"$cl" --format=json "$@" >"../$name.json" 2>/dev/null </dev/null
	echo "$name: exit $rc: cudalint $*"
	cases="$cases $name=../$name.txt,../$name.json"
}
# textonly NAME ARGS...: a run that stops before analysing (no report).
textonly() {
	name=$1
	shift
	"$cl" "$@" >"../$name.txt" 2>&1 </dev/null
	echo "$name: exit $?: cudalint $*"
	cases="$cases $name=../$name.txt"
}

# Findings with notes, over several rules; files that include CUDA headers
# fail without the toolkit (cudalint: error: lines).
scenario rules --no-cuda-toolkit testdata/examples testdata/CL1001 testdata/CL1003 testdata/CL2003 testdata/CL2005 kernels
# Every level: errors, warnings, and note-level findings (notices).
scenario levels --no-cuda-toolkit --severity CL1001=error --severity CL1003=note --warn-unused-suppressions kernels suppress.cu
# Suppressed and baselined findings are printed, marked, and not annotated.
"$cl" --no-cuda-toolkit --write-baseline base.json kernels/exit.cu >/dev/null 2>&1
scenario suppressed --no-cuda-toolkit --report-suppressed --baseline base.json kernels suppress.cu
# What could not be analysed: a device function, a file, a missing path;
# -v adds clang's own diagnostics, which must not match.
scenario failures -v --no-cuda-toolkit kernels/barrier.cu broken.cu garbage.cu missing.cu testdata/partial
# A device function not analysed, as a warning; a directory without sources.
mkdir hostonly
scenario warnings --no-cuda-toolkit --unanalysed=warning kernels/barrier.cu broken.cu hostonly
# Runs that stop at once: a bad option, a bad configuration file.
textonly usage --no-cuda-toolkit --bogus kernels
textonly config --no-cuda-toolkit conf

# shellcheck disable=SC2086 # the case list is split on purpose
node "$src/tests/ci/matcher.js" "$src/.github/cudalint-matcher.json" $cases
