// CL1002 negative: the rounded-bound loop with a constant stride, the
// block's width, and a start that is a block offset plus threadIdx.x
// (declared before the loop, as C code does).
#define WRAP 128
__global__ void sum_rows(const float *in, float *out, int n)
{
	__shared__ float s[WRAP];
	int x, start = blockIdx.x * WRAP * 4 + threadIdx.x;
	int end = blockIdx.x * WRAP * 4 + (n + WRAP - 1) / WRAP * WRAP;
	float acc = 0;
	for (x = start; x < end; x += WRAP) {
		s[threadIdx.x] = x < n ? in[x] : 0.0f;
		__syncthreads();
		acc += s[(threadIdx.x + 1) % WRAP];
		__syncthreads();
	}
	out[blockIdx.x * WRAP + threadIdx.x] = acc;
}
