// CL2003 negative: per-thread locks. Every thread that publishes sets
// lock[tid] for the s[tid] it stored itself, fenced; the other threads'
// stores to s[tid] are announced by their own lock[tid], not by this one.
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
			atomicExch_block(&lock[tid], 1);
		}
	}
	if (tid < 64) {
		while (atomicAdd_block(&lock[tid + 64], 0) != 1)
			;
		__threadfence_block();
		out[tid] = s[tid + 64];
	}
}
