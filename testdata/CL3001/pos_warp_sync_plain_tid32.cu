// The same last-warp steps without `volatile`, under `if (tid < 32)`: only
// one warp runs them, so they count on lock-step too, and the compiler may
// also keep s[] in registers, so this was wrong on every GPU.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned tid = threadIdx.x;
	if (tid < 64)
		s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		float v = s[tid];
		v += s[tid + 32];
		s[tid] = v;
		v += s[tid + 16]; // expect: CL3001 "lock-step"
		s[tid] = v;
		v += s[tid + 8]; // expect: CL3001 "warp-synchronous"
		s[tid] = v; // expect: CL3001 "without `volatile`"
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
