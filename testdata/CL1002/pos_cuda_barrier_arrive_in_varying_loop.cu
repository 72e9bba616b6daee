#include <cuda/barrier>

// Each thread arrives once per item it owns: threads with fewer items
// stop arriving, and the later phases never complete.
__global__ void per_item(float *x, const int *count)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	for (int i = 0; i < count[threadIdx.x]; i++) {
		x[threadIdx.x] += 1.0f;
		bar.wait(bar.arrive()); // expect: CL1002 "`bar.arrive()` on cuda::barrier `bar`"
	}
}
