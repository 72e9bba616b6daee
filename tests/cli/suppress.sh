#!/bin/sh
# Suppression comments of every form, matching and not; CL0001.
. "$(dirname "$0")/lib.sh"
input suppress.cu suppress_file.cu
cksum suppress.cu suppress_file.cu >"$T/sums"

say "default: the findings no comment covers, plus malformed suppressions (CL0001)"
run --no-cuda-toolkit suppress.cu suppress_file.cu

say "--report-suppressed shows the silenced ones too"
run --no-cuda-toolkit --report-suppressed suppress.cu suppress_file.cu

say "--warn-unused-suppressions: CL0001 for each suppression that silenced nothing"
run --no-cuda-toolkit --warn-unused-suppressions suppress.cu suppress_file.cu
say "the same with --enable CL0001 or --enable unused-suppression"
quiet --no-cuda-toolkit --enable CL0001 suppress.cu suppress_file.cu
cp "$T/out" "$T/enable"
"$CUDALINT" --no-cuda-toolkit --warn-unused-suppressions suppress.cu suppress_file.cu >"$T/warn" 2>/dev/null
check "cmp -s '$T/enable' '$T/warn'" "--enable CL0001 differs from --warn-unused-suppressions"
quiet --no-cuda-toolkit --enable unused-suppression suppress.cu suppress_file.cu
check "cmp -s '$T/out' '$T/warn'" "--enable unused-suppression differs from --warn-unused-suppressions"

say "config rules: CL0001: on does the same; --disable CL0001 turns it off again"
printf 'rules:\n  CL0001: on\n' >.cudalint.yaml
quiet --no-cuda-toolkit suppress.cu suppress_file.cu
check "cmp -s '$T/out' '$T/warn'" "config CL0001: on differs from --warn-unused-suppressions"
run --no-cuda-toolkit --disable CL0001 suppress.cu
rm .cudalint.yaml

say "CL0001 at level note does not fail the run by itself; with --fail-on=note it does"
printf '__global__ void k(float *d)\n{\n\td[0] = 1.0f; // cudalint: ignore[CL1001]\n}\n' >unused.cu
run --no-cuda-toolkit --warn-unused-suppressions unused.cu
run --no-cuda-toolkit --warn-unused-suppressions --fail-on=note unused.cu

cksum suppress.cu suppress_file.cu | cmp -s - "$T/sums" || fail "the inputs changed"
finish
