# Shared by every tests/hostile/*.sh: sourced, never run. Sets up a
# temporary directory (the working directory), the case runner and the
# assertions; each script ends with `finish`.
#
#   sh tests/hostile/NAME.sh CUDALINT
set -u
if [ $# -lt 1 ]; then
	echo "usage: $0 CUDALINT" >&2
	exit 2
fi
CUDALINT=$1
case $CUDALINT in /*) ;; *) CUDALINT=$(pwd)/$CUDALINT ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-hostile.XXXXXX") || exit 2
trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
cd "$T" || exit 2
export CUDALINT_CACHE_DIR="$T/cache"
FAILED=0
N=0
# a hang detector, not a speed target: generous, so a loaded machine
# passes (a PCH build and five plain parses of the toolkit's headers took
# 60 s under tools/loaded-suite's load)
LIMIT=${HOSTILE_TIMEOUT:-300}

fail() {
	echo "FAIL: $CASE: $*"
	FAILED=$((FAILED + 1))
}

# run CASE ALLOWED_STATUSES ARGS...  (cudalint's stdout in out, stderr in err)
run() {
	CASE=$1
	ALLOWED=$2
	shift 2
	N=$((N + 1))
	timeout -k 5 "$LIMIT" "$CUDALINT" "$@" >out 2>err </dev/null
	RC=$?
	case " $ALLOWED " in
	*" $RC "*) echo "ok:   $CASE (exit $RC)" ;;
	*)
		if [ "$RC" -eq 124 ] || [ "$RC" -eq 137 ]; then
			fail "timed out after ${LIMIT}s (want exit $ALLOWED)"
		elif [ "$RC" -ge 128 ]; then
			fail "killed by signal $((RC - 128)) (want exit $ALLOWED)"
		else
			fail "exit $RC, want $ALLOWED; stderr: $(head -c 300 err)"
		fi
		;;
	esac
}

# names FILE: stderr has a one-line "cudalint: error: FILE: reason"
names() {
	grep -q "^cudalint: error: $1[:0-9]*: ." err || fail "stderr does not say 'cudalint: error: $1: ...': $(head -c 300 err)"
}

# warns FILE: stderr has cudalint's "left out" warning for FILE
warns() {
	grep -q "^cudalint: warning: $1: .*left out" err || fail "no 'left out' warning for $1 on stderr: $(head -c 300 err)"
}

# finds: the report names the kernel's divergent barrier
finds() {
	grep -q "CL1001" out || fail "the CL1001 finding is missing from the report"
}

# valid_utf8 FILE
valid_utf8() {
	iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 || fail "$1 is not valid UTF-8"
}

# repeat N STRING: STRING N times, no newline
repeat() {
	awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'
}

# macro_bomb N TAIL: a kernel that assigns macro A<N>, 2^N tokens once
# expanded, and ends with TAIL
macro_bomb() {
	printf '#define A0 1+\n'
	i=1
	while [ $i -le "$1" ]; do
		printf '#define A%d A%d A%d\n' $i $((i - 1)) $((i - 1))
		i=$((i + 1))
	done
	printf '__global__ void k(float *d){d[0]=A%d 1;%s}\n' "$1" "$2"
}

NT=--no-cuda-toolkit
BAR='if (threadIdx.x < 32) __syncthreads();'
printf '__global__ void k(float *d)\n{\n\t%s\n}\n' "$BAR" >kernel.cu

finish() {
	echo "$(basename "$0" .sh): $N cases, $FAILED failed"
	[ "$FAILED" -eq 0 ]
}
