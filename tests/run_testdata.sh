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
# and compares the findings printed on stdout with the expectations written
# in the file:
#
#     __syncthreads(); // expect: CL1001
#     if (c) __syncthreads(); else __syncthreads(); // expect: CL1001 CL1001
#
# An expectation may also pin the column (RULE@COL) and a fragment of the
# message (a quoted string after the rule), and a line may expect notes
# (a note's position is where the note points, not the finding):
#
#     __syncthreads(); // expect: CL1001@9 "threadIdx.x < 32"
#     if (threadIdx.x < 32) // expect-note: @9 "differs between the warps"
#
# A finding is a stdout line of the form
#     path:line:col: warning|error|note: message [CL1234 rule-name]
# and a note one of the form path:line:col: note: message (no rule tag).
# Findings are a closed world: a file without any "expect:" comment must
# produce no finding at all, and each finding must be expected. Notes are
# not: only the expected ones are checked.
#
# A device function that clang cannot parse is expected on the line that
# cudalint names for it (the function's name) with "// expect: unanalysed";
# its stderr line "cudalint: error: FILE:LINE:COL: device function 'k' not
# analysed: ..." counts as a finding of rule "unanalysed", and the exit
# status must then be 2.
#
# The exit status of cudalint must be 1 when findings are expected and 0 when
# none are; any other status (2 = usage/parse error, crash, ...) fails the case
# and its stderr is printed. cudalint runs with --fail-on=note, so that the
# findings of note-level rules (CL4001, CL4002) count as findings too.
#
# Known to fail: a file with "// expect-fail: REASON" is a case cudalint is
# known to get wrong. It is reported "XFAIL" while it fails and does not
# count as failed; once it passes it is "XPASS" and fails, so that the
# marker is removed.
#
# Bless: RUN_TESTDATA_BLESS=1 rewrites the "expect:" comments of every
# failing file (but the known-to-fail ones) to what cudalint reports. A line
# whose rules did not change keeps its comment (columns and fragments too);
# on the others the comment lists the rule IDs only. Review the diff.
#
# Output: one "FAIL file: ..." line per problem, then exactly one summary line
# "N passed, M failed" (", K known to fail" when there are any). Exit status:
# 0 if M = 0, 1 otherwise, 2 on usage error.
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
xfailed=0

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
# Without a CUDA toolkit (cudalint --show-toolkit finds none), the files
# that include headers cannot be analysed as the toolkit would let them:
# they are skipped, each with that reason, and the run exits 77 (CTest's
# skip) when everything else passed.
skipped=0
if [ "${RUN_TESTDATA_NO_INCLUDES:-0}" != 1 ] &&
	! "$cudalint" ${RUN_TESTDATA_ARGS:-} --show-toolkit >/dev/null 2>&1; then
	while IFS= read -r f; do
		if grep -q '#include' "$f"; then
			echo "skip $f: it includes headers, and cudalint --show-toolkit finds no CUDA toolkit"
			skipped=$((skipped + 1))
		else
			printf '%s\n' "$f"
		fi
	done <"$tmp/files" >"$tmp/files.tk"
	grep -v '^skip ' "$tmp/files.tk" >"$tmp/files"
	grep '^skip ' "$tmp/files.tk"
fi
# RUN_TESTDATA_NO_INCLUDES=1: only the files that include no header (the
# ones cudalint's bundled declarations can parse without a toolkit)
if [ "${RUN_TESTDATA_NO_INCLUDES:-0}" = 1 ]; then
	while IFS= read -r f; do
		grep -q '#include' "$f" || printf '%s\n' "$f"
	done <"$tmp/files" >"$tmp/files.ni"
	mv "$tmp/files.ni" "$tmp/files"
fi

# ---- awk programs ----------------------------------------------------------

# Expectations, tab-separated: "E LINE RULE COL FRAG" per expected finding
# and "EN LINE - COL FRAG" per expected note (COL and FRAG may be empty),
# "BAD LINE" for a comment that expects nothing or does not parse.
awk_expect='
# Parses the items of one comment from s, at its position i: each is
# RULE[@COL]["FRAG"] (kind E) or [@COL]"FRAG" (kind EN). Stops at the first
# token that is not an item, so words after the items are a remark.
function items(s, kind,    n, got, rule, col, frag, j) {
	got = 0
	n = length(s)
	i = 1
	while (1) {
		while (i <= n && substr(s, i, 1) ~ /[ \t,]/)
			i++
		if (i > n)
			break
		rule = "-"
		if (kind == "E") {
			if (!match(substr(s, i), /^(CL[0-9][0-9][0-9][0-9]|unanalysed)/))
				break
			rule = substr(s, i, RLENGTH)
			i += RLENGTH
		}
		col = ""
		if (substr(s, i, 1) == "@") {
			if (!match(substr(s, i + 1), /^[0-9]+/))
				return -1
			col = substr(s, i + 1, RLENGTH)
			i += 1 + RLENGTH
		}
		while (i <= n && substr(s, i, 1) ~ /[ \t]/)
			i++
		frag = ""
		if (substr(s, i, 1) == "\"") {
			j = index(substr(s, i + 1), "\"")
			if (!j)
				return -1
			frag = substr(s, i + 1, j - 1)
			i += j + 1
		} else if (kind == "EN") {
			if (col == "")
				break
		}
		printf "%s\t%d\t%s\t%s\t%s\n", kind, FNR, rule, col, frag
		got++
	}
	return got
}
{
	s = $0
	sub(/\r$/, "", s)
	if (match(s, /\/\/[ \t]*expect:/))
		if (items(substr(s, RSTART + RLENGTH), "E") <= 0)
			print "BAD\t" FNR
	if (match(s, /\/\/[ \t]*expect-note:/))
		if (items(substr(s, RSTART + RLENGTH), "EN") <= 0)
			print "BAD\t" FNR
}'

