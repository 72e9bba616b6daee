// The lower half writes its elements while the upper half reads its own
// (never written here): the two ranges do not meet.
__global__ void k(const float *in, float *out, const float *init)
{
	__shared__ float s[256];
	s[threadIdx.x] = init[threadIdx.x];
	__syncthreads();
	if (threadIdx.x < 128)
		s[threadIdx.x] = in[threadIdx.x];
	else
		out[threadIdx.x] = s[threadIdx.x];
}
