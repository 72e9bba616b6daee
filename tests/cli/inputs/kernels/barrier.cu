// A barrier that only the first warp reaches.
__global__ void first_warp_only(float *out)
{
	__shared__ float buf[32];
	if (threadIdx.x < 32) {
		buf[threadIdx.x] = out[threadIdx.x];
		__syncthreads();
	}
	out[threadIdx.x] = buf[threadIdx.x % 32];
}