# Extra arguments from "// cudalint-args: ..." lines, joined by spaces.
awk_args='
{
	s = $0
	sub(/\r$/, "", s)
	if (match(s, /\/\/[ \t]*cudalint-args:/))
		printf "%s ", substr(s, RSTART + RLENGTH)
}'

# Actual findings from cudalint stdout: "A LINE RULE COL MESSAGE" per
# finding line, "AN LINE - COL MESSAGE" per note in the file. The path
# prefix of a finding is stripped either as the exact file name we passed
# (so that names containing ":" work) or as "everything up to the first
# colon"; a note must name the file exactly.
awk_findings='
BEGIN { f = ENVIRON["RT_FILE"] ":" }
{
	s = $0
	sub(/\r$/, "", s)
	exact = substr(s, 1, length(f)) == f
	if (exact)
		r = substr(s, length(f) + 1)
	else if (s ~ /^[^:]+:/) {
		r = s
		sub(/^[^:]+:/, "", r)
	} else
		next
	if (!match(r, /^[0-9]+:[0-9]+: /))
		next
	split(substr(r, 1, RLENGTH - 2), lc, ":")
	r = substr(r, RLENGTH + 1)
	if (match(r, / \[CL[0-9][0-9][0-9][0-9] [a-z0-9-]+\]$/) && r ~ /^(warning|error|note): /) {
		rule = substr(r, RSTART + 2, 6)
		msg = substr(r, 1, RSTART - 1)
		sub(/^[a-z]+: /, "", msg)
		printf "A\t%d\t%s\t%d\t%s\n", lc[1], rule, lc[2], msg
	} else if (exact && r ~ /^note: /) {
		printf "AN\t%d\t-\t%d\t%s\n", lc[1], lc[2], substr(r, 7)
	}
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
	split(r, lc, ":")
	printf "A\t%d\tunanalysed\t%d\t%s\n", lc[1], lc[2], r
}'

# Matches expectations with what cudalint printed. Input: the E/EN lines
# of awk_expect and the A/AN lines above. Each expectation takes one
# printed finding (or note) of its line and rule that has its column and
# contains its fragment; the most pinned expectations choose first.
# Output: "LINE<TAB>problem" per missing or unexpected finding.
awk_compare='
BEGIN { FS = "\t" }
$1 == "E" || $1 == "EN" {
	k = ($1 == "E") + 0
	ne++
	ek[ne] = k; el[ne] = $2; er[ne] = $3; ec[ne] = $4; ef[ne] = $5
	ep[ne] = ($4 != "") + ($5 != "")
	next
}
$1 == "A" || $1 == "AN" {
	na++
	ak[na] = ($1 == "A") + 0; al[na] = $2; ar[na] = $3; ac[na] = $4; am[na] = $5
}
function what(i) {
	return (ek[i] ? er[i] : "note") " at line " el[i] (ec[i] != "" ? ", column " ec[i] : "") \
	       (ef[i] != "" ? ", with \"" ef[i] "\"" : "")
}
END {
	for (p = 2; p >= 0; p--)
		for (i = 1; i <= ne; i++) {
			if (ep[i] != p)
				continue
			for (j = 1; j <= na; j++)
				if (!used[j] && ak[j] == ek[i] && al[j] == el[i] && ar[j] == er[i] &&
				    (ec[i] == "" || ac[j] == ec[i]) && (ef[i] == "" || index(am[j], ef[i])))
					break
			if (j <= na)
				used[j] = 1
			else
				printf "%d\tmissing %s\n", el[i], what(i)
		}
	for (j = 1; j <= na; j++)
		if (ak[j] && !used[j])
			printf "%d\tunexpected %s at line %d, column %d: %s\n", al[j], ar[j], al[j], ac[j], am[j]
}'

