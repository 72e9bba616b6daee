// CL1001 negative: `first` is called with a __shared__ array and with the
// kernel's global input, so its parameter may point at either. A divergent
// write to the shared array does not make `in[5]` (global memory, one
// address for all threads) differ between threads.
// (Thread 0 writes tile[0] and every thread reads it through `first` with
// no barrier between: that is a real shared-memory race, CL3001.)
__device__ float first(const float *p) { return p[0]; } // expect: CL3001

__global__ void mixed(const float *in, float *out)
{
	__shared__ float tile[256];
	if (threadIdx.x == 0)
		tile[0] = first(in);
	out[threadIdx.x] = first(tile);
	if (in[5] > 0.0f) {
		out[threadIdx.x] += 1.0f;
		__syncthreads();
	}
}
