// CL4001 negative: the accesses go through a local table of pointers into
// dynamic shared memory; warp 0 reads the rows other warps wrote.
__global__ void rows_table(int *out)
{
	extern __shared__ int smem[];
	volatile int *rows[4];
	for (int i = 0; i < 4; i++)
		rows[i] = (volatile int *)&smem[i * 8];
	int w = threadIdx.x / 32, l = threadIdx.x % 32;
	if (w < 4 && l < 8)
		rows[w][l] = l;
	__syncthreads();
	if (w == 0 && l == 0)
		out[blockIdx.x] = rows[1][7] + rows[2][7];
}
