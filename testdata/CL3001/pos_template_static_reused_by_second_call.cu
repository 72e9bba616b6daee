// CL3001 positive: the same specialization called twice: its one
// `__shared__ float partial[32]` is written by the second call while slower
// threads still read it in the first, with no barrier after the read.
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
		partial[warp] = w; // expect: CL3001 "later call of `blockReduce`"
	__syncthreads();
	w = (lane < blockDim.x / 32) ? partial[lane] : 0.0f;
	return op(w);
}
__global__ void max_twice(const float *x, float *out)
{
	float m = blockReduce<wmax>(x[threadIdx.x]);
	float s = blockReduce<wmax>(x[threadIdx.x] - m);
	out[threadIdx.x] = s;
}
