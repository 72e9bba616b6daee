// An unterminated fragment and an expectation of nothing are errors.
__global__ void k(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); // expect: CL1001 "open
	d[0] = 1; // expect:
}
