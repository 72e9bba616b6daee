// A callee returns the address of the caller's own local: it is still
// that local after the call, so every thread writes s[0].
__device__ int *same(int *q) { return q; }

__global__ void k(int *out)
{
	__shared__ int s[256];
	int i = 0;
	int *p = same(&i);
	s[*p] = threadIdx.x; // expect: CL3001
	__syncthreads();
	out[threadIdx.x] = s[0];
}
