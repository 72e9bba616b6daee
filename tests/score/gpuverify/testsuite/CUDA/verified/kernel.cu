//pass
//--blockDim=64 --gridDim=1

__global__ void k(int *out)
{
	__shared__ int t[64];
	t[threadIdx.x] = out[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = t[63 - threadIdx.x];
}
