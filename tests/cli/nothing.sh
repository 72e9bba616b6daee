#!/bin/sh
# A run that finds nothing to analyse: one warning line for the whole run
# and exit status 0 (as ruff's "No Python files found"); a directory
# without CUDA files beside others that have some: a warning of its own.
. "$(dirname "$0")/lib.sh"
mkdir -p host/sub more cuda
: >host/main.cpp
: >host/sub/util.cpp
: >more/README
cp "$CLI/inputs/kernels/barrier.cu" cuda/k.cu

say "only host code: one line, exit status 0"
run --no-cuda-toolkit host
run --no-cuda-toolkit host more
say "the report is still written"
run --no-cuda-toolkit --format=json host
say "beside a directory with CUDA files: a warning for the one without"
run --no-cuda-toolkit host cuda
say "everything found excluded by the configuration"
printf 'exclude: ["*.cu"]\n' >cuda/.cudalint.yaml
run --no-cuda-toolkit cuda
rm cuda/.cudalint.yaml
say "with a path that does not exist: its error, the warning for the directory, exit status 2"
run --no-cuda-toolkit host no/such/dir
finish
