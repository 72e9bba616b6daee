// CL1007 positive: lanes 0-15 run the __syncwarp, but its mask names lanes
// 0-7 only.
__global__ void step(int *s)
{
	int lane = threadIdx.x & 31;
	if (lane < 16) {
		s[threadIdx.x] += 1;
		__syncwarp(0xffu); // expect: CL1007 "runs in lanes 8-15, which its mask `0x000000ff` does not name"
	}
}
