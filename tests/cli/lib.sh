# lib.sh - helpers for the command-line tests (POSIX sh), sourced by each
# tests/cli/*.sh as
#
#     . "$(dirname "$0")/lib.sh"      with "$@" = CUDALINT SOURCE_DIR
#
# A test works in a fresh temporary directory ($W, also the current
# directory), runs cudalint there with `run ARGS...`, and finally calls
# `finish`, which compares the transcript - each command, its stdout, its
# stderr and its exit status - with tests/cli/expected/NAME.out, where NAME
# is the script's name. The temporary directory is written as <TMP> in the
# transcript. Set CUDALINT_BLESS=1 to (re)write the expected file instead.
# `check COND MESSAGE` records a failed assertion that is not part of the
# transcript. Exit status: 0 pass, 1 fail, 77 skipped.

set -u
if [ $# -lt 2 ]; then
	echo "usage: $0 CUDALINT SOURCE_DIR" >&2
	exit 2
fi
CUDALINT=$1
SRC=$(cd "$2" && pwd)
CLI=$SRC/tests/cli
NAME=$(basename "$0" .sh)
EXPECTED=$CLI/expected/$NAME.out
case $CUDALINT in /*) ;; *) CUDALINT=$(pwd)/$CUDALINT ;; esac
if [ ! -x "$CUDALINT" ]; then
	echo "$0: $CUDALINT: not an executable file" >&2
	exit 2
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-cli.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
W=$T/w
mkdir "$W"
TR=$T/transcript
: >"$TR"
FAILED=0
cd "$W" || exit 2
# What the transcript shows as <TMP>: both spellings of the directory.
TREAL=$(cd "$T" && pwd -P)

export LC_ALL=C
unset NO_COLOR CUDA_PATH CUDA_HOME

# say TEXT: a comment line in the transcript.
say() {
	printf '\n# %s\n' "$*" >>"$TR"
}

# run ARGS...: runs cudalint in the current directory, records the command,
# stdout, stderr and exit status; $RC holds the status, $T/out and $T/err
# the output.
run() {
	printf '$ cudalint %s\n' "$*" >>"$TR"
	run_from /dev/null "$@"
}

# run_stdin FILE ARGS...: like run, with standard input from FILE.
run_stdin() {
	in=$1
	shift
	printf '$ cudalint %s <%s\n' "$*" "$in" >>"$TR"
	run_from "$in" "$@"
}

# run_from FILE ARGS...: what run and run_stdin share, after the command.
run_from() {
	in=$1
	shift
	"$CUDALINT" "$@" >"$T/out" 2>"$T/err" <"$in"
	RC=$?
	cat "$T/out" >>"$TR"
	if [ -s "$T/err" ]; then
		echo "--- stderr" >>"$TR"
		cat "$T/err" >>"$TR"
	fi
	echo "--- exit $RC" >>"$TR"
}

# quiet ARGS...: like run, but only the exit status goes to the transcript.
quiet() {
	printf '$ cudalint %s  (output not shown)\n' "$*" >>"$TR"
	"$CUDALINT" "$@" >"$T/out" 2>"$T/err" </dev/null
	RC=$?
	echo "--- exit $RC" >>"$TR"
}

# show FILE...: appends files (a report written with -o, a baseline).
show() {
	for f in "$@"; do
		echo "--- $f" >>"$TR"
		cat "$f" >>"$TR"
	done
}

fail() {
	echo "FAIL $NAME: $*" >&2
	FAILED=1
}

# check 'SHELL CONDITION' MESSAGE
check() {
	eval "$1" || fail "$2"
}

# input NAME...: copies tests/cli/inputs/NAME (file or directory) here.
input() {
	for f in "$@"; do
		cp -R "$CLI/inputs/$f" . || exit 2
	done
}

# need_toolkit: a test of the precompiled toolkit header is skipped (77)
# without a CUDA toolkit in /usr/local/cuda, or without the flock command.
need_toolkit() {
	if [ ! -r /usr/local/cuda/include/cuda_runtime.h ]; then
		echo "skip: no CUDA toolkit"
		exit 77
	fi
	if ! command -v flock >/dev/null 2>&1; then
		echo "skip: no flock command"
		exit 77
	fi
}

# toolkit_pch FILE [ARGS...]: a run on FILE (its exit status in the
# transcript) with a flag set that has no toolkit PCH yet starts its build
# in $CUDALINT_CACHE_DIR, waited for here (one more PCH than before, and
# the lock free) with a generous bound: a build that never ends fails the
# check below instead of hanging the test.
toolkit_pch() {
	before=$(ls "$CUDALINT_CACHE_DIR" 2>/dev/null | grep -c '^cuda-.*\.pch$')
	quiet --no-cache-results "$@"
	i=0
	while [ $i -lt 3000 ] && ! { [ "$(ls "$CUDALINT_CACHE_DIR" | grep -c '^cuda-.*\.pch$')" -gt "$before" ] &&
		flock -n "$CUDALINT_CACHE_DIR/pch.lock" true; }; do
		sleep 0.2
		i=$((i + 1))
	done
	check '[ "$(ls "$CUDALINT_CACHE_DIR" | grep -c "^cuda-.*\.pch$")" -gt "$before" ]' "no new toolkit PCH: $(ls "$CUDALINT_CACHE_DIR")"
}

finish() {
	sed -e "s|$TREAL|<TMP>|g" -e "s|$T|<TMP>|g" "$TR" >"$T/actual"
	if [ "${CUDALINT_BLESS:-}" ]; then
		cp "$T/actual" "$EXPECTED"
		echo "blessed $EXPECTED" >&2
	elif [ ! -f "$EXPECTED" ]; then
		fail "no expected output $EXPECTED (run with CUDALINT_BLESS=1)"
	elif ! cmp -s "$EXPECTED" "$T/actual"; then
		diff -u "$EXPECTED" "$T/actual" >&2
		fail "output differs from $EXPECTED (diff above; CUDALINT_BLESS=1 rewrites it)"
	fi
	[ "$FAILED" = 0 ] && echo "PASS $NAME"
	exit "$FAILED"
}
