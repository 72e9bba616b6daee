// Errors in host code do not stop the analysis of the kernels.
#include <no_such_host_header.h>

__global__ void k(float *a, int n)
{
	if (threadIdx.x < n)
		__syncthreads(); // expect: CL1001
}

void host_helper(float *a)
{
	undeclared_host_call(a);
	UnknownHostType t;
}
