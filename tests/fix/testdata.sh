#!/bin/sh
# testdata.sh - every fix cudalint offers on testdata/ is applied and
# re-analysed (docs/fixes.md): for each file with a finding that has a fix,
# a copy in a temporary folder gets `--fix --unsafe-fixes`; then
#   - cudalint said how many findings it fixed, and at least one;
#   - on the fixed copy, every finding is one the original had (same rule
#     and message; lines may have moved), and there are exactly as many
#     fewer as were fixed: the fixed findings are gone, nothing new appears;
#   - the fixed copy has no fix left to apply (--diff exits 0), except
#     where a finding's fix overlapped another's and waits for a second run;
#   - `--diff` on the original printed a diff whose `patch -p0` gives the
#     same fixed file.
# Every rule with a fix must be exercised by at least one file.
#
# usage: tests/fix/testdata.sh CUDALINT SOURCE_DIR
NAME=fix
. "$(dirname "$0")/../lib/args.sh"
command -v jq >/dev/null 2>&1 || { echo "skip: jq not installed"; exit 77; }
command -v patch >/dev/null 2>&1 || { echo "skip: patch not installed"; exit 77; }

# the findings of a JSON report as sorted "RULE<TAB>message" lines
findings() {
	jq -r '.findings[] | select(.suppressed | not) | "\(.rule_id)\t\(.message)"' "$1" | sort
}

seen=""
n=0
for f in "$src"/testdata/*/*.cu; do
	rel=${f#"$src"/}
	args=$(sed -n 's|.*//[ \t]*cudalint-args:||p' "$f" | tr '\n' ' ')
	# shellcheck disable=SC2086
	"$cl" --no-color --format=json $args "$f" >"$tmp/before.json" 2>/dev/null
	fixes=$(jq '[.findings[] | select(.fix != null and (.suppressed | not))] | length' "$tmp/before.json" 2>/dev/null)
	[ "${fixes:-0}" -gt 0 ] || continue
	n=$((n + 1))
	rules=$(jq -r '.findings[] | select(.fix != null) | .rule_id' "$tmp/before.json" | sort -u | tr '\n' ' ')
	seen="$seen $rules"
	d=$tmp/w$n
	mkdir -p "$d/$(dirname "$rel")"
	cp "$f" "$d/$rel"
	cp "$f" "$d/$rel.orig"
	# shellcheck disable=SC2086
	(cd "$d" && "$cl" --no-color --diff --unsafe-fixes $args "$rel" >diff 2>diff.err)
	rc=$?
	[ $rc = 1 ] || fail "$rel: --diff exit $rc, expected 1 ($(cat "$d/diff.err"))"
	# shellcheck disable=SC2086
	(cd "$d" && "$cl" --no-color --fix --unsafe-fixes $args "$rel" >fix.out 2>fix.err)
	rc=$?
	[ $rc -le 1 ] || fail "$rel: --fix exit $rc ($(cat "$d/fix.err"))"
	nfixed=$(sed -n 's/^cudalint: note: fixed \([0-9]*\) finding.*/\1/p' "$d/fix.err")
	[ "${nfixed:-0}" -gt 0 ] || fail "$rel: --fix fixed nothing ($(cat "$d/fix.err"))"
	# the diff, applied to the original, gives the fixed file
	(cd "$d" && cp "$rel.orig" "$rel.patched" && patch -s -o - "$rel.patched" diff >"$rel.viapatch" 2>patch.err) ||
		fail "$rel: patch rejects the --diff output ($(cat "$d/patch.err"))"
	cmp -s "$d/$rel" "$d/$rel.viapatch" || fail "$rel: --diff and --fix disagree"
	# shellcheck disable=SC2086
	(cd "$d" && "$cl" --no-color --format=json $args "$rel" >after.json 2>/dev/null)
	findings "$tmp/before.json" >"$d/before.txt"
	findings "$d/after.json" >"$d/after.txt"
	new=$(comm -13 "$d/before.txt" "$d/after.txt")
	[ -z "$new" ] || fail "$rel: new findings after the fix: $new"
	nb=$(wc -l <"$d/before.txt")
	na=$(wc -l <"$d/after.txt")
	[ $((nb - na)) = "${nfixed:-0}" ] ||
		fail "$rel: $nb findings before, $na after, but $nfixed fixed"
	if ! grep -q "overlaps another fix" "$d/fix.err"; then
		# shellcheck disable=SC2086
		(cd "$d" && "$cl" --no-color --diff --unsafe-fixes $args "$rel" >/dev/null 2>&1)
		rc=$?
		[ $rc = 0 ] || fail "$rel: fixes left after --fix (--diff exit $rc)"
	fi
	echo "ok: $rel: $nfixed fixed ($(echo $rules))"
done
for r in CL2001 CL2003 CL2004 CL2005 CL4001 CL4002; do
	case " $seen " in *" $r "*) ;; *) fail "no testdata file exercises the fix of $r" ;; esac
done
[ $n -gt 0 ] || fail "no testdata file has a fix"
[ $failed = 0 ] && echo "fix: $n testdata files fixed and re-analysed"
exit $failed
