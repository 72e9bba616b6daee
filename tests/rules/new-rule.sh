#!/bin/sh
# new-rule.sh - tools/new-rule, run in a copy of the source tree (the
# working tree, uncommitted changes included):
#
#  - two rules added, one at the end of rules.def and one between two
#    rules, get their line in ID order, their C file, doc and testdata;
#  - the copy builds (cudalint only, about 10 s on 2 cores) and has the
#    two rules in --list-rules, the new doc in --explain, and the same
#    findings as CUDALINT for the existing rules (whose indices moved);
#  - the new testdata passes on neg_ and fails on pos_ only, with the
#    missing finding: the skeleton reports nothing;
#  - the new doc has the required headings (tests/rules/docs.sh);
#  - a taken ID or name and a malformed ID or name are refused, and the
#    tree is left as it was.
#
# usage: tests/rules/new-rule.sh CUDALINT SOURCE_DIR [LLVM_VERSION]
set -u
[ $# -ge 2 ] || {
	echo "usage: $0 CUDALINT SOURCE_DIR [LLVM_VERSION]" >&2
	exit 2
}
cl=$1
src=$(cd "$2" && pwd)
llvm=${3:-22}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-new-rule.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
export LC_ALL=C

t=$tmp/tree
mkdir -p "$t/tools" "$t/tests/rules" "$t/testdata"
cp -r "$src/CMakeLists.txt" "$src/cmake" "$src/src" "$src/rules" "$t/"
cp "$src/tools/new-rule" "$t/tools/"
cp "$src/tests/run_testdata.sh" "$t/tests/"
cp "$src/tests/rules/docs.sh" "$t/tests/rules/"
cd "$t" || exit 2

failed=0
fail() {
	echo "FAIL: $*"
	failed=1
}

# ---- adding --------------------------------------------------------------
for args in 'CL9002 async-copy-race' 'CL1999 warp-vote-mask'; do
	# shellcheck disable=SC2086 # two words on purpose
	tools/new-rule $args "Summary of ${args#* }" >"$tmp/out" 2>&1 ||
		fail "new-rule $args: exit status $?: $(cat "$tmp/out")"
done
ids=$(sed -n 's/^RULE[A-Z_]*(\(CL[0-9]*\),.*/\1/p' rules/rules.def)
[ "$ids" = "$(printf '%s\n' "$ids" | sort -u)" ] || fail "rules.def: IDs not in order, or twice: $ids"
grep -qx 'RULE(CL1999, "warp-vote-mask", WarpVoteMask, WARNING, 1, "medium", check_warp_vote_mask, "Summary of warp-vote-mask")' \
	rules/rules.def || fail "rules.def: no line for CL1999 as expected"
for f in rules/CL9002_async_copy_race.c rules/CL9002.md testdata/CL9002/pos_async_copy_race.cu \
	testdata/CL9002/neg_async_copy_race.cu rules/CL1999_warp_vote_mask.c rules/CL1999.md; do
	[ -s "$f" ] || fail "$f: not written"
done
grep -q '^void check_async_copy_race(struct cl_ctx \*cx, const struct ir_unit \*u)$' rules/CL9002_async_copy_race.c ||
	fail "rules/CL9002_async_copy_race.c: no check_async_copy_race"
grep -q '// expect: CL9002$' testdata/CL9002/pos_async_copy_race.cu || fail "pos_async_copy_race.cu: no expect comment"
! grep -q 'expect:' testdata/CL9002/neg_async_copy_race.cu || fail "neg_async_copy_race.cu: an expect comment"
sh tests/rules/docs.sh . >"$tmp/out" || fail "docs.sh: $(cat "$tmp/out")"

