// Done right: the barrier is outside the branch.
__global__ void scale(float *data, int n)
{
	__shared__ float s[128];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = i < n ? data[i] : 0.0f;
	__syncthreads();
	if (i < n)
		data[i] = 2.0f * s[threadIdx.x];
}
