// The last warp of a block reduction written for independent thread
// scheduling: each step reads the partner's partial, __syncwarp(), then
// writes its own, __syncwarp(). Every read and write of a step is
// separated from the other lanes' by a warp barrier.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned tid = threadIdx.x;
	if (tid < 64)
		s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		float v = s[tid];
		for (int off = 32; off > 0; off >>= 1) {
			v += s[tid + off < 64 ? tid + off : tid];
			__syncwarp();
			s[tid] = v;
			__syncwarp();
		}
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
