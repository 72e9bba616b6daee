// The partner exchange with __syncwarp() between the write and the read:
// lanes of one warp, ordered by the warp barrier.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[256];
	s[threadIdx.x] = in[threadIdx.x];
	__syncwarp();
	out[threadIdx.x] = s[threadIdx.x ^ 1];
}
