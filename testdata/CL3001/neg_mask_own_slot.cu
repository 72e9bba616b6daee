// `tid & 255` and `(tid & ~31) + lane` are the thread's own element in a
// block of at most 256 threads: each reads back what it wrote.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[256];
	int lane = threadIdx.x & 31;
	s[threadIdx.x & 255] = in[threadIdx.x];
	out[threadIdx.x] = s[(threadIdx.x & ~31) + lane];
}
