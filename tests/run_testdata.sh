#!/bin/sh
# shellcheck disable=SC2016 # awk programs are single-quoted on purpose
# run_testdata.sh - exact-match test runner for the testdata/ corpus.
#
# usage: tests/run_testdata.sh CUDALINT_BINARY TESTDATA_DIR [subdir...]
#
# For every *.cu file under TESTDATA_DIR/subdir (or under TESTDATA_DIR when no
# subdir is given), in C-locale sorted order, runs
#
#     CUDALINT --no-color [args from "// cudalint-args: ..." lines] FILE
#
# and compares the multiset of (line, rule id) findings printed on stdout with
# the expectations written in the file:
#
#     __syncthreads(); // expect: CL1001
#     if (c) __syncthreads(); else __syncthreads(); // expect: CL1001 CL1001
#
# A finding is a stdout line of the form
#     path:line:col: warning|error|note: message [CL1234 rule-name]
# Anything else (notes without a rule tag, source and caret lines) is ignored.
# A file without any "expect:" comment must produce no finding at all.
#
# A device function that clang cannot parse is expected on the line that
# cudalint names for it (the function's name) with "// expect: unanalysed";
# its stderr line "cudalint: error: FILE:LINE:COL: device function 'k' not
# analysed: ..." counts as a finding of rule "unanalysed", and the exit
# status must then be 2.
#
# The exit status of cudalint must be 1 when findings are expected and 0 when
# none are; any other status (2 = usage/parse error, crash, ...) fails the case
# and its stderr is printed.
#
# Output: one "FAIL file: ..." line per problem, then exactly one summary line
# "N passed, M failed". Exit status: 0 if M = 0, 1 otherwise, 2 on usage error.
#
# Plain POSIX sh + awk (works with dash and mawk). File names may contain
# spaces; they may not contain newlines. Set RUN_TESTDATA_VERBOSE=1 to also
# print "PASS file" lines. RUN_TESTDATA_ARGS adds arguments to every run;
# RUN_TESTDATA_NO_INCLUDES=1 keeps only the files that include no header.

usage() {
	echo "usage: $0 CUDALINT_BINARY TESTDATA_DIR [subdir...]" >&2
	exit 2
}

[ $# -ge 2 ] || usage
cudalint=$1
testdata=$2
shift 2

case $cudalint in
*/*) if [ ! -f "$cudalint" ] || [ ! -x "$cudalint" ]; then
	echo "$0: $cudalint: not an executable file" >&2
	exit 2
fi ;;
*) command -v -- "$cudalint" >/dev/null 2>&1 || {
	echo "$0: $cudalint: command not found" >&2
	exit 2
} ;;
esac
[ -d "$testdata" ] || {
	echo "$0: $testdata: not a directory" >&2
	exit 2
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run_testdata.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

passed=0
failed=0

# ---- collect the files -----------------------------------------------------
: >"$tmp/list"
[ $# -gt 0 ] || set -- .
for sub in "$@"; do
	if [ "$sub" = . ]; then d=$testdata; else d=$testdata/$sub; fi
	case $d in -*) d=./$d ;; esac
	if [ ! -d "$d" ]; then
		echo "FAIL $d: no such directory"
		failed=$((failed + 1))
		continue
	fi
	find "$d" -type f -name '*.cu' >>"$tmp/list"
done
LC_ALL=C sort -u "$tmp/list" >"$tmp/files"
# RUN_TESTDATA_NO_INCLUDES=1: only the files that include no header (the
# ones cudalint's bundled declarations can parse without a toolkit)
if [ "${RUN_TESTDATA_NO_INCLUDES:-0}" = 1 ]; then
	while IFS= read -r f; do
		grep -q '#include' "$f" || printf '%s\n' "$f"
	done <"$tmp/files" >"$tmp/files.ni"
	mv "$tmp/files.ni" "$tmp/files"
fi

# ---- awk programs ----------------------------------------------------------

# Expected findings: "LINE RULE" per expected id, "BAD LINE" for an
# "expect:" comment that names no rule id.
awk_expect='
{
	s = $0
	sub(/\r$/, "", s)
	if (!match(s, /\/\/[ \t]*expect:/))
		next
	rest = substr(s, RSTART + RLENGTH)
	n = split(rest, tok, /[ \t,]+/)
	got = 0
	for (i = 1; i <= n; i++) {
		if (tok[i] == "")
			continue
		if (tok[i] !~ /^CL[0-9][0-9][0-9][0-9]$/ && tok[i] != "unanalysed")
			break
		print FNR " " tok[i]
		got++
	}
	if (!got)
		print "BAD " FNR
}'

# Extra arguments from "// cudalint-args: ..." lines, joined by spaces.
awk_args='
{
	s = $0
	sub(/\r$/, "", s)
	if (match(s, /\/\/[ \t]*cudalint-args:/))
		printf "%s ", substr(s, RSTART + RLENGTH)
}'

# Actual findings from cudalint stdout: "LINE RULE" per finding line.
# The path prefix is stripped either as the exact file name we passed (so
# that names containing ":" work) or as "everything up to the first colon".
awk_findings='
BEGIN { f = ENVIRON["RT_FILE"] ":" }
{
	s = $0
	sub(/\r$/, "", s)
	if (substr(s, 1, length(f)) == f)
		r = substr(s, length(f) + 1)
	else if (s ~ /^[^:]+:/) {
		r = s
		sub(/^[^:]+:/, "", r)
	} else
		next
	if (r !~ /^[0-9]+:[0-9]+: (warning|error|note): .*\[CL[0-9][0-9][0-9][0-9] [a-z0-9-]+\]$/)
		next
	line = r
	sub(/:.*/, "", line)
	match(r, /\[CL[0-9][0-9][0-9][0-9] [a-z0-9-]+\]$/)
	print (line + 0) " " substr(r, RSTART + 1, 6)
}'

