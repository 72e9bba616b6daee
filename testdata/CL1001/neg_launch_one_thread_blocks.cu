// Every block is one thread: no other thread can miss the barrier.
__global__ void step(int *d)
{
	if (atomicAdd(&d[0], 1) % 2)
		__syncthreads();
	d[blockIdx.x] = 1;
}

void run(int *d, int n)
{
	step<<<n, 1>>>(d);
}
