// A kernel with a clang error is not analysed; its neighbours are.
__global__ void broken(float *a) // expect: unanalysed
{
	a[threadIdx.x] = no_such_function(a);
	if (threadIdx.x == 0)
		__syncthreads();
}

__global__ void fine(float *a)
{
	if (threadIdx.x == 0)
		__syncthreads(); // expect: CL1001
}
