// CL3001 negative: the loaded-offset twin with a barrier between thread 0's
// write and everyone's read.
__global__ void tail(int *out, const int *limit)
{
	__shared__ int buf[512];
	int *count = (int *)&buf[*limit];
	if (threadIdx.x == 0)
		*count = 7;
	__syncthreads();
	out[threadIdx.x] = *count;
}
