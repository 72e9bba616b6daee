// The helper's default is to synchronise at its end: the write after the
// call is ordered after every read of s.
template <typename T>
__device__ T reduce(T v, T *s, bool final_sync = true)
{
	if (threadIdx.x % 32 == 0)
		s[threadIdx.x / 32] = v;
	__syncthreads();
	v = threadIdx.x < 8 ? s[threadIdx.x] : T(0);
	if (final_sync)
		__syncthreads();
	return v;
}

template <typename T>
__global__ void k(T *out)
{
	__shared__ T s[32];
	T v = reduce(out[threadIdx.x], s);
	if (threadIdx.x < 32)
		s[(threadIdx.x + 1) % 32] = v;
	out[threadIdx.x] = v;
}

template __global__ void k<float>(float *);
