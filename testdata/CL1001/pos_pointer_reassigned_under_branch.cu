// Assigning the pointer itself under a thread-dependent branch does make
// what it points at differ between threads.
__global__ void k(float *a, float *b)
{
	float *p = a;
	if (threadIdx.x < 7)
		p = b;
	if (*p > 0.0f)
		__syncthreads(); // expect: CL1001
}
