// CL1007 negative: the helper's only call is under `lane < 16`, so the
// lanes that enter it are the ones its mask names; which lanes enter a
// helper is its callers' to decide, and a lane-varying condition around
// the call leaves it unjudged.
__device__ int leader_value(int v)
{
	return __shfl_sync(0x0000ffffu, v, 0);
}

__global__ void spread(int *out)
{
	if ((threadIdx.x & 31) < 16)
		out[threadIdx.x] = leader_value((int)threadIdx.x);
}
