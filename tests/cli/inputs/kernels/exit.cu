// Threads past the end leave before the barrier.
__global__ void tail(float *data, int n)
{
	__shared__ float s[128];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	s[threadIdx.x] = data[i];
	__syncthreads();
	data[i] = s[127 - threadIdx.x];
}
