// Every thread stores the same block-uniform value to one __shared__
// element and reads it back: whichever write a thread sees, it reads that
// value, so there is nothing to order.
__global__ void k(float *out, float scale)
{
	__shared__ float *p;
	__shared__ float tile[64];
	__shared__ float factor;
	p = tile;
	factor = scale * 2.0f;
	p[threadIdx.x] = factor;
	out[threadIdx.x] = factor;
}
