// CL1002 positive: the grid-stride twin of neg_rounded_bound_grid_stride
// with the bound not rounded: the threads whose last index passes n leave
// one round early while the others still meet the barriers.
__global__ void sum_rows(const float *in, float *out, unsigned n)
{
	__shared__ float s[256];
	unsigned wrap = gridDim.x * blockDim.x;
	float acc = 0;
	for (unsigned x = blockIdx.x * blockDim.x + threadIdx.x; x < n; x += wrap) {
		s[threadIdx.x] = in[x];
		__syncthreads(); // expect: CL1002 "x < n"
		acc += s[(threadIdx.x + 1) % blockDim.x];
		__syncthreads(); // expect: CL1002
	}
	out[threadIdx.x] = acc;
}
