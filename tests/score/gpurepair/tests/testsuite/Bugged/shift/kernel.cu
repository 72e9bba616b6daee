//pass
//--blockDim=32 --gridDim=1

__global__ void k(int *a)
{
	a[threadIdx.x] = a[threadIdx.x + 1];
}
