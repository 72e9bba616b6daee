// CL3001 negative: the TempStorage twin with the barrier between thread 0's
// write and everyone's read.
struct TempStorage { float acc; float part[8]; };
__device__ float block_total(TempStorage &storage, float v)
{
	if (threadIdx.x == 0)
		storage.acc = v;
	__syncthreads();
	return storage.acc;
}
