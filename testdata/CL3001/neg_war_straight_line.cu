// The same scan step with a barrier between the reads and the write.
__global__ void k(const int *in, int *out)
{
	__shared__ int s[256];
	s[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	int v = s[threadIdx.x];
	if (threadIdx.x >= 1)
		v += s[threadIdx.x - 1];
	__syncthreads();
	s[threadIdx.x] = v;
	__syncthreads(); // expect: CL4001
	out[threadIdx.x] = s[threadIdx.x];
}
