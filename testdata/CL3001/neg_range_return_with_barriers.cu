// CL3001 negative: the twin of pos_race_after_range_return.cu with the
// barrier it lacks; the threads that left count as arrived.
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
	__syncthreads(); // expect: CL1003
	s[tid] = v * 2.0f;
	__syncthreads(); // expect: CL1003
	out[tid] = s[tid + 1];
}
