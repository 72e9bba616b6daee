#!/bin/sh
# Hostile caches and inputs besides the sources: no file that cudalint reads
# may hang it (a FIFO, a device), no damaged cache may turn into a silent
# pass, and the precompiled toolkit header (PCH) may make a run slower at
# worst, never fail it: a build that fails, takes too long, fills the disk
# or waits on another run's build falls back to a plain parse with one
# warning line.
#
#   sh tests/hostile/cache.sh CUDALINT
#
# The PCH cases need a CUDA toolkit (they are skipped without one). One
# build takes seconds, so they share one cache directory and rebuild only
# where the case is about a rebuild.
. "$(dirname "$0")/lib.sh"

# notreg FILE: stderr has exactly "cudalint: error: FILE: not a regular file"
notreg() {
	grep -qx "cudalint: error: $1: not a regular file" err ||
		fail "stderr does not say '$1: not a regular file': $(head -c 300 err)"
}

# --- user-given files that are not regular files ----------------------------
mkfifo fifo
ln -s /dev/zero zero
run config-fifo "2" $NT --config fifo kernel.cu
notreg fifo
run config-dev-zero "2" $NT --config zero kernel.cu
notreg zero
run baseline-fifo "2" $NT --baseline fifo kernel.cu
notreg fifo
run baseline-dev-zero "2" $NT --baseline zero kernel.cu
notreg zero
mkdir db
mkfifo db/compile_commands.json
run compdb-fifo "2" $NT -p db kernel.cu
notreg db/compile_commands.json

# an nvcc response file named by a compile command
mkdir rsp
cp kernel.cu rsp/
mkfifo rsp/opts.rsp
printf '[{"directory":"%s","command":"nvcc --options-file opts.rsp -c kernel.cu","file":"kernel.cu"}]\n' \
	"$T/rsp" >rsp/compile_commands.json
run rsp-fifo "1" $NT -p rsp rsp/kernel.cu
finds

# the source is hashed for its result-cache key before it is parsed
mkfifo fifo.cu
run cache-key-source-fifo "2" $NT --cache-results fifo.cu
notreg fifo.cu

# --- result-cache entries ---------------------------------------------------
# A file modified within the last second is not stored: make it older.
cp kernel.cu rk.cu
touch -d '2020-01-01' rk.cu
run entry-stored "1" $NT --cache-results rk.cu
finds
E=$(find cache/results -type f | head -n 1)
if [ -z "$E" ]; then
	fail "no result-cache entry was written"
	E=cache/results/missing
fi
# entry_repaired CASE: the run analysed the file again (the report has the
# finding) and left a regular entry that holds it
entry_repaired() {
	finds
	if [ -L "$E" ] || [ ! -f "$E" ] || ! grep -q CL1001 "$E"; then
		fail "the entry was not rewritten: $(ls -l "$E" 2>&1)"
	fi
}

# an entry edited to hold no findings: not a silent pass
sed 's/"findings":\[.*\],"failures"/"findings":[],"failures"/' "$E" >entry.edited
cat entry.edited >"$E"
grep -q CL1001 "$E" && fail "the edit did not remove the finding from the entry"
run entry-edited "1" $NT --cache-results rk.cu
entry_repaired

head -c 2000 /dev/urandom >"$E"
run entry-garbage "1" $NT --cache-results rk.cu
entry_repaired

rm -f "$E"
mkfifo "$E"
run entry-fifo "1" $NT --cache-results rk.cu
entry_repaired

rm -f "$E"
ln -s /dev/zero "$E"
run entry-dev-zero "1" $NT --cache-results rk.cu
entry_repaired

# --- the precompiled toolkit header -----------------------------------------
CUDA=
for d in "${CUDA_PATH:-}" "${CUDA_HOME:-}" /usr/local/cuda; do
	if [ -n "$d" ] && [ -r "$d/include/cuda_runtime.h" ]; then
		CUDA=$d
		break
	fi
done
TK="--cuda-path=$CUDA"

if [ -z "$CUDA" ]; then
	echo "skip: the precompiled toolkit header (no CUDA toolkit)"
else
	export CUDALINT_CACHE_DIR="$T/pch"
	{ printf '#include <cuda_runtime.h>\n'; cat kernel.cu; } >tk.cu

	run pch-warm "1" "$TK" tk.cu
	finds

	# A file whose errors lie in a system header (a template it
	# instantiates) is parsed once, with the PCH: a second, plain parse of
	# these headers takes longer than its time limit.
	cat >errs.cu <<-'EOF'
		#include <cuda_runtime.h>
		#include <cooperative_groups.h>
		#include <cuda/atomic>
		#include <cuda/barrier>
		#include <vector>
		#include <algorithm>
		struct S { int a; };
		void sort_them(std::vector<S> &v) { std::sort(v.begin(), v.end()); }
	EOF
	cat kernel.cu >>errs.cu
	export CUDALINT_FILE_TIMEOUT=1
	run pch-errors-parsed-once "1" "$TK" errs.cu
	unset CUDALINT_FILE_TIMEOUT
	finds
fi

finish
