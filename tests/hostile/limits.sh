#!/bin/sh
# The limits on one file (docs/cli.md, "Limits on hostile input"): a file
# that a limit stops is a failure that names the limit, never the end of
# the run: the other files are analysed and the report is written, and
# -j1 (one worker process) gives the report -j2 gives. The variables that
# set the limits are checked: a bad value is a usage error naming it.
#
#   sh tests/hostile/limits.sh CUDALINT
#
# The time limit is tested through the stall hook (CUDALINT_TEST_STALL_ON
# sleeps 30 s after the parse), so that the 1 s limit is certain to pass,
# never raced by a real parse.
. "$(dirname "$0")/lib.sh"

# a sanitizer build ignores the memory cap (docs/testing.md)
SANITIZED=0
if ldd "$CUDALINT" 2>/dev/null | grep -q 'libasan'; then SANITIZED=1; fi

cp kernel.cu a.cu
cp kernel.cu stall.cu
cp kernel.cu c.cu

# same_reports NAME: the -j1 and -j2 reports of case NAME are equal
same_reports() {
	cmp -s "$1.j1" "$1.j2" || fail "the -j1 and -j2 reports differ: $(diff "$1.j1" "$1.j2" | head -c 300)"
}

# both_found FILE: the findings of a.cu and c.cu are in FILE
both_found() {
	grep -q 'a\.cu' "$1" && grep -q 'c\.cu' "$1" || fail "the findings of a.cu and c.cu are not both in $1: $(head -c 300 "$1")"
}

# --- the time limit ------------------------------------------------------------
LIMIT_LINE='^cudalint: error: stall.cu: analysis exceeded the time limit of 1 s (CUDALINT_FILE_TIMEOUT), not analysed$'
for j in 1 2; do
	export CUDALINT_TEST_STALL_ON=stall.cu CUDALINT_FILE_TIMEOUT=1
	echo 'an old report' >time.json.j$j
	run time-limit/json/j$j "2" $NT -j$j --format=json -o time.json.j$j a.cu stall.cu c.cu
	grep -q "$LIMIT_LINE" err || fail "no failure line naming the limit: $(head -c 300 err)"
	[ "$(grep -c '^cudalint: error:' err)" = 1 ] || fail "want one error line: $(head -c 300 err)"
	jq -e '.failures | length == 1 and .[0].file == "stall.cu" and (.[0].reason | test("time limit of 1 s \\(CUDALINT_FILE_TIMEOUT\\)"))' time.json.j$j >/dev/null ||
		fail "-o time.json: the failure is not the time limit's: $(head -c 300 time.json.j$j)"
	jq -e '[.findings[].file] | sort == ["a.cu", "c.cu"]' time.json.j$j >/dev/null ||
		fail "-o time.json: the findings of a.cu and c.cu are missing: $(head -c 300 time.json.j$j)"
	run time-limit/text/j$j "2" $NT -j$j a.cu stall.cu c.cu
	grep -q "$LIMIT_LINE" err || fail "no failure line naming the limit: $(head -c 300 err)"
	both_found out
	cp out time.txt.j$j
	run time-limit/sarif/j$j "2" $NT -j$j --format=sarif a.cu stall.cu c.cu
	jq -e '[.runs[0].invocations[0].toolExecutionNotifications[].message.text] | length == 1 and (.[0] | test("CUDALINT_FILE_TIMEOUT"))' out >/dev/null ||
		fail "SARIF: no notification naming the limit: $(head -c 300 out)"
	cp out time.sarif.j$j
	unset CUDALINT_TEST_STALL_ON CUDALINT_FILE_TIMEOUT
done
CASE=time-limit/same-reports
same_reports time.json
same_reports time.txt
same_reports time.sarif

# --- a worker that dies of something else (the crash hook) ---------------------
for j in 1 2; do
	export CUDALINT_TEST_CRASH_ON=stall.cu
	run crash/j$j "2" $NT -j$j --format=json -o crash.json.j$j a.cu stall.cu c.cu
	unset CUDALINT_TEST_CRASH_ON
	grep -q "^cudalint: error: stall.cu: worker crashed on stall.cu (SIGSEGV); not analysed$" err ||
		fail "no crash line for stall.cu: $(head -c 300 err)"
	both_found crash.json.j$j
