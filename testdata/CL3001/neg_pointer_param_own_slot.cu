// CL3001 negative: the `T *buf` twin where each thread reads back only its
// own slot, and a helper that writes through a pointer every caller points
// at its own element (nothing says the threads share it).
template <typename T>
__device__ T square_in_place(T *buf, T v)
{
	buf[threadIdx.x] = v;
	T x = buf[threadIdx.x];
	buf[threadIdx.x] = x * x;
	return buf[threadIdx.x];
}
__device__ void store(float *p, float v)
{
	if (threadIdx.x % 2)
		*p = v;
	p[1] = v + 1.0f;
}
