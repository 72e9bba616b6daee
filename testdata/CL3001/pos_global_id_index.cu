// The global thread id minus the block's base is threadIdx.x: the read at
// one past it is the neighbour's element.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[257];
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	int base = blockIdx.x * blockDim.x;
	s[gid - base] = in[gid];
	out[gid] = s[gid - base + 1]; // expect: CL3001
}
