// CL1002 positive: the bound is rounded to a multiple of 64, but the loop
// steps by blockDim.x: the rounding proves nothing about this stride.
__global__ void sum_rows(const float *in, float *out, int n)
{
	__shared__ float s[256];
	int end = (n + 63) / 64 * 64;
	float acc = 0;
	for (int x = threadIdx.x; x < end; x += blockDim.x) {
		s[threadIdx.x] = x < n ? in[x] : 0.0f;
		__syncthreads(); // expect: CL1002 "x < end"
		acc += s[(threadIdx.x + 1) % 256];
		__syncthreads(); // expect: CL1002
	}
	out[threadIdx.x] = acc;
}
