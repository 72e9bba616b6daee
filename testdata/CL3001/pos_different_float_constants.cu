// Two threads store different constants into one slot.
__global__ void mark(float *out)
{
	__shared__ float flag[32];
	if (threadIdx.x % 2)
		flag[threadIdx.x / 2] = 1.0f;
	else
		flag[threadIdx.x / 2] = 0.5f; // expect: CL3001 "different values"
	__syncthreads();
	out[threadIdx.x] = flag[threadIdx.x % 32];
}
