// Shared memory passed to __device__ helpers as a pointer: put() writes
// the thread's element, get() reads the next one, with no barrier between
// the two calls.
__device__ void put(float *s, int i, float v) { s[i] = v; }
__device__ float get(const float *s, int i) { return s[i]; } // expect: CL3001
__global__ void k(const float *in, float *out)
{
	__shared__ float tile[257];
	put(tile, threadIdx.x, in[threadIdx.x]);
	out[threadIdx.x] = get(tile, threadIdx.x + 1);
}
