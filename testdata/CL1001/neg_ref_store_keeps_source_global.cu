// CL1001 negative: `go = in[0]` stores through a reference bound to
// __shared__ memory; it does not make `in` point into shared memory, so
// reading in[1] (global memory, the same address in every thread) right
// after the divergent store is still block-uniform.
__global__ void gated_global(const int *in, float *x)
{
	__shared__ int flag;
	int &go = flag;
	if (threadIdx.x == 0)
		go = in[0];
	if (in[1]) {
		x[threadIdx.x] *= 2.0f;
		__syncthreads();
	}
}
