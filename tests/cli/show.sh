#!/bin/sh
# --show-config and --show-files: what a run would use, printed instead of
# analysing (as ruff's --show-settings and --show-files); exit status 0,
# 2 for a path that does not exist or a bad configuration.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/a/b proj/generated proj/include proj/host
cp "$CLI/inputs/kernels/barrier.cu" proj/a/b/k.cu
cp "$CLI/inputs/kernels/barrier.cu" proj/a/b/k.cuh
cp "$CLI/inputs/kernels/exit.cu" proj/generated/gen.cu
cp "$CLI/inputs/kernels/exit.cu" proj/top.cu
: >proj/host/main.cpp
cat >proj/.cudalint.yaml <<'Y'
rules:
  "CL2*": off
severity:
  divergent-barrier: error
exclude: [generated]
per-file-ignores:
  "a/**/*.cuh": [CL1001]
clang-args: [-Iinclude, -DFAST=1]
cuda-arch: sm_80
fail-on: error
Y

say "the configuration of a directory, and of a file (where per-file-ignores turn CL1001 off)"
run --show-config proj
run --show-config proj/a/b/k.cuh
say "a nested file that extends it, and the command line applied; without a path: ."
printf 'extends: ../.cudalint.yaml\nrespect-gitignore: false\nunanalysed: warning\n' >proj/a/.cudalint.yaml
cd proj/a && run --show-config --enable CL2005 --fail-on=note --cuda-arch=sm_90 --no-assume-warp-aligned-blocks -- -DX && cd "$W"
say "no configuration file: the defaults; two paths: two YAML documents"
mkdir -p bare
run --show-config bare proj/a/b/k.cu
say "--config FILE"
printf 'include: ["*.cuh"]\ncuda-path: cuda\n' >other.yaml
run --show-config --config other.yaml proj
say "errors"
run --show-config no/such/dir
printf 'rulez: {}\n' >bare/.cudalint.yaml
run --show-config bare

say "--show-files: after the search and exclude:, nothing analysed"
run --show-files proj
cd proj && run --show-files && cd "$W"
run --show-files --config other.yaml proj proj/top.cu
run --show-files proj/host no/such.cu
finish
