// One helper, two arrays: warp 0 fills a, warp 1 fills b, each thread its
// own element. The helper's parameter points to both, but they are not
// the same memory.
__device__ void fill(float *p, int i, float v) { p[i] = v; }
__global__ void k(const float *in, float *out)
{
	__shared__ float a[32], b[32];
	if (threadIdx.x < 32)
		fill(a, threadIdx.x, in[threadIdx.x]);
	else if (threadIdx.x < 64)
		fill(b, threadIdx.x - 32, in[threadIdx.x]);
	__syncthreads();
	if (threadIdx.x < 32)
		out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}
