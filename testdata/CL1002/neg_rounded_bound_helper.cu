// CL1002 negative: the bound is rounded up by helpers of one statement
// (`round_up(n, wrap)` returning `ceil_div(a, b) * b`): the helper's result
// is a multiple of the parameter the stride is passed to, so the trip count
// is the block's as with the rounding written out.
__device__ int ceil_div(int a, int b) { return (a + b - 1) / b; }
__device__ int round_up(int a, int b) { return ceil_div(a, b) * b; }

__global__ void sum_rows(const float *in, float *out, int n)
{
	__shared__ float s[256];
	int wrap = blockDim.x;
	int end = round_up(n, wrap);
	float acc = 0;
	for (int x = threadIdx.x; x < end; x += wrap) {
		s[threadIdx.x] = x < n ? in[x] : 0.0f;
		__syncthreads();
		acc += s[(threadIdx.x + 1) % wrap];
		__syncthreads();
	}
	out[threadIdx.x] = acc;
}
