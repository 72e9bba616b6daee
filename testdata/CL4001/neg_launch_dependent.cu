// CL4001 negative: which slot a thread reads depends on a kernel argument;
// with some values it is its own, with others a neighbour's.
__global__ void rotate(const int *in, int *out, int k)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * 256 + t];
	__syncthreads();
	out[blockIdx.x * 256 + t] = s[(t + k) % 256];
}

// The loop runs a number of times an argument decides: the barrier at the
// end of its body orders the read before the next iteration's write.
__global__ void stride_loop(const int *in, int *out, int base, int n, int stride)
{
	__shared__ int s[256];
	for (int idx = base + threadIdx.x; idx - threadIdx.x < n; idx += stride) {
		s[threadIdx.x] = in[idx];
		__syncthreads();
		out[idx] = s[255 - threadIdx.x];
		__syncthreads();
	}
}

// The loop's first barrier makes the one before it look redundant, but with
// n == 0 the loop never runs and that barrier orders the write before the
// neighbour's read after the loop.
__global__ void maybe_empty(int *out, int n)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	for (int i = 0; i < n; i++) {
		__syncthreads();
		int v = s[(t + 1) % 256];
		__syncthreads();
		s[t] = v;
		__syncthreads();
	}
	out[blockIdx.x * 256 + t] = s[(t + 1) % 256];
}
