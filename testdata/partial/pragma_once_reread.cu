// A file with `#pragma once` that its own includes read again, as cub's
// headers do through the umbrella headers they include: clang reads it
// once, as it does when the file is included, so nothing is defined twice
// and its functions are analysed.
#pragma once
#include "pragma_once_reread.cu"

__global__ void kernel(float *a)
{
	if (threadIdx.x == 0)
		__syncthreads(); // expect: CL1001
	a[threadIdx.x] = 0;
}
