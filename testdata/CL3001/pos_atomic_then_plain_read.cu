// A counter bumped with atomics, then read with a plain load by thread 0
// while other threads may still be adding: the atomics do not order the
// plain read.
__global__ void k(const int *in, int *out)
{
	__shared__ int count;
	if (threadIdx.x == 0)
		count = 0;
	__syncthreads();
	if (in[blockIdx.x * blockDim.x + threadIdx.x] > 0)
		atomicAdd(&count, 1);
	if (threadIdx.x == 0)
		out[blockIdx.x] = count; // expect: CL3001 "atomically"
}
