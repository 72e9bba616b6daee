// CL4001 negative: the __syncthreads() after init() orders thread 0's
// initialisation of the cuda::barrier before every thread's arrival on it;
// without it, threads could arrive at a barrier not yet initialised.
#include <cuda/barrier>
__global__ void reversed(float *x)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	__shared__ float s[256];
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	s[threadIdx.x] = x[threadIdx.x];
	bar.arrive_and_wait();
	x[threadIdx.x] = s[255 - threadIdx.x];
}