# ---- refusing ------------------------------------------------------------
snapshot() {
	find rules testdata -type f | sort | xargs cksum
}
snapshot >"$tmp/before"
refuse() { # WHY ARGS...: new-rule ARGS must fail and change nothing
	why=$1
	shift
	if tools/new-rule "$@" >"$tmp/out" 2>&1; then
		fail "new-rule $* ($why): accepted"
	elif ! grep -q '^new-rule: error: \|^usage:' "$tmp/out"; then
		fail "new-rule $* ($why): no error message: $(cat "$tmp/out")"
	fi
}
refuse "ID just added" CL9002 other-name "s"
refuse "existing ID" CL1001 other-name "s"
refuse "existing ID, table only" CL0001 other-name "s"
refuse "name just added" CL9003 async-copy-race "s"
refuse "existing name" CL9003 divergent-barrier "s"
for id in CL300 CL90031 cl3003 XX3003 CL3O03 CL-3003 ' CL9003' ''; do
	refuse "malformed ID" "$id" fine-name "s"
done
for name in Async async_copy -async async- async--copy 1async ''; do
	refuse "malformed name" CL9003 "$name" "s"
done
refuse "empty summary" CL9003 fine-name ""
refuse "summary closes the C comment" CL9003 fine-name "a */ b"
refuse "two arguments" CL9003 fine-name
mkdir testdata/CL9004
refuse "testdata/CL9004 exists" CL9004 fine-name "s"
rmdir testdata/CL9004
snapshot >"$tmp/after"
cmp -s "$tmp/before" "$tmp/after" || fail "a refused new-rule changed the tree: $(diff "$tmp/before" "$tmp/after")"

# ---- building ------------------------------------------------------------
if ! { cmake -S . -B build -DCUDALINT_TESTS=OFF -DCMAKE_BUILD_TYPE=Debug -DCUDALINT_LLVM_VERSION="$llvm" &&
	cmake --build build -j2 --target cudalint; } >"$tmp/build.log" 2>&1; then
	tail -30 "$tmp/build.log"
	fail "the tree with the new rules does not build"
	exit 1
fi
grep 'warning:' "$tmp/build.log" && fail "warnings building the new rules"
new=$t/build/cudalint

"$cl" --list-rules >"$tmp/list.old"
"$new" --list-rules >"$tmp/list.new"
diff "$tmp/list.old" "$tmp/list.new" | grep '^[<>]' >"$tmp/list.diff"
cat >"$tmp/list.want" <<'EOF'
> CL1999  warp-vote-mask                warning  on   Summary of warp-vote-mask
> CL9002  async-copy-race               warning  on   Summary of async-copy-race
EOF
cmp -s "$tmp/list.diff" "$tmp/list.want" || fail "--list-rules: other changes than the two rules: $(cat "$tmp/list.diff")"
# the doc, then a blank line and the address it is published at
"$new" --explain async-copy-race | head -n "$(wc -l <rules/CL9002.md)" | cmp -s - rules/CL9002.md ||
	fail "--explain CL9002 does not start with rules/CL9002.md"
"$new" --explain async-copy-race | tail -n 1 | grep -q '^Documentation: .*/rules/CL9002\.md$' ||
	fail "--explain CL9002 does not end with the doc's address"

# The rules after CL1999 moved one index down: the same findings still.
for d in "$src"/testdata/CL*/; do
	set -- "$d"pos_*.cu
	"$cl" --no-color "$1" >"$tmp/old" 2>&1
	"$new" --no-color "$1" >"$tmp/new" 2>&1
	cmp -s "$tmp/old" "$tmp/new" || fail "$1: other findings with the new rules: $(diff "$tmp/old" "$tmp/new")"
done

sh tests/run_testdata.sh "$new" testdata CL9002 >"$tmp/out" 2>&1
if ! grep -q '^FAIL testdata/CL9002/pos_async_copy_race.cu: missing CL9002 at line 7$' "$tmp/out" ||
	[ "$(tail -1 "$tmp/out")" != '1 passed, 1 failed' ]; then
	fail "testdata/CL9002: expected neg_ to pass and pos_ to miss its finding: $(cat "$tmp/out")"
fi

[ "$failed" -eq 0 ] && echo "new-rule: all checks passed"
exit "$failed"
