// A helper written above the kernel, called once, overwrites the element
// a neighbour is reading: a plain overwrite, not "a later call" (the
// helper's write comes first in the file, yet after the read in the run).
__device__ void put(float *s)
{
	s[threadIdx.x] = 1.0f; // expect: CL3001 "overwrites __shared__ memory"
}

__global__ void k(float *out)
{
	__shared__ float s[256];
	s[threadIdx.x] = 0.0f;
	__syncthreads();
	float v = s[(threadIdx.x + 1) % 256];
	put(s);
	__syncthreads(); // expect: CL4001
	out[threadIdx.x] = v + s[threadIdx.x];
}
