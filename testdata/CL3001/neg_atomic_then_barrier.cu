// The same counter read after a barrier: silent.
__global__ void k(const int *in, int *out)
{
	__shared__ int count;
	if (threadIdx.x == 0)
		count = 0;
	__syncthreads();
	if (in[blockIdx.x * blockDim.x + threadIdx.x] > 0)
		atomicAdd(&count, 1);
	__syncthreads();
	if (threadIdx.x == 0)
		out[blockIdx.x] = count;
}
