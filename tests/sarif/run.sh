#!/usr/bin/env bash
# The SARIF validator (tests/sarif/validate.sh) with the SARIF rules and
# GitHub's (--rule-kind "Sarif;Gh"), both ways:
#   - cudalint's real SARIF output (findings with notes, a file that could
#     not be analysed; findings with fixes) and good/minimal.sarif validate
#     with 0 results;
#   - each bad/*.sarif is rejected with exactly the rule IDs that
#     bad/expected.txt lists for it, GitHub's GH rules among them, so the
#     GH rules demonstrably ran.
#
# usage: tests/sarif/run.sh CUDALINT SOURCE_DIR
NAME=sarif
. "$(dirname "$0")/../lib/args.sh"
here=$src/tests/sarif

# Install first, so that a failed install is one clear message.
sh "$src/tests/npm/install.sh" >/dev/null || exit $? # 77: skipped

# rule_ids REPORT: the sorted, distinct rule IDs of the validator's results.
rule_ids() {
	node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const ids = new Set();
for (const run of r.runs || []) for (const res of run.results || []) ids.add(res.ruleId);
console.log([...ids].sort().join(" "));' "$1"
}

# --- good: cudalint's own output, and the hand-written minimal file
cp -R "$src/tests/cli/inputs/kernels" "$tmp/kernels"
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >"$tmp/kernels/broken.cu"
# a kernel the block simulation follows only up to a goto: a note-level
# notification ("partly analysed") beside the error one
printf '__global__ void t(float *d)\n{\n\t__shared__ float s[256];\n\ts[threadIdx.x] = d[threadIdx.x];\n\t__syncthreads();\n\tif (d[0] > 0)\n\t\tgoto out;\n\td[threadIdx.x] = s[255 - threadIdx.x];\nout:\n\td[256] = 0;\n}\n' >"$tmp/kernels/tail.cu"
(cd "$tmp" && git init -q . && "$cl" --no-cuda-toolkit --format=sarif -o cudalint.sarif kernels 2>/dev/null)
rc=$?
[ "$rc" = 2 ] || fail "cudalint on kernels/ with broken.cu: exit $rc, expected 2"
n=$(node -p 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).runs[0]; `${r.results.length} ${(r.invocations[0].toolExecutionNotifications || []).length}`' "$tmp/cudalint.sarif" 2>&1)
grep -q "device function 't' was partly analysed" "$tmp/cudalint.sarif" || fail "cudalint.sarif lacks the partly-analysed notification"
case $n in
"0 "* | *" 0" | *[!0-9\ ]*) fail "cudalint.sarif should hold results and a notification; has: $n (results, notifications)" ;;
*) echo "ok: cudalint.sarif holds $n (results, notifications)" ;;
esac
# findings with fixes: fixes[].artifactChanges[].replacements[] (docs/fixes.md)
mkdir -p "$tmp/fixes"
cp "$src"/tests/cli/inputs/fix/*.cu "$tmp/fixes/"
(cd "$tmp/fixes" && git init -q . && "$cl" --no-cuda-toolkit --format=sarif -o fixes.sarif fence.cu barrier.cu publish.cu 2>/dev/null)
nfix=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).runs[0].results.filter(r => r.fixes && r.fixes[0].artifactChanges[0].replacements.length).length' "$tmp/fixes/fixes.sarif" 2>&1)
[ "$nfix" = 5 ] || fail "fixes.sarif: $nfix results with fixes, expected 5"
for f in "$tmp/cudalint.sarif" "$tmp/fixes/fixes.sarif" "$here/good/minimal.sarif"; do
	if out=$(bash "$here/validate.sh" "$f" 2>&1); then
		echo "ok: $(basename "$f") validates: $(echo "$out" | tail -1)"
	else
		fail "$(basename "$f") should validate with 0 results: $out"
	fi
done

# --- bad: rejected with the expected rule IDs
nbad=0
while IFS= read -r line; do
	case $line in '#'* | '') continue ;; esac
	name=${line%%:*}
	want=$(echo "${line#*:}" | tr -s ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')
	nbad=$((nbad + 1))
	if out=$(bash "$here/validate.sh" --report "$tmp/$name.report" "$here/bad/$name" 2>&1); then
		fail "bad/$name validated clean; expected $want"
		continue
	fi
	[ -f "$tmp/$name.report" ] || { fail "bad/$name: the validator did not run: $out"; continue; }
	got=$(rule_ids "$tmp/$name.report")
	if [ "$got" = "$want" ]; then
		echo "ok: bad/$name rejected with $got"
		# the report's rule table: proof of which rule sets ran
		node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
for (const rule of r.runs[0].tool.driver.rules || []) console.log(`    ran ${rule.id} ${rule.name}`);' "$tmp/$name.report"
	else
		fail "bad/$name: validator reported '$got', expected '$want'; its output: $out"
	fi
done <"$here/bad/expected.txt"
[ "$nbad" -ge 2 ] || fail "bad/expected.txt lists $nbad files"
for f in "$here"/bad/*.sarif; do
	grep -q "^$(basename "$f"):" "$here/bad/expected.txt" || fail "bad/$(basename "$f") has no line in bad/expected.txt"
done
grep -q '^[^#].*GH[0-9]' "$here/bad/expected.txt" || fail "no bad file expects a GitHub (GH) rule"

[ "$failed" = 0 ] && echo "PASS sarif.validate"
exit "$failed"
