#!/bin/sh
# Cases for the sanitizer build (-DCUDALINT_SANITIZE=ON, docs/testing.md):
# each reaches a path where AddressSanitizer, LeakSanitizer or
# UndefinedBehaviorSanitizer once reported a bug in cudalint's own code.
# In that build a report exits with status 99 (tests/CMakeLists.txt), which
# no case allows; in a normal build they check the exit status and the
# output like any hostile case.
#
#   sh tests/hostile/sanitize.sh CUDALINT
. "$(dirname "$0")/lib.sh"

# --- the guard (guard.c) ------------------------------------------------------
# The address-space cap: under ASan it made every mapping fail, so a
# sanitizer build ignores it (the shadow memory alone is terabytes).
for mb in 0 2048 8192; do
	CUDALINT_MAX_MEMORY_MB=$mb run "memory-cap-$mb" "1" $NT kernel.cu
	finds
done

# The parse thread's alternate signal stack, unmapped by the sanitizer
# runtime when the thread exits: it was a static buffer.
run thread-exit "1" $NT kernel.cu
finds
cp kernel.cu kernel2.cu
run thread-exit/-j2 "1" $NT -j 2 kernel.cu kernel2.cu
finds

# --- null pointers with a zero length (UBSan: nonnull attribute) -------------
# qsort of an empty directory's names
mkdir -p empty nocuda
: >nocuda/README
run empty-dir "0" $NT empty
run no-cuda-in-dir "0" $NT nocuda

# a device method's implicit this->member, a call through a function name:
# expressions lowered with no children
printf 'struct S {\n\tint x;\n\t__device__ void f() { x = 1; g(); }\n\t__device__ void g() {}\n};\n' >method.cu
cat kernel.cu >>method.cu
run method.cu "1" $NT method.cu
finds

# --- buffers ----------------------------------------------------------------
# the "not a source file" message was one byte longer than its buffer
printf '\001\377\376 not source\n' >binary.cu
run binary.cu "2" $NT binary.cu
names binary.cu

# --- leaks on every way out of a run (LSan) ---------------------------------
run severity "1" $NT --severity CL1001=error --enable 'CL1*' --disable CL0001 kernel.cu
finds
printf 'clang-args: [-DX=1, -I, inc, -Iinc2]\nrules:\n  CL1001: on\n' >.cudalint.yaml
run config-found "1" $NT kernel.cu
finds
rm .cudalint.yaml
printf 'rules: [\n' >broken.yaml
run config-broken "2" $NT --config broken.yaml kernel.cu
names broken.yaml
printf 'rules:\n  CL9999: on\n' >unknown.yaml
run config-unknown-rule "2" $NT --config unknown.yaml kernel.cu
run enable-unknown-rule "2" $NT --enable CL9999 kernel.cu
run usage-error "2" $NT --bogus kernel.cu
run output-is-input "2" $NT -o kernel.cu kernel.cu
printf '{ not json' >baseline.json
run baseline-broken "2" $NT --baseline baseline.json kernel.cu
run write-baseline "0" $NT --write-baseline base.json kernel.cu
run baseline "0" $NT --baseline base.json kernel.cu
mkdir -p db
printf '[ nope' >db/compile_commands.json
run compdb-broken "2" $NT -p db kernel.cu
run json "1" $NT --format=json kernel.cu
run sarif "1" $NT --format=sarif kernel.cu
run missing-file "2" $NT kernel.cu no/such/file.cu

finish
