// CL4001 positive: each thread reads back only the slot it wrote itself, so
// the barrier between the write and the read orders nothing; the one at the
// end of the kernel has nothing after it.
__global__ void scale(float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x;
	s[t] = 0.5f * t;
	__syncthreads(); // expect: CL4001 "orders nothing"
	out[blockIdx.x * 256 + t] = 2.0f * s[t];
	__syncthreads(); // expect: CL4001
}
