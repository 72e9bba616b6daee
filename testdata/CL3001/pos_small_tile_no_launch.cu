// A 4x4 tile transposed with no barrier, and no launch in view: in the
// guessed 16x16, 32x8 and 8x8 shapes the threads past the tile are
// dropped, and those left are a 4x4 block of their own, which races.
__global__ void transpose4(float *a)
{
	__shared__ float tile[4][4];
	int x = threadIdx.x, y = threadIdx.y;
	tile[y][x] = a[(blockIdx.y * 4 + y) * 64 + blockIdx.x * 4 + x];
	a[(blockIdx.x * 4 + y) * 64 + blockIdx.y * 4 + x] = tile[x][y]; // expect: CL3001
}
