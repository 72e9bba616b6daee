// CL1002 negative: the stop flag lives in __shared__ memory reached through
// a pointer; thread 0 writes it, a barrier follows, and every thread reads
// the same value, so all leave the loop together.
__global__ void drain_ptr(const int *work, int *out, int n)
{
	__shared__ int stop;
	int *flag = &stop;
	for (int it = 0; it < n; it++) {
		if (threadIdx.x == 0)
			*flag = work[it] < 0;
		__syncthreads();
		if (*flag)
			break;
		out[it * blockDim.x + threadIdx.x] = work[it];
		__syncthreads();
	}
}
