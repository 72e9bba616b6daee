// CL4001 positive: a loop whose body updates each thread's own slot; the
// barrier at the end of the body orders nothing, in this iteration or
// against the next.
__global__ void iterate(float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x;
	s[t] = 0.0f;
	for (int i = 0; i < 16; i++) {
		s[t] = s[t] * 0.5f + 1.0f;
		__syncthreads(); // expect: CL4001
	}
	out[blockIdx.x * 256 + t] = s[t];
}
