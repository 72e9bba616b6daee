// CL3001 positive: the threads past a count read from memory leave
// (`if (tid >= n) return;`, a contiguous range the run cannot size); the
// others still race: the neighbour's slot is read before the barrier.
__global__ void shift_left(const int *count, const float *in, float *out)
{
	__shared__ float s[257];
	int tid = threadIdx.x;
	int n = *count;
	if (tid >= n)
		return;
	s[tid] = in[tid];
	__syncthreads(); // expect: CL1003
	float v = s[tid + 1];
	s[tid] = v * 2.0f;
	out[tid] = s[tid + 1]; // expect: CL3001 "s[tid + 1]"
}
