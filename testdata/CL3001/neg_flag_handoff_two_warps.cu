// An intra-block hand-off between two warps through a volatile flag: warp
// 0 writes the data, fences, sets the flag; warp 1 spins on the flag and
// then reads the data. The protocol orders the accesses (the poll itself
// is CL2002's).
__global__ void k(const float *in, float *out)
{
	__shared__ float data[32];
	__shared__ volatile int ready;
	if (threadIdx.x == 0)
		ready = 0;
	__syncthreads();
	if (threadIdx.x < 32) {
		data[threadIdx.x] = in[threadIdx.x];
		__threadfence_block();
		if (threadIdx.x == 0)
			ready = 1;
	} else if (threadIdx.x < 64) {
		while (ready == 0) // expect: CL2002
			;
		out[threadIdx.x] = data[threadIdx.x - 32];
	}
}
