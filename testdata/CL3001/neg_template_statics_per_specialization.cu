// CL3001 negative: blockReduce<wmax> and blockReduce<wsum> are two
// functions, each with its own `__shared__ float partial[32]`, so the
// second reduction's writes cannot clobber what the first one still reads.
__device__ float wsum(float v) { return v; }
__device__ float wmax(float v) { return v; }
using fn_t = float (*)(float);
template <fn_t op>
__device__ float blockReduce(float val)
{
	__shared__ float partial[32];
	const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	float w = op(val);
	if (lane == 0)
		partial[warp] = w;
	__syncthreads();
	w = (lane < blockDim.x / 32) ? partial[lane] : 0.0f;
	return op(w);
}
__global__ void max_then_sum(const float *x, float *out)
{
	float m = blockReduce<wmax>(x[threadIdx.x]);
	float s = blockReduce<wsum>(x[threadIdx.x] - m);
	out[threadIdx.x] = s;
}
