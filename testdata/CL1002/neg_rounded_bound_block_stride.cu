// CL1002 negative: a block-stride loop from threadIdx.x whose bound is n
// rounded up to a multiple of the stride (blockDim.x, through a local):
// tid + k * wrap < m * wrap holds for k < m in every thread whose tid is
// below wrap, so the trip count is the block's; the threads past n are
// masked inside.
__global__ void sum_rows(const float *in, float *out, int n)
{
	__shared__ float s[256];
	int wrap = blockDim.x;
	int end = (n + wrap - 1) / wrap * wrap;
	float acc = 0;
	for (int x = threadIdx.x; x < end; x += wrap) {
		s[threadIdx.x] = x < n ? in[x] : 0.0f;
		__syncthreads();
		acc += s[(threadIdx.x + 1) % wrap];
		__syncthreads();
	}
	out[threadIdx.x] = acc;
}
