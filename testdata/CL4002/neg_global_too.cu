// CL4002 negative: the shared exchange stays in a warp, but the barrier also
// orders a global write before another warp's read of it.
__global__ void exchange(float *buf, float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = 1.0f;
	buf[base + t] = 2.0f;
	__syncthreads();
	out[base + t] = s[t ^ 1] + buf[base + (t + 64) % 256];
}
