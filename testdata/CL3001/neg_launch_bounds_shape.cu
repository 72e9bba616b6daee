// The same rotation, ordered by a barrier.
__global__ void __launch_bounds__(128) rotate(float *out)
{
	__shared__ float s[128];
	s[threadIdx.x] = out[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = s[(threadIdx.x + blockDim.x / 2) % 128];
}
