// CL1002 positive: `idx - threadIdx.x` is block-uniform only while every
// step adds the same amount in every thread; here the step depends on the
// thread, so the trip count does too.
__global__ void tile_stride_varying(const int *in, int *out, int n, const int *step)
{
	__shared__ int s[256];
	for (int idx = threadIdx.x; idx - threadIdx.x < n; idx += step[threadIdx.x]) {
		s[threadIdx.x] = in[idx];
		__syncthreads(); // expect: CL1002
		out[idx] = s[255 - threadIdx.x];
		__syncthreads(); // expect: CL1002
	}
}
