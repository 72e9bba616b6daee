// The pre-Volta block reduction: the last warp finishes without barriers,
// through volatile shared memory, counting on its lanes running in
// lock-step. Lane t reads s[t + 16] while lane t + 16 may already have
// written its own step's sum there.
__device__ void warp_reduce(volatile float *s, unsigned tid)
{
	s[tid] += s[tid + 32];
	s[tid] += s[tid + 16]; // expect: CL3001 "relies on the lanes of a warp running in lock-step"
	s[tid] += s[tid + 8]; // expect: CL3001 "that lane can read the new value" CL3001 "`__shfl_down_sync()`"
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
