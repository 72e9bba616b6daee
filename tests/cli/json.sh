#!/bin/sh
# JSON output (docs/json-schema.md): findings, suppressed findings, failures.
. "$(dirname "$0")/lib.sh"
input kernels suppress_file.cu

say "the kernels directory"
run --no-cuda-toolkit --format=json kernels

say "--report-suppressed includes suppressed findings, marked"
run --no-cuda-toolkit --format json --report-suppressed suppress_file.cu

say "a file that cannot be parsed is listed under failures; exit status 2"
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
run --no-cuda-toolkit --format=json kernels/barrier.cu broken.cu missing.cu
finish
