// CL1002 negative: a grid-stride loop from the thread's global index
// (through a helper) to n rounded up to a multiple of the grid's width:
// the global index ranges over [0, gridDim.x * blockDim.x), so every
// thread of the grid runs the same number of rounds.
__device__ unsigned global_thread_id() { return blockIdx.x * blockDim.x + threadIdx.x; }

__global__ void sum_rows(const float *in, float *out, unsigned n)
{
	__shared__ float s[256];
	unsigned wrap = gridDim.x * blockDim.x;
	unsigned end = (n + wrap - 1) / wrap * wrap;
	float acc = 0;
	for (unsigned x = global_thread_id(); x < end; x += wrap) {
		s[threadIdx.x] = x < n ? in[x] : 0.0f;
		__syncthreads();
		acc += s[(threadIdx.x + 1) % blockDim.x];
		__syncthreads();
	}
	out[global_thread_id()] = acc;
}
