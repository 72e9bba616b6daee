// A broken __device__ helper is reported; its caller is analysed, and the
// call is to a function it knows nothing of.
__device__ float helper(float x) // expect: unanalysed
{
	return x + missing_constant;
}

__global__ void k(float *a)
{
	a[threadIdx.x] = helper(a[threadIdx.x]);
	if (a[0] > 0.0f) // expect: CL3001 "global memory"
		__syncthreads();
	if (threadIdx.x < 16)
		__syncthreads(); // expect: CL1001
}
