// CL3001 negative: the twin of pos_race_after_warp_retiring_return.cu
// with a barrier between the rewrite and the second read, and the
// partner in the next row (another warp) so that each barrier is needed:
// every access after the early return is ordered among the threads that
// stayed.
struct dims4 { int d[4]; };
__global__ void rows_shift(const float *in, float *out, dims4 dims)
{
	__shared__ float s[8][33];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * blockDim.y + ty;
	if (row >= dims.d[1])
		return; // retire warps early
	s[ty][tx] = in[row * 32 + tx];
	__syncthreads(); // expect: CL1003
	float v = s[ty ^ 1][tx];
	__syncthreads(); // expect: CL1003
	s[ty][tx] = v;
	__syncthreads(); // expect: CL1003
	out[row * 32 + tx] = s[ty ^ 1][tx];
}
