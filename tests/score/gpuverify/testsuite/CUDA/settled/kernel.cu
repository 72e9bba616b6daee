//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1

__global__ void k(int *out)
{
	__shared__ int t[64];
	t[threadIdx.x] = out[0];
	out[threadIdx.x] = t[0];
}
