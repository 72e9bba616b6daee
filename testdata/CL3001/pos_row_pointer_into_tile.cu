// A pointer to a row of a 2-D tile is the tile itself: `row[tx]` writes
// tile[ty][tx], and the read of tile[ty][tx + 1] is the neighbour's
// element, with no barrier between.
__global__ void k(const float *in, float *out)
{
	__shared__ float tile[8][33];
	float *row = &tile[threadIdx.y][0];
	row[threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
	out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x + 1]; // expect: CL3001
}
