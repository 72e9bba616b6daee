// CL2003 positive: the second stage announces the first stage's slots
// with one flag, lock[0], set by thread 64 only: the other threads' fenced
// stores to s[tid] are not ordered before it without a barrier.
__global__ void pairwise(const float *in, float *out)
{
	__shared__ float s[256];
	__shared__ int lock[256];
	unsigned tid = threadIdx.x;
	lock[tid] = 0;
	__syncthreads();
	if (tid >= 128) {
		s[tid] = in[tid];
		__threadfence_block();
		atomicExch_block(&lock[tid], 1);
	}
	if (tid < 128) {
		while (atomicAdd_block(&lock[tid + 128], 0) != 1)
			;
		__threadfence_block();
		if (tid >= 64) {
			s[tid] = in[tid] + s[tid + 128];
			__threadfence_block();
			if (tid == 64)
				atomicExch_block(&lock[0], 1); // expect: CL2003
		}
	}
	if (tid < 64) {
		while (atomicAdd_block(&lock[0], 0) != 1)
			;
		__threadfence_block();
		out[tid] = s[tid + 64] + s[tid + 128];
	}
}
