// Every thread that reaches a slot stores the same 0.0f: which store lands
// last does not matter.
__global__ void clear(float *out)
{
	__shared__ float hist[64];
	for (int i = threadIdx.x; i < 64; i += 16)
		hist[i % 32] = 0.0f;
	__syncthreads();
	out[threadIdx.x] = hist[threadIdx.x % 64];
}
