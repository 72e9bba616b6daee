// CL4001 negative: after the barrier each thread writes through a pointer
// loaded from memory; where it points (perhaps into the tile) is unknown,
// so the barrier stays.
__global__ void through_table(float **table, float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x;
	float *p = table[blockIdx.x];
	s[t] = 1.0f;
	__syncthreads();
	p[t] = s[t];
}
