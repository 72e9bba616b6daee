// expect-fail: a finding cudalint does not make (yet)
__global__ void k(float *d)
{
	__syncthreads(); // expect: CL1001
}
