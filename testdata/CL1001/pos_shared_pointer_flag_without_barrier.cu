// CL1001 positive: a flag in dynamic shared memory, reached through a
// pointer, written by thread 0 and read with no barrier in between: the
// pointer is the same in every thread, the value it reads is not.
__global__ void ticket_racy(float *out, unsigned *counter, int C)
{
	extern __shared__ float smem[];
	unsigned *flag = (unsigned *)(smem + C);
	if (threadIdx.x == 0)
		*flag = atomicInc(counter, gridDim.x);
	if (*flag == gridDim.x - 1) { // expect: CL3001
		out[threadIdx.x] = 1.0f;
		__syncthreads(); // expect: CL1001
	}
}
