// CL4001 and CL4002: barriers that order nothing, or one warp only
__global__ void own(float *out)
{
	__shared__ float v[256];
	int t = threadIdx.x;
	v[t] = (float)t;
	for (int it = 0; it < 4; ++it) {
		v[t] = v[t] * 0.5f + 1.0f;
		__syncthreads(); // orders nothing
	}
	out[blockIdx.x * 256 + t] = v[t];
}

__global__ void pairs(float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x;
	s[t] = (float)t;
	__syncthreads();
	out[blockIdx.x * 256 + t] = s[t ^ 1];
}

int main()
{
	float *o;
	cudaMalloc(&o, 4096 * sizeof(float));
	own<<<16, 256>>>(o);
	pairs<<<16, 256>>>(o);
	return 0;
}
