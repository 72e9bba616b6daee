// Global memory raced by the threads of one block in one barrier interval:
// every thread writes out[blockIdx.x] (each a different value), and each
// thread overwrites data[i] that its neighbour reads.
__global__ void partial_sums(const float *__restrict__ in, float *out)
{
	out[blockIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x]; // expect: CL3001 "global memory (through `out`)"
}
__global__ void shift(float *data)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float right = data[i + 1];
	data[i] = right; // expect: CL3001 "overwrites global memory"
}
