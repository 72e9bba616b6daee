// Each thread owns slots 3*t .. 3*t+2; a tree reduction adds slot k of
// thread t+d into its own slot k. 3*t + 0 and 3*(t + d) + 1 never meet
// (their difference is no multiple of 3), so the neighbouring writes
// within one round do not race with the reads.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[3 * 16];
	int t = threadIdx.x;
	s[3 * t + 0] = in[t];
	s[3 * t + 1] = in[t] * 2.0f;
	s[3 * t + 2] = in[t] * 3.0f;
	__syncthreads();
	for (int d = 8; d > 0; d >>= 1) {
		if (t < d) {
			s[3 * t + 0] += s[3 * (t + d) + 0];
			s[3 * t + 1] += s[3 * (t + d) + 1];
			s[3 * t + 2] += s[3 * (t + d) + 2];
		}
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0] + s[1] + s[2];
}
