// CL1002 positive: the helper returns a multiple of its first argument,
// not of the stride it is also passed: the last round splits the block.
__device__ int scale(int a, int b) { return a * ((b + a - 1) / a); }

__global__ void sum_rows(const float *in, float *out, int n)
{
	__shared__ float s[256];
	int wrap = blockDim.x;
	int end = scale(n, wrap);
	float acc = 0;
	for (int x = threadIdx.x; x < end; x += wrap) {
		s[threadIdx.x] = x < n ? in[x] : 0.0f;
		__syncthreads(); // expect: CL1002 "x < end"
		acc += s[(threadIdx.x + 1) % wrap];
		__syncthreads(); // expect: CL1002
	}
	out[threadIdx.x] = acc;
}