# Bless: FILE with the "expect:" comment of each line whose rules changed
# rewritten to the rules printed there. Input: the A lines (first file),
# the E lines (second file), then the source.
awk_bless='
FILENAME == ARGV[1] { split($0, a, "\t"); if (a[1] == "A") got[a[2]] = got[a[2]] " " a[3]; next }
FILENAME == ARGV[2] { split($0, a, "\t"); if (a[1] == "E") want[a[2]] = want[a[2]] " " a[3]; next }
function sorted(s,    n, v, i, j, t, out) {
	n = split(s, v, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
		}
	out = ""
	for (i = 1; i <= n; i++)
		out = out (i > 1 ? " " : "") v[i]
	return out
}
{
	g = sorted(got[FNR]); w = sorted(want[FNR])
	if (g == w) {
		print
		next
	}
	line = $0
	rest = ""
	if (match(line, /[ \t]*\/\/[ \t]*expect:/)) {
		rest = substr(line, RSTART)
		line = substr(line, 1, RSTART - 1)
		if (match(rest, /\/\/[ \t]*expect-note:/))
			rest = " " substr(rest, RSTART)
		else
			rest = ""
	} else if (match(line, /[ \t]*\/\/[ \t]*expect-note:/)) {
		rest = " " substr(line, RSTART)
		sub(/^ [ \t]*/, " ", rest)
		line = substr(line, 1, RSTART - 1)
	}
	print line (g != "" ? " // expect: " g : "") rest
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
	xfail=$(grep -c '//[ 	]*expect-fail:' "$f")

	awk "$awk_expect" "$f" >"$tmp/expect.raw"
	grep '^BAD	' "$tmp/expect.raw" >"$tmp/bad"
	grep -v '^BAD	' "$tmp/expect.raw" >"$tmp/expect"
	while read -r _ badline; do
		echo "FAIL $f: malformed expect comment at line $badline"
		problems=$((problems + 1))
	done <"$tmp/bad"

	args=$(awk "$awk_args" "$f")
	set -f
	# shellcheck disable=SC2086 # word splitting of $args is intended
	"$cudalint" --no-color --fail-on=note ${RUN_TESTDATA_ARGS:-} $args "$f" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	set +f

	RT_FILE=$f awk "$awk_findings" "$tmp/out" >"$tmp/actual"
	RT_FILE=$f awk "$awk_unanalysed" "$tmp/err" >>"$tmp/actual"

	if grep -q '^E	[0-9]*	unanalysed	' "$tmp/expect"; then
		want_rc=2
	elif grep -q '^E	' "$tmp/expect"; then
		want_rc=1
	else
		want_rc=0
	fi
	: >"$tmp/report"
	if [ "$rc" -ne "$want_rc" ]; then
		case $rc in
		0 | 1) echo "FAIL $f: exit status $rc, expected $want_rc" ;;
		2) echo "FAIL $f: exit status 2 (device code not analysed), expected $want_rc:" ;;
		*) echo "FAIL $f: cudalint failed (exit status $rc, expected $want_rc):" ;;
		esac >>"$tmp/report"
		[ "$rc" -le 1 ] || print_stderr >>"$tmp/report"
		problems=$((problems + 1))
	fi

	cat "$tmp/expect" "$tmp/actual" | awk "$awk_compare" |
		LC_ALL=C sort -t "$(printf '\t')" -k1,1n -k2 | cut -f2- >"$tmp/diff"
	while IFS= read -r msg; do
		echo "FAIL $f: $msg" >>"$tmp/report"
		problems=$((problems + 1))
	done <"$tmp/diff"

	if [ "$xfail" -gt 0 ]; then
		if [ "$problems" -eq 0 ]; then
			echo "FAIL $f: XPASS: it passes now; remove its expect-fail marker"
			failed=$((failed + 1))
		else
			xfailed=$((xfailed + 1))
			[ "${RUN_TESTDATA_VERBOSE:-0}" = 0 ] || echo "XFAIL $f"
		fi
	elif [ "$problems" -eq 0 ]; then
		passed=$((passed + 1))
		[ "${RUN_TESTDATA_VERBOSE:-0}" = 0 ] || echo "PASS $f"
	else
		cat "$tmp/report"
		failed=$((failed + 1))
		if [ "${RUN_TESTDATA_BLESS:-0}" = 1 ] && [ "$rc" -le 2 ]; then
			awk "$awk_bless" "$tmp/actual" "$tmp/expect" "$f" >"$tmp/blessed" &&
				cat "$tmp/blessed" >"$f" && echo "blessed $f"
		fi
	fi
done <"$tmp/files"

if [ $((passed + failed + xfailed)) -eq 0 ] && [ "$skipped" -gt 0 ]; then
	echo "0 passed, 0 failed, $skipped skipped (no CUDA toolkit)"
	exit 77
fi
if [ $((passed + failed + xfailed)) -eq 0 ]; then
	echo "$0: no .cu files found" >&2
	echo "0 passed, 0 failed"
	exit 1
fi
if [ "$xfailed" -gt 0 ]; then
	echo "$passed passed, $failed failed, $xfailed known to fail"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] || exit 1
if [ "$skipped" -gt 0 ]; then
	echo "$skipped skipped: no CUDA toolkit (the test is reported skipped)"
	exit 77
fi
exit 0
