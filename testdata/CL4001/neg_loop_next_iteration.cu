// CL4001 negative: the barrier at the end of the body orders this
// iteration's read of the neighbour's slot before the next iteration's
// write of it.
__global__ void relax(float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x;
	float v = 0.0f;
	s[t] = 0.0f;
	__syncthreads();
	for (int i = 0; i < 16; i++) {
		v += s[(t + 1) % 256];
		__syncthreads();
		s[t] = v;
		__syncthreads();
	}
	out[blockIdx.x * 256 + t] = v;
}
