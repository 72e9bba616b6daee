// No launch in view: __launch_bounds__(128) makes 128-thread blocks the
// guess, and in them every thread reads what another wrote (in blocks of
// 256 each would read its own element).
__global__ void __launch_bounds__(128) rotate(float *out)
{
	__shared__ float s[128];
	s[threadIdx.x] = out[threadIdx.x];
	out[threadIdx.x] = s[(threadIdx.x + blockDim.x / 2) % 128]; // expect: CL3001
}
