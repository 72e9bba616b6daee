#include <cuda_runtime.h>
// CL4001 negative: the tile is stored as float2 through a view of the
// float array (a class assignment, float2's own operator=), then read back
// as floats by other threads: thread t wrote s[2t] and s[2t + 1], and
// reads s[t] and s[t + 256]. The barrier orders that.
__global__ void widen(const float2 *__restrict__ in, float *__restrict__ out)
{
	__shared__ float s[512];
	int t = threadIdx.x;
	reinterpret_cast<float2 *>(s)[t] = in[blockIdx.x * 256 + t];
	__syncthreads();
	out[blockIdx.x * 512 + t] = s[t] + s[t + 256];
}

// The same through a C cast and a pointer to one float2 element.
__global__ void widen_ptr(const float *__restrict__ in, float *__restrict__ out)
{
	__shared__ float s[512];
	int t = threadIdx.x;
	float2 v = make_float2(in[2 * t], in[2 * t + 1]);
	*(float2 *)&s[2 * t] = v;
	__syncthreads();
	out[blockIdx.x * 256 + t] = s[t + 1];
}
