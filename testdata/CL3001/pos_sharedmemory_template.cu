// The cuda-samples idiom: SharedMemory<T> converts to the extern
// __shared__ array. The reduction's barriers are missing, so each step
// reads a partial sum another thread writes in the step before.
template <class T>
struct SharedMemory {
	__device__ operator T *()
	{
		extern __shared__ int smem[];
		return (T *)smem;
	}
};
template <class T>
__global__ void reduce(const T *in, T *out, unsigned n)
{
	T *sdata = SharedMemory<T>();
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + tid;
	sdata[tid] = i < n ? in[i] : 0;
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)
		if (tid < s)
			sdata[tid] += sdata[tid + s]; // expect: CL3001
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}
