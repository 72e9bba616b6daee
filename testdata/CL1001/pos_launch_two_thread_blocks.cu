// Blocks of two threads: one can skip the barrier the other waits at.
__global__ void step(int *d)
{
	if (atomicAdd(&d[0], 1) % 2)
		__syncthreads(); // expect: CL1001
	d[blockIdx.x] = 1;
}

void run(int *d, int n)
{
	step<<<n, 2>>>(d);
}
