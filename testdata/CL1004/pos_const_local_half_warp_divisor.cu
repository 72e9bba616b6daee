// CL1004 positive: the local constant is 16, so threadIdx.x / tile == 0
// selects the lower half of warp 0 and the full-mask shuffle misses the
// other 16 lanes.
__global__ void half_broadcast(const int *in, int *out)
{
	const int tile = 16;
	int v = in[threadIdx.x];
	if (threadIdx.x / tile == 0)
		v = __shfl_sync(0xffffffff, v, 0); // expect: CL1004
	out[threadIdx.x] = v;
}
