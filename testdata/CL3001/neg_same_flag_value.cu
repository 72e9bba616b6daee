// Threads that find a match all store the same constant to one flag: the
// writes agree, and the flag is read after a barrier.
__global__ void k(const int *in, int *out, int key)
{
	__shared__ int found;
	if (threadIdx.x == 0)
		found = 0;
	__syncthreads();
	if (in[blockIdx.x * blockDim.x + threadIdx.x] == key)
		found = 1;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = found;
}
