#include <cuda/barrier>

// The split forms under a thread-dependent branch: the barrier counts
// the whole block, the threads at or above 64 never arrive, and the
// phase never completes.
__global__ void split(float *x)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	if (threadIdx.x < 64)
		bar.wait(bar.arrive()); // expect: CL1001@12 "`bar.arrive()` on cuda::barrier `bar`"
	x[threadIdx.x] += 1.0f;
	if (threadIdx.x % 2)
		(void)bar.arrive(); // expect: CL1001 "threadIdx.x % 2"
	bar.arrive_and_wait();
}

// Initialised for 64, reached by 32: the phase waits for 32 more.
__global__ void too_few(float *x)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (threadIdx.x == 0)
		init(&bar, 64);
	__syncthreads();
	if (threadIdx.x < 32)
		bar.arrive_and_wait(); // expect: CL1001 "threadIdx.x < 32"
	x[threadIdx.x] += 1.0f;
}
