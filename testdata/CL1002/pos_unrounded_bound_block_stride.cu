// CL1002 positive: the twin of neg_rounded_bound_block_stride.cu without
// the rounding: when n is not a multiple of blockDim.x, the threads whose
// last x reaches n leave one iteration before the others and stop
// arriving at the barriers.
__global__ void sum_rows(const float *in, float *out, int n)
{
	__shared__ float s[256];
	int wrap = blockDim.x;
	float acc = 0;
	for (int x = threadIdx.x; x < n; x += wrap) {
		s[threadIdx.x] = in[x];
		__syncthreads(); // expect: CL1002 "x < n"
		acc += s[(threadIdx.x + 1) % wrap];
		__syncthreads(); // expect: CL1002
	}
	out[threadIdx.x] = acc;
}
