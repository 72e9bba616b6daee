#!/bin/sh
# Headers: reported once through the files that include them; a header that
# is not self-contained, or a fragment included inside a kernel, analysed
# through a file of the project that includes it.
. "$(dirname "$0")/lib.sh"

mkdir -p .git src inc
cat >inc/reduce.cuh <<'CU'
#pragma once
__device__ void block_reduce(float *s, float v)
{
	s[threadIdx.x] = v;
	if (threadIdx.x < 32)
		__syncthreads();
}
CU
printf '#include "../inc/reduce.cuh"\n__global__ void ka(float *d) { __shared__ float s[256]; block_reduce(s, d[0]); }\n' >src/a.cu
printf '#include <reduce.cuh>\n__global__ void kb(float *d) { __shared__ float s[256]; block_reduce(s, d[1]); }\n' >src/b.cu
say "a header's finding, reached from two files: reported once, at the header's line, the #include in a note"
run --no-cuda-toolkit -I inc src/a.cu src/b.cu
run --no-cuda-toolkit -I inc src/b.cu
say "and with the header itself in the run: still once"
run --no-cuda-toolkit -I inc src/b.cu inc/reduce.cuh src/a.cu

printf 'struct Params { int n; float *data; };\n' >src/types.cuh
cat >src/kern.cuh <<'CU'
// uses Params, which its includer defines first
__global__ void step(Params p)
{
	if (threadIdx.x < p.n)
		__syncthreads();
}
CU
cat >src/body.cuh <<'CU'
	s[threadIdx.x] = p.data[threadIdx.x];
	if (s[threadIdx.x] > 0)
		return;
	__syncthreads();
CU
cat >src/main.cu <<'CU'
#include "types.cuh"
#include "kern.cuh"
__global__ void frag(Params p)
{
	__shared__ float s[128];
#include "body.cuh"
}
CU
say "a header that is not self-contained, given alone (as pre-commit does): analysed through src/main.cu"
run --no-cuda-toolkit src/kern.cuh
say "a fragment included inside a kernel, given alone"
run --no-cuda-toolkit src/body.cuh
run --no-cuda-toolkit --format=json src/body.cuh
say "an error in the fragment: the kernel that includes it is not analysed, from either file"
printf '\ts[threadIdx.x] = p.data[threadIdx.x] + oops;\n\t__syncthreads();\n' >src/body.cuh
run --no-cuda-toolkit src/body.cuh
run --no-cuda-toolkit src/main.cu
say "a header that no file includes and that does not parse alone: one line says so"
printf '__global__ void lonely(Missing m) { __syncthreads(); }\n' >src/lonely.cuh
run --no-cuda-toolkit src/lonely.cuh
say "a .cu that another .cu includes, both in the run, however spelled: its findings once, as given"
printf '__global__ void t(float *d)\n{\n\tif (d[threadIdx.x] > 0)\n\t\t__syncthreads();\n}\n' >src/train.cu
printf '#include "train.cu"\nint main() { return 0; }\n' >src/test.cu
run --no-cuda-toolkit ./src/train.cu src/test.cu
say "a .cu fragment (#include \"frag.cu\" in another .cu) that fails alone: analysed through its includer, its finding at its own line"
mkdir -p frag
printf '#define TILE 128\nstruct job { int n; const float *in; float *out; };\n#include "frag.cu"\nint main() { return 0; }\n' >frag/a.cu
cat >frag/frag.cu <<'CU'
// relies on TILE and job, which a.cu defines before including it
__global__ void scale(job j)
{
	__shared__ float s[TILE];
	s[threadIdx.x] = j.in[threadIdx.x];
	j.out[threadIdx.x] = s[(threadIdx.x + 1) % TILE];
}
CU
run --no-cuda-toolkit frag/frag.cu
say "the same fragment with no file including it: not analysed, one line names the file and clang's reason"
mv frag/a.cu frag/a.cu.txt
run --no-cuda-toolkit frag/frag.cu
say "a file names it in an #include that is never read (#if 0): one note says so, and it is analysed alone"
printf '#if 0\n#include "frag.cu"\n#endif\nint main() { return 0; }\n' >frag/old.cu
run --no-cuda-toolkit frag/frag.cu
say "a header that calls itself a system header once included (#pragma clang system_header, as cub's do), analysed through its includer: its code is analysed all the same"
mkdir -p sys
printf '#pragma once\n#pragma clang system_header\n__global__ void wide(float *d)\n{\n\tif (threadIdx.x < WIDTH)\n\t\t__syncthreads();\n\td[0] = 1;\n}\n' >sys/wide.cuh
printf '#define WIDTH 32\n#include "wide.cuh"\n' >sys/use.cu
run --no-cuda-toolkit sys/wide.cuh
finish
