// cudalint: ignore-file[CL1001] -- the whole file
__global__ void a(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads();
}

__global__ void b(int *d, int n)
{
	if (threadIdx.x >= n)
		return;
	__syncthreads(); // no: CL1003 is not covered
}
