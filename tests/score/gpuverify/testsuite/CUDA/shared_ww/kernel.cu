//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//error: possible write-write race on slot[0]

__global__ void k(void)
{
	__shared__ int slot[4];
	slot[0] = threadIdx.x;
}
