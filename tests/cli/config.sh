#!/bin/sh
# .cudalint.yaml discovery and precedence: the nearest file up the tree,
# --config, then the command line; include/exclude; parse options.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/a/b proj/generated proj/include
cat "$CLI/inputs/kernels/barrier.cu" "$CLI/inputs/kernels/loop.cu" >proj/a/b/k.cu
cp "$CLI/inputs/kernels/exit.cu" proj/generated/gen.cu
cp "$CLI/inputs/kernels/exit.cu" proj/top.cu
cat >proj/.cudalint.yaml <<'Y'
# two directories above proj/a/b/k.cu
rules:
  CL1002: off
severity:
  divergent-barrier: error
exclude:
  - generated
Y

say "the .cudalint.yaml two directories up is found: CL1002 off, CL1001 an error"
run --no-cuda-toolkit proj/a/b/k.cu
say "...and from inside the tree"
cd proj/a/b && run --no-cuda-toolkit k.cu && cd "$W"

say "exclude: proj/generated is skipped; proj/top.cu uses the same file"
run --no-cuda-toolkit proj

say "a nearer file (proj/a/.cudalint.yaml) overrides it, for the files below it"
printf 'rules:\n  CL1001: off\n' >proj/a/.cudalint.yaml
run --no-cuda-toolkit proj

say "--config overrides both, for every file"
printf 'severity:\n  "CL100*": note\nfail-on: note\n' >other.yaml
run --no-cuda-toolkit --config other.yaml proj

say "the command line overrides the configuration"
run --no-cuda-toolkit --disable CL1002 --enable CL1001 proj/a/b/k.cu
run --no-cuda-toolkit --severity CL1001=warning proj/top.cu proj/a/b/k.cu

say "clang-args (include paths relative to the config's directory) and cuda-arch"
mkdir -p proj2/include proj2/src
printf '#pragma once\n#define GUARD(c) if (c)\n' >proj2/include/guard.cuh
cat >proj2/src/k.cu <<'CU'
#include <guard.cuh>
#if WITH_BUG && __CUDA_ARCH__ == 800
__global__ void k(float *d)
{
	GUARD(threadIdx.x < 32)
		__syncthreads();
}
#endif
CU
printf 'clang-args: [-Iinclude, -DWITH_BUG=1]\ncuda-arch: sm_80\n' >proj2/.cudalint.yaml
cp proj2/src/k.cu proj/k_noargs.cu
say "proj2 and proj need different parse options: one parser each"
run --no-cuda-toolkit proj2 proj/k_noargs.cu
say "--cuda-arch overrides the config's cuda-arch"
run --no-cuda-toolkit --cuda-arch=sm_90 proj2

say "assume-warp-aligned-blocks: false makes threadIdx.y vary within a warp; the command line wins; the cache keys it"
mkdir -p warp
printf '__global__ void k(unsigned *out)\n{\n\tif (threadIdx.y == 0)\n\t\tout[threadIdx.x] = __ballot_sync(0xffffffff, 1);\n}\n' >warp/k.cu
run --no-cuda-toolkit --cache-results warp/k.cu
printf 'assume-warp-aligned-blocks: false\n' >warp/.cudalint.yaml
run --no-cuda-toolkit --cache-results warp/k.cu
run --no-cuda-toolkit --assume-warp-aligned-blocks warp/k.cu
printf 'assume-warp-aligned-blocks: sometimes\n' >warp/.cudalint.yaml
run --no-cuda-toolkit warp/k.cu

say "a bad configuration: exit status 2, the file and line named"
printf 'rules:\n  CL1001: off\nrulez:\n  CL1002: off\n' >proj/a/.cudalint.yaml
run --no-cuda-toolkit proj/a/b/k.cu
printf 'rules:\n  CL1001: maybe\n' >proj/a/.cudalint.yaml
run --no-cuda-toolkit proj/a/b/k.cu
printf 'rules:\n  CL9999: off\n' >proj/a/.cudalint.yaml
run --no-cuda-toolkit proj/a/b/k.cu
printf 'fail-on: sometimes\n' >proj/a/.cudalint.yaml
run --no-cuda-toolkit proj/a/b/k.cu
say "...also when named with --config, or missing"
run --no-cuda-toolkit --config proj/a/.cudalint.yaml proj/top.cu
run --no-cuda-toolkit --config nowhere.yaml proj/top.cu
finish
