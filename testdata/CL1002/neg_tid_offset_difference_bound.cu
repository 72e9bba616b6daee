// CL1002 negative: the grid-stride idiom that tests `idx - threadIdx.x`.
// idx is threadIdx.x plus base + k*stride, all block-uniform, so
// idx - threadIdx.x is the same in every thread of the block and so is the
// trip count; threads past n are masked inside the body.
__global__ void tile_stride(const int *in, int *out, int base, int n, int stride)
{
	__shared__ int s[256];
	for (int idx = base + threadIdx.x; idx - threadIdx.x < n; idx += stride) {
		s[threadIdx.x] = idx < n ? in[idx] : 0;
		__syncthreads();
		if (idx < n)
			out[idx] = s[255 - threadIdx.x];
		__syncthreads();
	}
}
