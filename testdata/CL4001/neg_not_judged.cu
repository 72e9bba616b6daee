// CL4001 negative: barriers the rule does not judge. __syncthreads_count
// returns a value; a barrier in a helper is shared by its callers; one under
// a condition is CL1001's business.
__device__ void settle(void)
{
	__syncthreads();
}

__global__ void counted(const int *in, int *out, int n)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * 256 + t];
	int c = __syncthreads_count(s[t] > 0);
	settle();
	if (n > 4)
		__syncthreads();
	out[blockIdx.x * 256 + t] = s[t] + c;
}
