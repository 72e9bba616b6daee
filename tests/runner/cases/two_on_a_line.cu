// Two findings on one line: a pinned expectation takes the one it fits,
// and the other goes to the unpinned one.
__global__ void k(float *d)
{
	if (threadIdx.x < 32) { __syncthreads(); } else { __syncthreads(); } // expect: CL1001 CL1001@52
}
