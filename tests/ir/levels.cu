// Levels of the uniformity analysis: a parameter is grid-uniform,
// blockIdx block-uniform, threadIdx.x / 32 warp-uniform (blocks are
// warp-aligned by default), threadIdx.x thread-varying; a local takes the
// level of what it was assigned under.
__global__ void levels(float *out, int n)
{
	int warp = threadIdx.x / 32;
	int v = n;
	if (threadIdx.x < 4)
		v = 1;
	out[blockIdx.x] = warp + v;
}
