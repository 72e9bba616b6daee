// CL1007 positive: the mask is the ballot of `i < n`, but every lane runs
// the reduction: in the last, partial warp the lanes past n call
// __shfl_down_sync with a mask that leaves them out.
__global__ void sum(const float *x, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned m = __ballot_sync(0xffffffffu, i < n); // expect-note: "the mask is taken here"
	float v = i < n ? x[i] : 0.0f;
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(m, v, o); // expect: CL1007 "runs in lanes where `i < n` is false"
	if (threadIdx.x % 32 == 0)
		atomicAdd(out, v);
}
