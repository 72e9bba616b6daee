// An error that only an instantiation shows (no_size has no size()) does
// not stop the analysis: cudalint reads the template as written and asks
// clang for no instantiation, so the pattern's divergent barrier is found.
struct no_size {};

template <typename T>
__device__ void stage(T *buf, const T &v)
{
	if (threadIdx.x < v.size())
		__syncthreads(); // expect: CL1001
	buf[threadIdx.x] = v;
}

__global__ void kernel(no_size *buf)
{
	stage(buf, buf[0]);
}
