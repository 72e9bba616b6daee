#define FULL 0xffffffffu
// One warp per block: what the warp agrees on, the block does.
__global__ void chunks(float *d, int loops)
{
	__shared__ float s[32];
	for (int i = threadIdx.x; __any_sync(FULL, i < loops); i += blockDim.x) {
		s[threadIdx.x] = i < loops ? d[i] : 0.0f;
		__syncthreads();
		d[i % loops] = s[31 - threadIdx.x];
		__syncthreads();
	}
}

void run(float *d, int loops)
{
	chunks<<<1, 32>>>(d, loops);
}
