// CL1002 positive: the same loop as the idiom that tests idx - threadIdx.x,
// but tested as `idx < n`: threads with a higher threadIdx.x leave one
// iteration earlier when n - base is not a multiple of the stride.
__global__ void tile_stride_bad(const int *in, int *out, int base, int n, int stride)
{
	__shared__ int s[256];
	for (int idx = base + threadIdx.x; idx < n; idx += stride) { // expect-note: @37 "thread-dependent"
		s[threadIdx.x] = in[idx];
		__syncthreads(); // expect: CL1002
		out[idx] = s[255 - threadIdx.x];
		__syncthreads(); // expect: CL1002
	}
}
