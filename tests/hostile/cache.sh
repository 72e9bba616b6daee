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

finish
