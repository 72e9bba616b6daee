// A transpose whose tile is written under a bounds guard on the global
// coordinates: the guard does not make the access unknown, and the
// transposed read comes without a barrier.
#define T 16
__global__ void k(const float *in, float *out, int width, int height)
{
	__shared__ float tile[T][T + 1];
	int xIndex = blockIdx.x * T + threadIdx.x;
	int yIndex = blockIdx.y * T + threadIdx.y;
	if (xIndex < width && yIndex < height)
		tile[threadIdx.y][threadIdx.x] = in[yIndex * width + xIndex];
	xIndex = blockIdx.y * T + threadIdx.x;
	yIndex = blockIdx.x * T + threadIdx.y;
	if (xIndex < height && yIndex < width)
		out[yIndex * height + xIndex] = tile[threadIdx.x][threadIdx.y]; // expect: CL3001
}
