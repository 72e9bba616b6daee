// CL3001 positive: after a block-stride loop over a rounded range (the
// same trip count in every thread, so the run goes on past its barriers),
// the sums are exchanged through shared memory with no barrier.
#define WRAP 128
__global__ void sum_then_shift(const float *in, float *out, int n)
{
	__shared__ float s[WRAP];
	int end = (n + WRAP - 1) / WRAP * WRAP;
	float acc = 0;
	for (int x = threadIdx.x; x < end; x += WRAP) {
		s[threadIdx.x] = x < n ? in[x] : 0.0f;
		__syncthreads();
		acc += s[(threadIdx.x + 1) % WRAP];
		__syncthreads();
	}
	s[threadIdx.x] = acc;
	out[threadIdx.x] = s[(threadIdx.x + 1) % WRAP]; // expect: CL3001
}
