// `tid ^ 1` is the partner lane: each thread reads the element its
// partner wrote, with no __syncwarp() between.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[256];
	s[threadIdx.x] = in[threadIdx.x];
	out[threadIdx.x] = s[threadIdx.x ^ 1]; // expect: CL3001 "__syncwarp()"
}
