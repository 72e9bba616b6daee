// CL1001 negative: `int &go = flags[1]` is bound to __shared__ memory;
// thread 0 sets it and a barrier publishes it, so `if (go)` is the same
// in every thread of the block.
__global__ void gated(const int *in, float *x)
{
	__shared__ int flags[2];
	int &go = flags[1];
	if (threadIdx.x == 0)
		go = in[blockIdx.x];
	__syncthreads();
	if (go) {
		x[threadIdx.x] *= 2.0f;
		__syncthreads();
	}
}
