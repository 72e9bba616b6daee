#define CU1DBLOCK 256
// Every launch has CU1DBLOCK threads: the exit is never taken.
__global__ void scale(float *d, int n)
{
	__shared__ float s[CU1DBLOCK];
	int i = threadIdx.x;
	if (i >= CU1DBLOCK)
		return;
	s[i] = d[blockIdx.x * CU1DBLOCK + i];
	__syncthreads();
	d[blockIdx.x * CU1DBLOCK + i] = s[CU1DBLOCK - 1 - i];
}

void run(float *d, int n)
{
	scale<<<n / CU1DBLOCK, CU1DBLOCK>>>(d, n);
}
