#!/bin/sh
# Usage errors and files that cannot be analysed: exit status 2, one
# "cudalint: error: ..." line each.
. "$(dirname "$0")/lib.sh"
input kernels

say "a path that does not exist: the other files are still reported; exit status 2"
run --no-cuda-toolkit kernels/barrier.cu no/such/file.cu

say "a syntax error: clang's error, then cudalint's; exit status 2"
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
run --no-cuda-toolkit broken.cu kernels/loop.cu

say "usage errors"
run --no-cuda-toolkit --format=bogus kernels
run --no-cuda-toolkit --format
run --no-cuda-toolkit --bogus kernels
run --no-cuda-toolkit
run --no-cuda-toolkit --color=sometimes kernels
run --no-cuda-toolkit --cuda-arch=80 kernels
run --no-cuda-toolkit --fail-on=fatal kernels
run --no-cuda-toolkit kernels -o

say "a --cuda-path without a toolkit"
run --cuda-path=no/such/toolkit kernels/clean.cu
finish
