// With --unanalysed=warning an unparsable kernel does not fail the run.
// cudalint-args: --unanalysed=warning
__global__ void broken(float *a)
{
	a[0] = nope;
}

__global__ void k(float *a)
{
	if (threadIdx.x & 1)
		__syncthreads(); // expect: CL1001
}
