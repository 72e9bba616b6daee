// the barrier is spelled in a macro: the finding has no fix
#define SYNC() __syncthreads()
__global__ void pairs(float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x;
	s[t] = (float)t;
	SYNC();
	out[blockIdx.x * 256 + t] = s[t ^ 1];
}

int main()
{
	float *o;
	cudaMalloc(&o, 4096 * sizeof(float));
	pairs<<<16, 256>>>(o);
	return 0;
}
