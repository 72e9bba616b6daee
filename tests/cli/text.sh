#!/bin/sh
# Text output: findings, notes, directories, rule selection, the
# information commands.
. "$(dirname "$0")/lib.sh"
cp "$SRC/testdata/examples/seeds.cu" .
input kernels

say "seeds.cu: the three barrier bugs of the articles, each with its notes"
run --no-cuda-toolkit seeds.cu
check '[ $RC = 1 ]' "seeds.cu: exit status $RC"
for l in $(grep -n 'expect: CL' seeds.cu | cut -d: -f1); do
	check "grep -q '^seeds.cu:$l:[0-9]*: warning: .*\\[CL100[1-3] ' '$T/out'" "seeds.cu: no finding at line $l"
done

say "a directory: .cu and .cuh files in sorted order; clean files report nothing"
run --no-cuda-toolkit kernels

say "a clean file: exit status 0, no output"
run --no-cuda-toolkit kernels/clean.cu

say "a file named twice is analysed once"
run --no-cuda-toolkit kernels/barrier.cu ./kernels/../kernels/barrier.cu kernels/barrier.cu

say "--disable by ID and by name"
run --no-cuda-toolkit --disable CL1001 --disable divergent-loop-barrier kernels
say "--disable a glob, then --enable one of it: the last one wins"
run --no-cuda-toolkit --disable 'CL100*' --enable CL1003 kernels
say "--enable/--disable of no rule is a usage error"
run --no-cuda-toolkit --enable CL9999 kernels
run --no-cuda-toolkit --disable 'nothing-*' kernels

say "--severity"
run --no-cuda-toolkit --severity CL1002=error --severity divergent-barrier=note kernels
run --no-cuda-toolkit --severity CL1002=fatal kernels

say "--list-rules: ID, name, level, on/off, summary, one rule a line"
quiet --list-rules
check "[ \$RC = 0 ]" "--list-rules: exit status $RC"
check "! grep -Evq '^CL[0-9]{4}  [a-z0-9-]+ +(note|warning|error) +(on|off) +[^ ].*$' '$T/out'" \
	"--list-rules: a line of the wrong form: $(grep -Ev '^CL[0-9]{4}  [a-z0-9-]+ +(note|warning|error) +(on|off) +[^ ]' "$T/out")"
for r in 'CL0001  unused-suppression +note +off' 'CL1001  divergent-barrier +warning +on' \
	'CL1002  divergent-loop-barrier +warning +on' 'CL1003  barrier-after-divergent-exit +warning +on'; do
	check "grep -Eq '^$r ' '$T/out'" "--list-rules: no line '$r'"
done
check "[ \"\$(cut -c1-6 '$T/out')\" = \"\$(cut -c1-6 '$T/out' | sort)\" ]" "--list-rules: not sorted by ID"

say "--explain takes an ID or a name and prints the rule's documentation"
quiet --explain CL1001
check "[ \$RC = 0 ] && head -n1 '$T/out' | grep -qx '# CL1001 divergent-barrier'" "--explain CL1001: first line $(head -n1 "$T/out")"
cp "$T/out" "$T/explain1"
quiet --explain divergent-barrier
check "cmp -s '$T/out' '$T/explain1'" "--explain by name differs from by ID"
run --explain CL9999

say "--list-rules --format=json: the table for tools, with each rule's documentation"
quiet --list-rules --format=json
check "[ \$(grep -c '\"documentation\": \"https://[^\"]*/rules/CL[0-9]*\\.md\"' '$T/out') = \$(grep -c '\"id\":' '$T/out') ]" "--list-rules --format=json: a rule without its documentation"
grep -o '"id": "CL[0-9]*"' "$T/out" | tr '\n' ' ' >>"$TR"
echo >>"$TR"

say "--explain ends with the documentation's address"
quiet --explain CL1002
tail -n 1 "$T/out" >>"$TR"

say "--show-source: the source line and caret without a terminal; --no-show-source wins"
run --no-cuda-toolkit --show-source kernels/barrier.cu
run --no-cuda-toolkit --show-source --no-show-source kernels/barrier.cu

say "on a terminal, a summary line on stderr; -q / --quiet leaves it out (and cudalint's notes)"
if command -v script >/dev/null 2>&1; then
	script -qec "'$CUDALINT' --no-cuda-toolkit --no-color kernels/barrier.cu kernels/clean.cu >/dev/null" /dev/null |
		tr -d '\r' >>"$TR"
	script -qec "'$CUDALINT' --no-cuda-toolkit --no-color -q kernels/barrier.cu kernels/clean.cu >/dev/null" /dev/null |
		tr -d '\r' >>"$TR"
	echo "(the -q run printed nothing)" >>"$TR"
else
	echo "cudalint: 1 finding in 1 of 2 files checked" >>"$TR"
	echo "(the -q run printed nothing)" >>"$TR"
fi
printf 'void h() { nope(); }\n__global__ void k(int *p)\n{\n\tp[threadIdx.x] = 1;\n}\n' >host.cu
run --no-cuda-toolkit host.cu
run --no-cuda-toolkit --quiet host.cu

say "--statistics: the findings of each rule counted, most first, instead of the findings; the exit status stays that of the findings"
cp kernels/barrier.cu b2.cu
run --no-cuda-toolkit --statistics kernels b2.cu
run --no-cuda-toolkit --statistics --format=json kernels/barrier.cu
run --no-cuda-toolkit --statistics kernels/clean.cu
run --no-cuda-toolkit --statistics --format=sarif kernels

# The progress line, on a terminal (script(1) gives one): shown once a run
# has taken a second (here a worker stalled until the 2 s time limit), and
# erased with \r ESC[K before anything else is written, so no finding or
# message shares a line with it. Not in the transcript: stderr is a file
# there, and never gets one (the runs above).
mkdir slow
cp kernels/barrier.cu kernels/clean.cu kernels/loop.cu slow/
CUDALINT_TEST_STALL_ON=barrier.cu CUDALINT_FILE_TIMEOUT=2 script -qec \
	"'$CUDALINT' -j2 --no-cuda-toolkit --no-show-source --color=never slow" /dev/null >tty.out 2>&1
esc=$(printf '\033')
cr=$(printf '\r')
check "grep -q \"\${esc}\\[Kcudalint: 3/3 files\${cr}\${esc}\\[Kslow/loop.cu:7:3: warning: \" tty.out" \
	"no progress line, or not erased before the findings: $(cat -v tty.out)"
CUDALINT_TEST_STALL_ON=barrier.cu CUDALINT_FILE_TIMEOUT=2 script -qec \
	"'$CUDALINT' -q -j2 --no-cuda-toolkit slow" /dev/null >tty.out 2>&1
check "! grep -q 'files' tty.out" "--quiet printed a progress line: $(cat -v tty.out)"

say "--version, --help"
quiet --version
check "grep -Eq '^cudalint [0-9]+\\.[0-9]+\\.[0-9]+ \\(libclang [0-9]+\\)$' '$T/out'" "--version: $(cat "$T/out")"
# --verbose adds the libclang loaded (tools/bench and tools/coverage read it):
# an absolute path to a file, the version libclang reports
quiet --version --verbose
lib=$(sed -n 's/^libclang: //p' "$T/out")
check '[ -f "$lib" ] && [ "$lib" = "$(readlink -f "$lib")" ]' "--version --verbose names no libclang file: $(cat "$T/out")"
check "grep -Eq '^libclang version: .*clang version [0-9]+' '$T/out'" "--version --verbose: no libclang version: $(cat "$T/out")"
quiet --help
check "grep -q '^usage: cudalint ' '$T/out'" "--help: no usage line"
finish
