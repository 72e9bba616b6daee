// expect-fail: marked, but it passes: XPASS fails the run
__global__ void k(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); // expect: CL1001
}
