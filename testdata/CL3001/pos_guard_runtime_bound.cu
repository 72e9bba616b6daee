// A write under a guard with a runtime bound, `tid < n`, and a read of
// thread 0's element by every thread: for any n > 0 the reads can come
// before thread 0's write.
__global__ void k(const float *in, float *out, int n)
{
	__shared__ float s[256];
	if (threadIdx.x < n)
		s[threadIdx.x] = in[threadIdx.x];
	out[threadIdx.x] = s[0]; // expect: CL3001
}
