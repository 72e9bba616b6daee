// The classic tree reduction with its barrier removed: in step s thread t
// reads s[t + s], which thread t + s wrote in the step before.
__global__ void k(const float *in, float *out)
{
	__shared__ float sdata[256];
	unsigned tid = threadIdx.x;
	sdata[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
		if (tid < stride)
			sdata[tid] += sdata[tid + stride]; // expect: CL3001
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}
