// A rotation by one, `(tid + 1) % 256`: the last thread reads thread 0's
// element and every other thread its right neighbour's.
__global__ void k(const float *in, float *out)
{
	__shared__ float s[256];
	s[threadIdx.x] = in[threadIdx.x];
	out[threadIdx.x] = s[(threadIdx.x + 1) % 256]; // expect: CL3001
}
