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
E=$(find cache/results -type f -name '*.entry' | head -n 1)
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

# the temporary files of runs killed while storing an entry: looked for
# once a day, with the eviction below (the stamp file "evicted"), so that a
# hit does not read a directory of many entries. Within the day an old one
# stays; once the stamp is a day old, an old one is swept and a young one
# (a run still writing it) is left alone
[ -e cache/results/evicted ] || fail "the first run with the result cache left no stamp file 'evicted'"
touch cache/results/evicted
: >cache/results/0123.entry.tmpAbCdEf
touch -d '2 hours ago' cache/results/0123.entry.tmpAbCdEf
: >cache/results/4567.entry.tmpGhIjKl
run entry-temporaries-kept "1" $NT --cache-results rk.cu
[ -e cache/results/0123.entry.tmpAbCdEf ] || fail "the results directory was swept twice in a day"
touch -d '2 days ago' cache/results/evicted
run entry-temporaries "1" $NT --cache-results rk.cu
[ -e cache/results/0123.entry.tmpAbCdEf ] && fail "an old temporary entry file was not swept"
[ -e cache/results/4567.entry.tmpGhIjKl ] || fail "a young temporary entry file was removed"
[ -n "$(find cache/results/evicted -newermt '1 hour ago')" ] || fail "the sweep did not renew the stamp file"
rm -f cache/results/4567.entry.tmpGhIjKl

# entries unused for 30 days are evicted (looked for once a day: the stamp
# file "evicted" is made old to allow it); one used lately stays, and a
# hit renews an entry's last use
: >cache/results/89ab.entry
touch -d '40 days ago' cache/results/89ab.entry
: >cache/results/cdef.entry
touch -d '20 days ago' cache/results/cdef.entry "$E"
touch -d '2 days ago' cache/results/evicted
run entry-evicted "1" $NT --cache-results rk.cu
finds
[ -e cache/results/89ab.entry ] && fail "an entry unused for 40 days was not evicted"
[ -e cache/results/cdef.entry ] || fail "an entry used 20 days ago was evicted"
[ -n "$(find "$E" -newermt '1 hour ago')" ] || fail "a hit did not renew the entry's last use"

# --- the precompiled toolkit header -----------------------------------------
CUDA=
for d in "${CUDA_PATH:-}" "${CUDA_HOME:-}" /usr/local/cuda; do
	if [ -n "$d" ] && [ -r "$d/include/cuda_runtime.h" ]; then
		CUDA=$d
		break
	fi
done
# --no-cache-results with it below: the result cache would answer for
# tk.cu, and no PCH would be loaded
TK="--cuda-path=$CUDA"
# pch_warned TEXT: stderr is one line, a warning about the PCH (tk.cu has
# nothing else to say)
pch_warned() {
	[ "$(wc -l <err)" = 1 ] && grep -q "^cudalint: warning: .*\.pch: $1" err ||
		fail "want stderr to be one 'cudalint: warning: ....pch: $1' line: $(head -c 400 err)"
}

if [ -z "$CUDA" ]; then
	echo "skip: the precompiled toolkit header (no CUDA toolkit)"
