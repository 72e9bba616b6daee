// CL4002 negative: the partner is in the next row. Whether two rows share a
// warp depends on the block's width (16 wide: yes; 32 wide: no), which the
// code does not fix: stay silent.
__global__ void swap_rows(const int *in, int *out)
{
	__shared__ int s[16][32];
	int x = threadIdx.x, y = threadIdx.y;
	s[y][x] = in[y * 32 + x];
	__syncthreads();
	out[y * 32 + x] = s[y ^ 1][x];
}
