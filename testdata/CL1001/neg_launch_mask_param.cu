// size is 32 in every launch: tid & (size - 1) is below 32 in every thread.
__global__ void lanes(float *d, int size)
{
	__shared__ float s[64];
	int tid = threadIdx.x;
	if ((tid & (size - 1)) < 32) {
		s[tid] = d[tid];
		__syncthreads();
		d[tid] = s[63 - tid];
	}
}

void run(float *d)
{
	lanes<<<8, 64>>>(d, 32);
}
