// CL3001 negative: each thread writes its own element of global memory;
// a `const __restrict__` input read by every thread; a neighbour's element
// read after a barrier; the same value written by every thread; atomics.
__global__ void scale(const float *__restrict__ in, float *out, int *count)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = in[i] * in[blockIdx.x];
	out[i] += 1.0f;
	atomicAdd(&count[blockIdx.x], 1);
}
__global__ void shift(float *data, int *flag)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float right = data[i + 1];
	__syncthreads();
	data[i] = right;
	flag[blockIdx.x] = 1;
}
