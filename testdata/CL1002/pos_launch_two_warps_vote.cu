#define FULL 0xffffffffu
// Two warps per block: they may leave the loop at different times.
__global__ void chunks(float *d, int loops)
{
	__shared__ float s[64];
	for (int i = threadIdx.x; __any_sync(FULL, i < loops); i += blockDim.x) {
		s[threadIdx.x] = i < loops ? d[i] : 0.0f;
		__syncthreads(); // expect: CL1002
		d[i % loops] = s[63 - threadIdx.x];
		__syncthreads(); // expect: CL1002
	}
}

void run(float *d, int loops)
{
	chunks<<<1, 64>>>(d, loops);
}
