// CL1007 negative: the ballot's lanes are exactly those that pass
// `if (i < n)`, the same condition, so every lane that calls the shuffle
// is in its mask; __activemask() names the lanes that run by definition.
__global__ void sum(const float *x, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned m = __ballot_sync(0xffffffffu, i < n);
	if (i < n) {
		float v = x[i];
		for (int o = 16; o > 0; o /= 2)
			v += __shfl_down_sync(m, v, o);
		if (threadIdx.x % 32 == 0)
			atomicAdd(out, v);
	}
	if (x[threadIdx.x] > 0.0f) {
		unsigned a = __activemask();
		out[1] = __shfl_sync(a, 1.0f, 0);
	}
}
