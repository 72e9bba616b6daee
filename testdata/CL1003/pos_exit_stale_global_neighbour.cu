// The data the leavers skip is in global memory: each thread that stays
// reads its right neighbour's result after the barrier, and the threads of
// the largest indices, which leave, never write theirs.
__global__ void smooth(float *tmp, float *out, const float *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	tmp[i] = 2.0f * in[i];
	__syncthreads(); // expect: CL1003 "never write `tmp[i]`"
	if (threadIdx.x + 1 < blockDim.x)
		out[i] = tmp[i] + tmp[i + 1];
}
