#define CU1DBLOCK 256
// The kernel that calls stage() is launched with CU1DBLOCK threads: no
// thread leaves stage() early.
__device__ void stage(float *s, float *d)
{
	int i = threadIdx.x;
	if (i >= CU1DBLOCK)
		return;
	s[i] = d[blockIdx.x * CU1DBLOCK + i];
	__syncthreads();
	d[blockIdx.x * CU1DBLOCK + i] = s[CU1DBLOCK - 1 - i];
}

__global__ void reverse(float *d)
{
	__shared__ float s[CU1DBLOCK];
	stage(s, d);
}

void run(float *d, int n)
{
	reverse<<<n / CU1DBLOCK, CU1DBLOCK>>>(d);
}
