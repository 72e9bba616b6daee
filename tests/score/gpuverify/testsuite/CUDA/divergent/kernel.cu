//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//error: barrier may be reached by non-uniform control flow

__global__ void k(int *out)
{
	if (threadIdx.x < 8)
		__syncthreads();
}