# Unanalysed device functions of the file, from cudalint stderr.
awk_unanalysed='
BEGIN { f = "cudalint: error: " ENVIRON["RT_FILE"] ":" }
{
	s = $0
	if (substr(s, 1, length(f)) != f)
		next
	r = substr(s, length(f) + 1)
	if (r !~ /^[0-9]+:[0-9]+: device function .* not analysed: /)
		next
	line = r
	sub(/:.*/, "", line)
	print (line + 0) " unanalysed"
}'

# Multiset difference. Input: "E LINE RULE" / "A LINE RULE" lines.
# Output: "LINE<TAB>missing RULE at line LINE" / "...unexpected ...".
awk_compare='
$1 == "E" { e[$2 " " $3]++; next }
$1 == "A" { a[$2 " " $3]++; next }
END {
	for (k in e) {
		split(k, p, " ")
		for (i = a[k] + 0; i < e[k]; i++)
			printf "%d\tmissing %s at line %d\n", p[1], p[2], p[1]
	}
	for (k in a) {
		split(k, p, " ")
		for (i = e[k] + 0; i < a[k]; i++)
			printf "%d\tunexpected %s at line %d\n", p[1], p[2], p[1]
	}
}'

# ---- run -------------------------------------------------------------------
print_stderr() {
	if [ -s "$tmp/err" ]; then
		sed 's/^/    | /' "$tmp/err"
	else
		echo "    | (no stderr)"
	fi
}

while IFS= read -r f; do
	[ -n "$f" ] || continue
	problems=0

	awk "$awk_expect" "$f" >"$tmp/expect.raw"
	grep '^BAD ' "$tmp/expect.raw" >"$tmp/bad"
	grep -v '^BAD ' "$tmp/expect.raw" >"$tmp/expect"
	while read -r _ badline; do
		echo "FAIL $f: malformed expect comment at line $badline"
		problems=$((problems + 1))
	done <"$tmp/bad"

	args=$(awk "$awk_args" "$f")
	set -f
	# shellcheck disable=SC2086 # word splitting of $args is intended
	"$cudalint" --no-color ${RUN_TESTDATA_ARGS:-} $args "$f" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	set +f

	RT_FILE=$f awk "$awk_findings" "$tmp/out" >"$tmp/actual"
	RT_FILE=$f awk "$awk_unanalysed" "$tmp/err" >>"$tmp/actual"

	if grep -q ' unanalysed$' "$tmp/expect"; then
		want_rc=2
	elif [ -s "$tmp/expect" ]; then
		want_rc=1
	else
		want_rc=0
	fi
	if [ "$rc" -ne "$want_rc" ]; then
		case $rc in
		0 | 1) echo "FAIL $f: exit status $rc, expected $want_rc" ;;
		2) echo "FAIL $f: exit status 2 (device code not analysed), expected $want_rc:" ;;
		*) echo "FAIL $f: cudalint failed (exit status $rc, expected $want_rc):" ;;
		esac
		print_stderr
		problems=$((problems + 1))
	fi

	{
		sed 's/^/E /' "$tmp/expect"
		sed 's/^/A /' "$tmp/actual"
	} | awk "$awk_compare" | LC_ALL=C sort -t "$(printf '\t')" -k1,1n -k2 |
		cut -f2- >"$tmp/diff"
	while IFS= read -r msg; do
		echo "FAIL $f: $msg"
		problems=$((problems + 1))
	done <"$tmp/diff"

	if [ "$problems" -eq 0 ]; then
		passed=$((passed + 1))
		[ "${RUN_TESTDATA_VERBOSE:-0}" = 0 ] || echo "PASS $f"
	else
		failed=$((failed + 1))
	fi
done <"$tmp/files"

if [ $((passed + failed)) -eq 0 ]; then
	echo "$0: no .cu files found" >&2
	echo "0 passed, 0 failed"
	exit 1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
