// CL1002 positive: idx starts at threadIdx.x but the loop subtracts
// threadIdx.y: the difference still depends on the thread.
// (In a 2-D block the rows all write s[threadIdx.x] in one interval, but
// the same value, loaded from the same element of a const input: benign.)
__global__ void tile_stride_mixed(const int *in, int *out, int n, int stride)
{
	__shared__ int s[256];
	for (int idx = threadIdx.x; idx - threadIdx.y < n; idx += stride) {
		s[threadIdx.x] = in[idx];
		__syncthreads(); // expect: CL1002
		out[idx] = s[255 - threadIdx.x];
		__syncthreads(); // expect: CL1002
	}
}