else
	export CUDALINT_CACHE_DIR="$T/pch"
	{ printf '#include <cuda_runtime.h>\n'; cat kernel.cu; } >tk.cu
	# No run waits for the PCH: a detached process builds it, under the
	# lock, while the runs parse without it. The cases below wait for it
	# to end (pch_settled) before they look at what it left.
	FG="c1.cu c2.cu c3.cu c4.cu"
	for c in $FG; do printf '__global__ void k(int *p) { p[threadIdx.x] = 0; }\n' >$c; done
	# pch_settled: waits, up to LIMIT s, for the build to end (the lock free)
	pch_settled() {
		i=0
		while [ $i -lt $((LIMIT * 5)) ] && ! flock -n "$CUDALINT_CACHE_DIR/pch.lock" true 2>/dev/null; do
			sleep 0.2
			i=$((i + 1))
		done
	}

	# Three cold runs at once, the build stalled for 10 s by a test hook:
	# one starts it, and none waits for it (the files are parsed without
	# the PCH, several at once on a loaded machine: no tight file time
	# limit here).
	N=$((N + 1))
	CASE=pch-cold-parallel
	for i in 1 2 3; do
		(
			CUDALINT_TEST_STALL_PCH_BUILD=10 timeout -k 5 $((LIMIT * 2)) "$CUDALINT" -v "$TK" --no-cache-results tk.cu $FG >out$i 2>err$i </dev/null
			echo $? >rc$i
		) &
	done
	wait
	ok=1
	for i in 1 2 3; do
		if [ "$(cat rc$i)" != 1 ] || ! grep -q CL1001 out$i; then
			fail "run $i: exit $(cat rc$i), want 1 with the finding; stderr: $(head -c 300 err$i)"
			ok=0
		fi
	done
	builds=$(cat err1 err2 err3 | grep -c 'building the precompiled toolkit header')
	[ "$builds" = 1 ] || { fail "$builds of the 3 runs built the precompiled header, want 1"; ok=0; }
	[ $ok = 1 ] && echo "ok:   $CASE"
	pch_settled
	PCH=$(ls "$CUDALINT_CACHE_DIR"/cuda-*.pch 2>/dev/null | head -n 1)
	[ -n "$PCH" ] || PCH=$CUDALINT_CACHE_DIR/missing.pch

	# A file whose errors lie in a system header (a template it
	# instantiates) is parsed once, with the PCH: the parses are counted
	# (a test hook), not timed.
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
	export CUDALINT_TEST_TRACE_PARSES=1
	run pch-errors-parsed-once "1" "$TK" --no-cache-results errs.cu
	unset CUDALINT_TEST_TRACE_PARSES
	finds
	parses=$(grep -c '^cudalint: test: parsing' err)
	[ "$parses" = 1 ] && grep -q '^cudalint: test: parsing .*errs.cu with the precompiled' err ||
		fail "$parses parses, want one with the precompiled header: $(grep '^cudalint: test:' err)"

	# A FIFO in the PCH's place, and the leftovers of killed builds: the
	# next build replaces the one and removes the others.
	# Other PCHs, of flag sets used 1 to 5 hours ago and 40 days ago: with
	# CUDALINT_PCH_KEEP=3, the build keeps itself and the two used last,
	# and evicts the rest with their headers.
	rm -f "$PCH"
	mkfifo "$PCH"
	: >"$PCH.999999.tmp"
	: >"$CUDALINT_CACHE_DIR/cuda-0123.pch.999998.tmp"
	for k in 1 2 3 4 5; do
		: >"$CUDALINT_CACHE_DIR/cuda-fake$k.pch"
		: >"$CUDALINT_CACHE_DIR/cuda-fake$k.cuh"
		touch -d "$k hours ago" "$CUDALINT_CACHE_DIR/cuda-fake$k.pch"
	done
	: >"$CUDALINT_CACHE_DIR/cuda-fakeold.pch"
	touch -d '40 days ago' "$CUDALINT_CACHE_DIR/cuda-fakeold.pch"
	export CUDALINT_PCH_KEEP=3
	run pch-fifo "1" "$TK" --no-cache-results tk.cu $FG
	unset CUDALINT_PCH_KEEP
	finds
	pch_settled
	[ -f "$PCH" ] && [ ! -p "$PCH" ] || fail "the FIFO was not replaced by a built PCH"
	CASE=pch-evicted
	N=$((N + 1))
	kept=$(cd "$CUDALINT_CACHE_DIR" && ls cuda-fake* | tr '\n' ' ')
	if [ "$kept" = "cuda-fake1.cuh cuda-fake1.pch cuda-fake2.cuh cuda-fake2.pch " ] && [ -f "$PCH" ]; then
		echo "ok:   $CASE"
	else
		fail "want the new PCH and cuda-fake1, cuda-fake2 (.pch, .cuh) kept, have: $kept"
	fi
	CASE=pch-leftovers
	N=$((N + 1))
	if ls "$CUDALINT_CACHE_DIR" | grep -q '\.tmp'; then
		fail "temporary files of killed builds are still there: $(ls "$CUDALINT_CACHE_DIR" | grep '\.tmp')"
	else
		echo "ok:   $CASE"
	fi

	# A damaged PCH: libclang cannot load it; it is built again.
	[ -f "$PCH" ] && [ ! -p "$PCH" ] || { rm -f "$PCH"; : >"$PCH"; } # never read a FIFO here
	head -c 4096 "$PCH" >pch.cut
	cat pch.cut >"$PCH"
	run pch-truncated "1" "$TK" --no-cache-results tk.cu $FG
	finds
	pch_settled
	[ "$(wc -c <"$PCH")" -gt 100000 ] || fail "the damaged PCH was kept ($(wc -c <"$PCH") bytes)"

	# Flag sets that differ only in a project's include directories share
	# the PCH (no second build); a directory that holds another file under
	# the name of a header the PCH holds keeps the PCH from being used (the
	# file would meet the toolkit's copy already in the unit), and -v says
	# which file.
	mkdir -p inc1 shadow
	: >shadow/vector
	run pch-shared-include-dirs "1" -v "$TK" --no-cache-results -Iinc1 tk.cu $FG
	finds
	grep -q 'building' err && fail "a project include directory made another PCH: $(head -c 300 err)"
	run pch-shadowing-dir "1" -v "$TK" --no-cache-results -Ishadow tk.cu $FG
	finds
	grep -q 'building' err && fail "a shadowing directory made another PCH: $(head -c 300 err)"
	grep -q '^cudalint: note: not using the precompiled toolkit header: shadow/vector, on the include path, shadows the toolkit.s <vector>' err ||
		fail "a directory with a 'vector' in it did not turn the PCH off: $(head -c 300 err)"

	# Another run holds the build lock and never finishes: nobody waits
	# for it; the files are parsed without the PCH, and nothing is said.
	export CUDALINT_CACHE_DIR="$T/pch-locked"
	mkdir -p "$CUDALINT_CACHE_DIR"
	if command -v flock >/dev/null 2>&1; then
		# -o: only flock(1) holds the lock, and it ends with the sleep
		flock -o "$CUDALINT_CACHE_DIR/pch.lock" sh -c 'echo $$ >holder.pid; exec sleep 30' &
		holder=$!
		while [ ! -s holder.pid ]; do sleep 0.1; done
		run pch-lock-held "1" "$TK" --no-cache-results tk.cu $FG
		finds
		[ -s err ] && fail "want nothing on stderr: $(head -c 300 err)"
		kill "$(cat holder.pid)" 2>/dev/null
		wait $holder 2>/dev/null
	else
		echo "skip: pch-lock-held (no flock command)"
	fi

	# A run does not wait for a build: it parses without the PCH, and a
	# detached process builds it for the next run.
	export CUDALINT_CACHE_DIR="$T/pch-bg"
	run pch-background "1" -v "$TK" --no-cache-results tk.cu
	finds
	grep -q 'building the precompiled toolkit header in the background' err ||
		fail "no note of a background build: $(head -c 300 err)"
	i=0
	while [ $i -lt $((LIMIT * 5)) ] && ! ls "$CUDALINT_CACHE_DIR"/cuda-*.pch >/dev/null 2>&1; do
		sleep 0.2
		i=$((i + 1))
	done
	CASE=pch-background-built
	N=$((N + 1))
	if ls "$CUDALINT_CACHE_DIR"/cuda-*.pch >/dev/null 2>&1; then echo "ok:   $CASE"; else fail "no PCH after $LIMIT s"; fi
	while ! flock -n "$CUDALINT_CACHE_DIR/pch.lock" true 2>/dev/null; do sleep 0.2; done
	run pch-background-used "1" -v "$TK" --no-cache-results tk.cu
	finds
	grep -q 'building' err && fail "the next run built the PCH again: $(head -c 300 err)"

	# A build that fails (here: it takes longer than CUDALINT_PCH_TIMEOUT,
	# stalled for 30 s by a test hook) is stopped, and recorded beside the
	# PCH: the next run says why in one warning, and does not start it again.
	export CUDALINT_CACHE_DIR="$T/pch-bg-slow"
	export CUDALINT_PCH_TIMEOUT=1 CUDALINT_TEST_STALL_PCH_BUILD=30
	run pch-background-fails "1" "$TK" --no-cache-results tk.cu
	unset CUDALINT_TEST_STALL_PCH_BUILD
	i=0
	while [ $i -lt $((LIMIT * 5)) ] && ! ls "$CUDALINT_CACHE_DIR"/cuda-*.pch* 2>/dev/null | grep -q 'failed$\|pch$'; do
		sleep 0.2
		i=$((i + 1))
	done
	if ls "$CUDALINT_CACHE_DIR"/cuda-*.pch >/dev/null 2>&1; then
		fail "a background build stalled for 30 s was not stopped after 1 s"
	else
		run pch-background-failed "1" "$TK" --no-cache-results tk.cu
		finds
		pch_warned "the precompiled toolkit header could not be built (it took longer"
	fi
	unset CUDALINT_PCH_TIMEOUT

	# A cache on a full file system: libclang aborts while writing the PCH;
	# the run after the build says so.
	mkdir full
	FULL=
	for u in "unshare -m" "unshare -r -m"; do
		if $u sh -c 'mount -t tmpfs -o size=1M tmpfs "$1"' sh "$T/full" 2>/dev/null; then
			FULL=$u
			break
		fi
	done
	if [ -n "$FULL" ]; then
		N=$((N + 1))
		CASE=pch-disk-full
		timeout -k 5 "$LIMIT" $FULL sh -c 'mount -t tmpfs -o size=1M tmpfs "$1" && c=$1 && shift &&
			"$@" >/dev/null 2>&1 </dev/null
			while ! flock -n "$c/pch.lock" true; do sleep 0.2; done
			exec "$@"' \
			sh "$T/full" env CUDALINT_CACHE_DIR="$T/full" "$CUDALINT" "$TK" --no-cache-results tk.cu $FG >out 2>err </dev/null
		RC=$?
		if [ "$RC" = 1 ]; then echo "ok:   $CASE (exit 1)"; else fail "exit $RC, want 1: $(head -c 300 err)"; fi
		finds
		pch_warned "the precompiled toolkit header could not be built"
	else
		echo "skip: pch-disk-full (no small tmpfs can be mounted here)"
	fi
fi

finish
