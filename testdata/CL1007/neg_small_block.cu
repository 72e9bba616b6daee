// CL1007 negative: the kernel is launched with 16-thread blocks, so its
// one warp has lanes 0-15 only, all named by the mask.
__global__ void small(int *out)
{
	out[threadIdx.x] = __shfl_sync(0x0000ffffu, (int)threadIdx.x, 0);
}

void run(int *out) { small<<<4, 16>>>(out); }
