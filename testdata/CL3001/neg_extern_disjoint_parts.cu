// Two arrays carved from dynamic shared memory at blockDim.x apart, and
// a second extern declaration of the same memory: each thread writes its
// own element of both, and reads back its own; the parts never overlap.
__global__ void k(const float *in, float *out)
{
	extern __shared__ float buf[];
	extern __shared__ float same[];
	float *a = buf;
	float *b = buf + blockDim.x;
	a[threadIdx.x] = in[threadIdx.x];
	b[threadIdx.x] = 2.0f * in[threadIdx.x];
	out[threadIdx.x] = a[threadIdx.x] + same[blockDim.x + threadIdx.x];
}
