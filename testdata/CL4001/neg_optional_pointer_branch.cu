// CL4001 negative: whether `bias` is null is unknown, so both arms run;
// the else arm reads a neighbour's element, which the barrier orders.
__global__ void k(float *out, const float *bias)
{
	__shared__ float s[256];
	s[threadIdx.x] = 1.0f;
	__syncthreads();
	if (bias)
		out[threadIdx.x] = s[threadIdx.x];
	else
		out[threadIdx.x] = s[(threadIdx.x + 1) % 256];
}
