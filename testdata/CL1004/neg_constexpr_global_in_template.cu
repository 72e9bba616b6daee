// CL1004 negative: a namespace-scope constexpr warp size used in a template
// kernel: its value does not depend on the template's parameters, so
// threadIdx.x / kWarpSize is the warp index there too.
constexpr int kWarpSize = 32;
template <typename T>
__global__ void warp0_broadcast_t(const T *in, T *out)
{
	int v = (int)in[threadIdx.x];
	int warp = threadIdx.x / kWarpSize;
	if (warp == 0)
		v = __shfl_sync(0xffffffff, v, 0);
	out[threadIdx.x] = (T)v;
}
