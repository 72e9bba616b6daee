#include <cuda/barrier>

// Counts that match the threads that arrive: the whole block, a subset
// of 32 fewer threads guarded as such (CL1001 leaves it alone too), and
// a constant whose block size the launch decides.
__global__ void counts_match(float *x)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> all, most, fixed;
	if (threadIdx.x == 0) {
		init(&all, blockDim.x);
		init(&most, blockDim.x - 32);
		init(&fixed, 128);
	}
	__syncthreads();
	all.arrive_and_wait();
	if (threadIdx.x >= 32)
		most.arrive_and_wait();
	fixed.arrive_and_wait();
	x[threadIdx.x] += 1.0f;
}
