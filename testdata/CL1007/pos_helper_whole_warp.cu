// CL1007 positive: the helper is called where the whole warp runs, so all
// 32 lanes run its shuffle, whose mask names lanes 0-15 only.
__device__ int leader_value(int v)
{
	return __shfl_sync(0x0000ffffu, v, 0); // expect: CL1007 "runs in lanes 16-31"
}

__global__ void spread(int *out)
{
	out[threadIdx.x] = leader_value((int)threadIdx.x);
}
