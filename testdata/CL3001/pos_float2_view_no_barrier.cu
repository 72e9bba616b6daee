// A float2 stored through a view of a float array (float2's operator=)
// and read back as floats by a neighbour with no barrier in between.
__global__ void widen(const float2 *__restrict__ in, float *__restrict__ out)
{
	__shared__ float s[512];
	int t = threadIdx.x;
	reinterpret_cast<float2 *>(s)[t] = in[blockIdx.x * 256 + t];
	out[blockIdx.x * 256 + t] = s[(2 * t + 2) % 512]; // expect: CL3001
}
