// Slots 2*t, read at 2*t + 2: that is thread t+1's slot, written without a
// barrier in between (the stride does not make these disjoint).
__global__ void k(const float *in, float *out)
{
	__shared__ float s[2 * 64];
	int t = threadIdx.x;
	s[2 * t] = in[t];
	out[t] = s[2 * t + 2]; // expect: CL3001
}
