// CL4002 negative: the partner t ^ 32 is in the next warp: only a block
// barrier orders the write before the read.
__global__ void swap_warps(const int *in, int *out)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * 256 + t];
	__syncthreads();
	out[blockIdx.x * 256 + t] = s[t ^ 32];
}
