//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//error: possible read-write race on out

__global__ void k(int *out)
{
	out[threadIdx.x] = out[threadIdx.x + 1];
}
