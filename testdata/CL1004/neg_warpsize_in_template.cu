// threadIdx.x / warpSize is warp-uniform in a template kernel too (warpSize
// is the toolkit's constant 32, known without the template's arguments)
template <int N>
__global__ void k(float *d)
{
	const int warp_id = threadIdx.x / warpSize;
	float v = d[threadIdx.x];
	if (warp_id == 0)
		v = __shfl_down_sync(0xffffffff, v, 1);
	d[threadIdx.x] = v;
}
