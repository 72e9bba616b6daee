// CL1004 positive: `tile` starts at 32 but is halved for small inputs, so it
// is no constant: threadIdx.x / tile may split a warp.
__global__ void tile_broadcast(const int *in, int *out, int n)
{
	int tile = 32;
	if (n < 1024)
		tile = 16;
	int v = in[threadIdx.x];
	if (threadIdx.x / tile == 0)
		v = __shfl_sync(0xffffffff, v, 0); // expect: CL1004
	out[threadIdx.x] = v;
}
