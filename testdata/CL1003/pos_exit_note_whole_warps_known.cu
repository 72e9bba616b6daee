// Whole warps leave by a condition on threadIdx.y the block shape decides
// (rows 4 and up of a 32x8 block); the rows that stay write every slot they
// read after the barrier themselves. A note.
__global__ void reorder(float *out)
{
	__shared__ float s[128];
	if (threadIdx.y >= 4)
		return;
	int i = threadIdx.y * 32 + threadIdx.x;
	s[threadIdx.x * 4 + threadIdx.y] = (float)i;
	__syncthreads(); // expect: CL1003 "relies on exited threads counting as arrived"
	out[blockIdx.x * 128 + i] = s[i];
}

void run(float *out)
{
	reorder<<<16, dim3(32, 8)>>>(out);
}
