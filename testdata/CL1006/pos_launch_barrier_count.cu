#include <cuda/barrier>
// init() counts 64 arrivals; every launch has 128 threads arriving.
__global__ void stage(float *d)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (threadIdx.x == 0)
		init(&bar, 64); // expect: CL1006 "with the launch at pos_launch_barrier_count.cu:15"
	__syncthreads();
	d[threadIdx.x] *= 2.0f;
	bar.arrive_and_wait();
}

void run(float *d)
{
	stage<<<4, 128>>>(d);
}
