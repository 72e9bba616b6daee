#!/bin/sh
# Usage errors and files that cannot be analysed: exit status 2, one
# "cudalint: error: ..." line each.
. "$(dirname "$0")/lib.sh"
input kernels

say "a path that does not exist: the other files are still reported; exit status 2"
run --no-cuda-toolkit kernels/barrier.cu no/such/file.cu

say "a syntax error in a kernel: that kernel is named as not analysed, the rest reported; exit status 2"
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
run --no-cuda-toolkit broken.cu kernels/loop.cu

say "errors in host code: one note, the kernel analysed, the exit status that of the findings"
printf 'void h() { nope(); nope2(); }\n__global__ void k(int *p)\n{\n\tif (p[threadIdx.x]) __syncthreads();\n}\n' >host.cu
run --no-cuda-toolkit host.cu
say "-v prints every clang error"
run --no-cuda-toolkit -v host.cu

say "a broken kernel with --unanalysed=warning (or unanalysed: warning): a warning, exit status 0"
run --no-cuda-toolkit --unanalysed=warning broken.cu
printf 'unanalysed: warning\n' >cfg.yaml
run --no-cuda-toolkit --config cfg.yaml broken.cu
printf 'unanalysed: maybe\n' >bad.yaml
run --no-cuda-toolkit --config bad.yaml broken.cu
run --no-cuda-toolkit --unanalysed=sometimes broken.cu

say "no function at all, only errors: the file is not analysed"
printf 'this is not C++ ;\n' >garbage.cu
run --no-cuda-toolkit --unanalysed=warning garbage.cu

say "usage errors"
run --no-cuda-toolkit --format=bogus kernels
run --no-cuda-toolkit --format
run --no-cuda-toolkit --bogus kernels
run --no-cuda-toolkit
run --no-cuda-toolkit --color=sometimes kernels
run --no-cuda-toolkit --cuda-arch=80 kernels
run --no-cuda-toolkit --fail-on=fatal kernels
run --no-cuda-toolkit kernels -o
run --no-cuda-toolkit kernels -j
run --no-cuda-toolkit --quiet=yes kernels
run --no-cuda-toolkit -x kernels

say "long options (getopt_long): an unambiguous abbreviation is the option, an ambiguous one is an error naming the candidates; a value may follow as the next argument"
run --no-cuda-toolkit --no-show kernels/barrier.cu --fail error
run --no-cuda-toolkit --no-c kernels
run --no-cuda-toolkit -std c++17 kernels/clean.cu

say "a --cuda-path without a toolkit"
run --cuda-path=no/such/toolkit kernels/clean.cu
finish
