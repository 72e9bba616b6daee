// CL4002 positive: neighbours swap through shared memory; a thread's
// partner t ^ 1 is a lane of its own warp.
__global__ void swap_pairs(int *out)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	s[t] = t * t;
	__syncthreads(); // expect: CL4002
	out[blockIdx.x * 256 + t] = s[t ^ 1];
}

// The same in a 2-D block: the partner is in the same row, so in the same
// warp whatever the block's width.
__global__ void swap_pairs_2d(int *out)
{
	__shared__ int s[16][16];
	int x = threadIdx.x, y = threadIdx.y;
	s[y][x] = x + 3 * y;
	__syncthreads(); // expect: CL4002
	out[y * 16 + x] = s[y][x ^ 1];
}
