// The same from a template, whose calls clang does not fold: the value
// comes from the helper's declaration, `bool final_sync = false`.
template <typename T>
__device__ T reduce(T v, T *s, bool final_sync = false)
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
		s[(threadIdx.x + 1) % 32] = v; // expect: CL3001
	out[threadIdx.x] = v;
}

template __global__ void k<float>(float *);
