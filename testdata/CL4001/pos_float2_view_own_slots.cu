// CL4001 positive: the twin of neg_float2_view.cu where each thread reads
// back only the two floats its own float2 store wrote.
__global__ void widen(const float2 *__restrict__ in, float *__restrict__ out)
{
	__shared__ float s[512];
	int t = threadIdx.x;
	reinterpret_cast<float2 *>(s)[t] = in[blockIdx.x * 256 + t];
	__syncthreads(); // expect: CL4001
	out[blockIdx.x * 256 + t] = s[2 * t] + s[2 * t + 1];
}
