#define CU1DBLOCK 256
// The launch has twice CU1DBLOCK threads: half of them leave.
__global__ void scale(float *d, int n)
{
	__shared__ float s[CU1DBLOCK];
	int i = threadIdx.x;
	if (i >= CU1DBLOCK)
		return;
	s[i] = d[blockIdx.x * CU1DBLOCK + i];
	__syncthreads(); // expect: CL1003
	d[blockIdx.x * CU1DBLOCK + i] = s[CU1DBLOCK - 1 - i];
}

void run(float *d, int n)
{
	scale<<<n / CU1DBLOCK, 2 * CU1DBLOCK>>>(d, n);
}
