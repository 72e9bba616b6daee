// CL4002 positive: the last steps of a block reduction, where every thread
// that adds and every element it reads lie in warp 0: a __syncwarp() orders
// them, without stopping the other warps.
__global__ void reduce(const float *in, float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * 256 + t];
	__syncthreads();
	for (int d = 128; d >= 32; d >>= 1) {
		if (t < d)
			s[t] += s[t + d];
		__syncthreads();
	}
	for (int d = 16; d > 0; d >>= 1) {
		if (t < d)
			s[t] += s[t + d];
		__syncthreads(); // expect: CL4002 "__syncwarp()"
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}
