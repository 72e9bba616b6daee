// CL1002 negative: `idx < n + threadIdx.x` compares two values that are
// threadIdx.x plus a block-uniform amount, which is `idx - threadIdx.x < n`:
// the same answer in every thread.
__global__ void tile_stride_plus(const int *in, int *out, int n)
{
	__shared__ int s[256];
	unsigned idx = blockIdx.x * 256 + threadIdx.x;
	while (idx < n + threadIdx.x) {
		s[threadIdx.x] = in[idx];
		__syncthreads();
		out[idx] = s[255 - threadIdx.x];
		__syncthreads();
		idx += gridDim.x * 256;
	}
}