done
CASE=crash/same-reports
same_reports crash.json

# --- the memory cap --------------------------------------------------------------
# 2^20 tokens from a macro: more than the smallest cap leaves for clang
macro_bomb 20 '' >hog.cu
if [ "$SANITIZED" = 0 ]; then
	for j in 1 2; do
		export CUDALINT_MAX_MEMORY_MB=512
		run memory-cap/j$j "2" $NT -j$j --format=json -o mem.json.j$j a.cu hog.cu c.cu
		unset CUDALINT_MAX_MEMORY_MB
		grep -q '^cudalint: error: hog.cu: ran out of memory under the cap of 512 MB (CUDALINT_MAX_MEMORY_MB), not analysed$' err ||
			fail "no out-of-memory line naming CUDALINT_MAX_MEMORY_MB: $(head -c 300 err)"
		both_found mem.json.j$j
	done
	CASE=memory-cap/same-reports
	same_reports mem.json
else
	echo "skip: memory-cap (a sanitizer build ignores the cap)"
fi

# the smallest cap, on the nesting that once overflowed the main thread's
# stack under a cap too small for the analysis thread's (SIGSEGV, exit 139)
{ printf '__global__ void k(float *d){'; repeat 10000 '{'; repeat 10000 '}'; printf '}\n'; } >braces.cu
{ printf '__global__ void k(float *d,int n){'; repeat 10000 'if(n>0)'; printf 'd[0]=1;%s}\n' "$BAR"; } >ifs.cu
export CUDALINT_MAX_MEMORY_MB=512
run memory-cap/braces "2" $NT braces.cu
names braces.cu
run memory-cap/ifs "1 2" $NT ifs.cu
[ "$RC" = 2 ] && names ifs.cu
unset CUDALINT_MAX_MEMORY_MB

# --- the variables are checked -----------------------------------------------------
# bad VAR VALUE WHAT: a usage error naming VAR, and nothing analysed
bad() {
	env "$1=$2" "$CUDALINT" $NT kernel.cu >out 2>err </dev/null
	RC=$?
	N=$((N + 1))
	CASE="env/$1=$2"
	if [ "$RC" = 2 ]; then echo "ok:   $CASE (exit 2)"; else fail "exit $RC, want 2"; fi
	grep -qF "cudalint: error: $1: '$2' is $3" err || fail "no usage error naming $1: $(head -c 300 err)"
	[ -s out ] && fail "something was analysed: $(head -c 300 out)"
}
for v in CUDALINT_FILE_TIMEOUT CUDALINT_PCH_TIMEOUT CUDALINT_MAX_MEMORY_MB CUDALINT_PCH_KEEP CUDALINT_PREAMBLE_MB; do
	bad $v abc "not a number"
	bad $v -1 "not a number"
	bad $v ' 5' "not a number"
	bad $v 5s "not a number"
	bad $v 4294967296 "out of range"
	bad $v 99999999999999999999999 "out of range"
done
bad CUDALINT_MAX_MEMORY_MB 64 "out of range: 512 to"
bad CUDALINT_MAX_MEMORY_MB 511 "out of range: 512 to"
bad CUDALINT_FILE_TIMEOUT 604801 "out of range: 1 to 604800 seconds"

# good values: 0, and the ends of the ranges
for vv in CUDALINT_FILE_TIMEOUT=0 CUDALINT_FILE_TIMEOUT=604800 CUDALINT_MAX_MEMORY_MB=0 \
	CUDALINT_MAX_MEMORY_MB=16777216 CUDALINT_PCH_KEEP=0 CUDALINT_PCH_TIMEOUT=0 CUDALINT_FILE_TIMEOUT= \
	CUDALINT_PREAMBLE_MB=0 CUDALINT_PREAMBLE_MB=16777216; do
	export "$vv"
	run "env/$vv" "1" $NT kernel.cu
	finds
	unset "${vv%%=*}"
done

finish
