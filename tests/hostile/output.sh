#!/bin/sh
# Hostile output: what cudalint prints must be safe in a terminal, in a CI
# log and in a JSON or SARIF consumer, whatever the file names and sources
# hold; and a reader that stops early must not kill it with SIGPIPE.
#
#   sh tests/hostile/output.sh CUDALINT
. "$(dirname "$0")/lib.sh"

# no_controls FILE: no control character but newline and tab in FILE
no_controls() {
	if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$1"; then
		fail "$1 holds control characters: $(head -c 300 "$1" | od -c | head -3)"
	fi
}

# a file name that holds a newline and a GitHub Actions workflow command
nl=$(printf 'x.cu\n::error title=Injected::gotcha')
cp kernel.cu "$nl"
run filename-newline "1" $NT "$nl"
finds
grep -q '^::' out && fail "a report line starts with '::' (a workflow command)"
[ "$(wc -l <out)" = 2 ] || fail "want 2 lines (the finding and its note), got: $(head -c 300 out)"
run filename-newline/stderr "2" $NT "$nl" "missing$(printf '\n::error::x')"
grep -q '^::' err && fail "a stderr line starts with '::' (a workflow command)"

# escape sequences in a comment that a CL0001 message quotes, and in the
# line the snippet shows; invalid UTF-8, a surrogate and a code point above
# U+10FFFF in the same place
printf '__global__ void k(float *d)\n{\n\t// cudalint: ignore[CL1001\033[1A\033[2K\355\240\200\364\220\200\200\302\233]\n\tif (threadIdx.x < 32) __syncthreads(); // \033[2J\n}\n' >esc.cu
run escapes/text "1" $NT --color=always esc.cu
finds
LC_ALL=C grep -q "$(printf '\033\\[[12][AJK]')" out && fail "an escape sequence from the source reached the report"
valid_utf8 out
run escapes/json "1" $NT --format=json esc.cu
valid_utf8 out
no_controls out
run escapes/sarif "1" $NT --format=sarif esc.cu
valid_utf8 out
no_controls out

# a file name that is not UTF-8
bad=$(printf 'bad\377\376name.cu')
cp kernel.cu "$bad"
run filename-not-utf8/json "1" $NT --format=json "$bad"
valid_utf8 out
run filename-not-utf8/sarif "1" $NT --format=sarif "$bad"
valid_utf8 out
run filename-not-utf8/text "1" $NT "$bad"
valid_utf8 out

# Trojan Source (CVE-2021-42574): bidirectional overrides and invisible
# characters in a file name, in a suppression comment that CL0001 quotes,
# and in the source line of a snippet are escaped as <U+XXXX> in text, on
# stderr and in GitHub annotations; JSON and SARIF keep them exact (and
# valid UTF-8)
rlo=$(printf '\342\200\256') lri=$(printf '\342\201\246') zwsp=$(printf '\342\200\213')
trojan="tro${rlo}jan.cu"
printf '__global__ void k(float *d)\n{\n\t// cudalint: ignore[CL9999%s] -- %s}%s\n\tif (threadIdx.x < 32) /* %s */ __syncthreads();\n}\n' "$rlo" "$lri" "$zwsp" "$rlo" >"$trojan"
# no_bidi FILE: none of the escaped characters is left in FILE
no_bidi() {
	if LC_ALL=C grep -q "$rlo\|$lri\|$zwsp" "$1"; then
		fail "$1 holds a bidirectional or invisible character: $(grep -m1 "$rlo\|$lri\|$zwsp" "$1" | od -c | head -3)"
	fi
}
run trojan/text "2" $NT --show-source "$trojan" missing${rlo}.cu
no_bidi out
no_bidi err
grep -qF 'tro<U+202E>jan.cu:4:34: warning:' out || fail "the file name is not escaped: $(head -c 300 out)"
grep -qF '/* <U+202E> */' out || fail "the snippet is not escaped: $(head -c 300 out)"
grep -qF '<U+2066>}<U+200B>' out || fail "the quoted comment is not escaped: $(head -c 300 out)"
grep -qF 'missing<U+202E>.cu' err || fail "the name on stderr is not escaped: $(head -c 300 err)"
# the caret stays under the barrier: as wide as the escaped text before it
awk '/^\tif/ { getline c; if (index($0, "__syncthreads") == length(c)) ok = 1 } END { exit !ok }' out ||
	fail "the caret is not under the barrier: $(grep -A1 __syncthreads out | head -c 300)"
run trojan/github "1" $NT --format=github "$trojan"
no_bidi out
run trojan/json "1" $NT --format=json "$trojan"
valid_utf8 out
grep -q "$rlo" out || fail "JSON does not keep the exact file name"
jq -e --arg f "$trojan" '[.findings[].file] | index($f) != null' out >/dev/null || fail "JSON's file name is not exact"
run trojan/sarif "1" $NT --format=sarif "$trojan"
valid_utf8 out
jq -e . out >/dev/null || fail "the SARIF is not JSON"

# a reader that stops early: the exit status is the findings', no signal
i=0
while [ $i -lt 3000 ]; do
	printf '__global__ void k%d(float *d){ if (threadIdx.x < 32) __syncthreads(); }\n' $i
	i=$((i + 1))
done >many.cu
N=$((N + 1))
CASE=stdout-pipe-closed
RC=$( { timeout -k 5 "$LIMIT" "$CUDALINT" $NT many.cu 2>err; echo $? >rc; } | head -1 >/dev/null; cat rc)
[ "$RC" = 1 ] && echo "ok:   $CASE (exit 1)" || fail "exit $RC, want 1 (141 is SIGPIPE)"
[ -s err ] && fail "stderr is not empty: $(head -c 300 err)"

finish
