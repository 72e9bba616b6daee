// CL1007 negative: the masks name exactly the lanes that run each call:
// the first 16 lanes under `lane < 16`, the upper half under its else,
// a lane's own bit, and the whole warp for the full mask.
__global__ void ok(int *s)
{
	int lane = threadIdx.x % 32;
	int v = s[threadIdx.x];
	if (lane < 16)
		v += __shfl_xor_sync(0x0000ffffu, v, 1);
	else
		v += __shfl_xor_sync(0xffff0000u, v, 1);
	__syncwarp(1u << lane);
	v += __shfl_down_sync(0xffffffffu, v, 16);
	s[threadIdx.x] = v;
}
