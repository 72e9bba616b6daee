// CL1007 positive: every lane runs the shuffle, but its mask names only
// lanes 0-15: lanes 16-31 call a collective whose mask leaves them out.
__global__ void broadcast_half(int *out)
{
	int v = threadIdx.x * 3;
	int r = __shfl_sync(0x0000ffffu, v, 0); // expect: CL1007 "runs in lanes 16-31, which its mask `0x0000ffff` does not name"
	out[threadIdx.x] = r;
}
