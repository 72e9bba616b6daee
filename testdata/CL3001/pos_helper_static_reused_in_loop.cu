// CL3001 positive: a block reduction whose __shared__ partials have no
// barrier after they are read, called in a loop: the next iteration's
// writes race with the reads of slower warps in this one.
__device__ float block_sum(float v)
{
	__shared__ float partial[32];
	const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	if (lane == 0)
		partial[warp] = v; // expect: CL3001 "next iteration"
	__syncthreads();
	return lane < blockDim.x / 32 ? partial[lane] : 0.0f;
}
__global__ void rows(const float *x, float *out, int n)
{
	for (int r = 0; r < n; r++) // expect-note: @2 "in this loop"
		out[r * blockDim.x + threadIdx.x] = block_sum(x[r * blockDim.x + threadIdx.x]);
}
