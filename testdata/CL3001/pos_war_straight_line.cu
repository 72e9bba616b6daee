// A step of a scan written in place: each thread reads its left
// neighbour's element and then overwrites its own, which its right
// neighbour is reading in the same interval (write after read).
__global__ void k(const int *in, int *out)
{
	__shared__ int s[256];
	s[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	int v = s[threadIdx.x];
	if (threadIdx.x >= 1)
		v += s[threadIdx.x - 1];
	s[threadIdx.x] = v; // expect: CL3001 "overwrites"
	__syncthreads(); // expect: CL4001
	out[threadIdx.x] = s[threadIdx.x];
}
