// The same warp reduction with one __syncwarp() per step, after the
// update: within a step lane t reads s[t + 16] while lane t + 16 writes it.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned tid = threadIdx.x;
	if (tid < 64)
		s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		s[tid] += s[tid + 32];
		__syncwarp();
		s[tid] += s[tid + 16]; // expect: CL3001 "__syncwarp()"
		__syncwarp();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
