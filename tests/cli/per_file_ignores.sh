#!/bin/sh
# per-file-ignores: rules turned off for the files a glob names, the glob
# relative to the configuration's directory ('**' spans directories, '*'
# does not, a glob without '/' names a file at any depth); a finding in a
# header goes by the header's path; an unknown rule is an error.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/src/legacy/deep proj/tests proj/inc
cp "$CLI/inputs/kernels/barrier.cu" proj/src/k.cu
cp "$CLI/inputs/kernels/barrier.cu" proj/src/legacy/old.cu
cp "$CLI/inputs/kernels/barrier.cu" proj/src/legacy/deep/older.cu
cat "$CLI/inputs/kernels/barrier.cu" "$CLI/inputs/kernels/loop.cu" >proj/tests/t.cu
cp "$CLI/inputs/kernels/barrier.cu" proj/src/generated_k.cu
cat >proj/.cudalint.yaml <<'Y'
per-file-ignores:
  "tests/**": [divergent-barrier, "CL100*"]   # names and globs of rules
  "src/legacy/*.cu": CL1001                   # '*' stays in src/legacy
  "generated_*.cu": [CL1001]                  # no '/': a file name anywhere
Y

say "tests/ and src/legacy/old.cu lose CL1001 (tests/ CL1002 too); src/legacy/deep/older.cu and src/k.cu keep it"
run --no-cuda-toolkit proj

say "the globs are relative to the configuration's directory, wherever cudalint runs"
cd proj/src && run --no-cuda-toolkit legacy k.cu && cd "$W"

say "'**' spans any number of directories"
printf 'per-file-ignores:\n  "**/legacy/**": [CL1001]\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/src
printf 'per-file-ignores:\n  "**/k.cu": [CL1001]\n  "src/**/older.cu": [CL1001]\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/src

say "a finding in a header goes by the header's path, not the including file's: first no ignores, then the header's, then the includer's"
printf '__device__ void warp_only(float *d)\n{\n\tif (threadIdx.x < 32)\n\t\t__syncthreads();\n}\n' >proj/inc/sync.cuh
printf '#include "../inc/sync.cuh"\n__global__ void k(float *d) { warp_only(d); }\n' >proj/src/uses.cu
run --no-cuda-toolkit proj/src/uses.cu
printf 'per-file-ignores:\n  "inc/*.cuh": [CL1001]\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/src/uses.cu
printf 'per-file-ignores:\n  "src/uses.cu": [CL1001]\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/src/uses.cu

say "an unknown rule, or a value that is no list of rules: the file, line and key named, exit status 2"
printf 'per-file-ignores:\n  "tests/**":\n    - CL1001\n    - CL9999\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/src/k.cu
printf 'per-file-ignores:\n  "tests/**": {CL1001: off}\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/src/k.cu
printf 'per-file-ignores: [CL1001]\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/src/k.cu
finish
