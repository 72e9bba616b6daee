// Each thread loops over its own row length.
__global__ void rows(const int *len, float *data)
{
	int n = len[threadIdx.x];
	for (int i = 0; i < n; i++) {
		data[threadIdx.x] += 1.0f;
		__syncthreads();
	}
}
