// The same two warps with the flag left out: warp 1 reads the data warp 0
// is still writing.
__global__ void k(const float *in, float *out)
{
	__shared__ float data[32];
	if (threadIdx.x < 32)
		data[threadIdx.x] = in[threadIdx.x];
	else if (threadIdx.x < 64)
		out[threadIdx.x] = data[threadIdx.x - 32]; // expect: CL3001
}
