// size is 64: half of the threads skip the barrier.
__global__ void lanes(float *d, int size)
{
	__shared__ float s[64];
	int tid = threadIdx.x;
	if ((tid & (size - 1)) < 32) {
		s[tid] = d[tid];
		__syncthreads(); // expect: CL1001
		d[tid] = s[63 - tid];
	}
}

void run(float *d)
{
	lanes<<<8, 64>>>(d, 64);
}
