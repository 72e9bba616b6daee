// A helper called twice: its write in the second call can land while a
// neighbour is still reading in the first, which is "a later call".
__device__ float step(float *s)
{
	s[threadIdx.x] = 1.0f; // expect: CL3001 "in a later call of `step`"
	__syncthreads();
	return s[(threadIdx.x + 1) % 256];
}

__global__ void k(float *out)
{
	__shared__ float s[256];
	float v = step(s);
	v += step(s);
	out[threadIdx.x] = v;
}
