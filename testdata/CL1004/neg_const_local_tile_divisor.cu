// CL1004 negative: `tile` is a local constant 32, so threadIdx.x / tile is
// the warp index and `threadIdx.x / tile == 0` selects warp 0 whole.
__global__ void warp0_broadcast(const int *in, int *out)
{
	const int tile = 32;
	int v = in[threadIdx.x];
	if (threadIdx.x / tile == 0)
		v = __shfl_sync(0xffffffff, v, 0);
	out[threadIdx.x] = v;
}
