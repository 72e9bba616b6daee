// CL3001 positive: rows of warps past the matrix's height leave at once
// (`return` on a condition of threadIdx.y, the same in each warp of a
// 32-wide block); the rest go on, and their second read of the
// neighbour's slot has no barrier after the rewrite. The threads that
// left count as arrived at the barrier, so the simulation goes on past it.
struct dims4 { int d[4]; };
__global__ void rows_shift(const float *in, float *out, dims4 dims)
{
	__shared__ float s[8][33];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * blockDim.y + ty;
	if (row >= dims.d[1])
		return; // retire warps early
	s[ty][tx] = in[row * 32 + tx];
	__syncthreads(); // expect: CL1003
	float v = s[ty][tx + 1];
	s[ty][tx] = v;
	out[row * 32 + tx] = s[ty][tx + 1]; // expect: CL3001 "s[ty][tx + 1]"
}
