// A 3-D stencil marching in z over three planes of a tile with a halo,
// written for 32x4 blocks: the halo cells are taken by the threads whose
// linear index k = tx + 32 * ty is small (rows of the tile's top and
// bottom halo, then its left and right columns 0 and 33). No launch is in
// view: in the guessed block shapes (16x16, 32x8, 8x8) some threads index
// past the tile, and the rest are not the block the code is written for,
// so what they do is not a race of the code.
#define BX 32
#define BY 4
#define ROW (BX + 2)
#define PLANE ((BX + 2) * (BY + 2))
__global__ void march(int nx, int nz, const float *__restrict__ in, float *__restrict__ out)
{
	__shared__ float u[3 * PLANE];
	int k = threadIdx.x + threadIdx.y * BX, hi, hj;
	bool halo = k < 2 * (BX + BY + 2);
	if (threadIdx.y < 2) {
		hi = threadIdx.x;
		hj = threadIdx.y * (BY + 1) - 1;
	} else {
		hi = (k % 2) * (BX + 1) - 1;
		hj = k / 2 - BX - 1;
	}
	int ind_h = (hi + 1) + (hj + 1) * ROW + PLANE;
	int g_h = blockIdx.x * BX + hi + (blockIdx.y * BY + hj) * nx;
	int ind = (threadIdx.x + 1) + (threadIdx.y + 1) * ROW + PLANE;
	int g = blockIdx.x * BX + threadIdx.x + (blockIdx.y * BY + threadIdx.y) * nx;
	u[ind + PLANE] = in[g];
	if (halo)
		u[ind_h + PLANE] = in[g_h];
	for (int z = 0; z < nz; z++) {
		u[ind - PLANE] = u[ind];
		u[ind] = u[ind + PLANE];
		u[ind + PLANE] = in[g + (z + 1) * nx * nx];
		if (halo) {
			u[ind_h - PLANE] = u[ind_h];
			u[ind_h] = u[ind_h + PLANE];
			u[ind_h + PLANE] = in[g_h + (z + 1) * nx * nx];
		}
		__syncthreads();
		out[g + z * nx * nx] = u[ind - 1] + u[ind + 1] + u[ind - ROW] + u[ind + ROW] + u[ind - PLANE] + u[ind + PLANE];
		__syncthreads();
	}
}

// The same tile in two dimensions, launched with the 32x4 blocks it is
// written for: the halo columns 0 and 33 are apart from the interior.
__global__ void tile2d(int nx, int nz, const float *__restrict__ in, float *__restrict__ out)
{
	__shared__ float u[3 * PLANE];
	int k = threadIdx.x + threadIdx.y * BX, hi, hj;
	bool halo = k < 2 * (BX + BY + 2);
	if (threadIdx.y < 2) {
		hi = threadIdx.x;
		hj = threadIdx.y * (BY + 1) - 1;
	} else {
		hi = (k % 2) * (BX + 1) - 1;
		hj = k / 2 - BX - 1;
	}
	int ind_h = (hi + 1) + (hj + 1) * ROW + PLANE;
	int g_h = blockIdx.x * BX + hi + (blockIdx.y * BY + hj) * nx;
	int ind = (threadIdx.x + 1) + (threadIdx.y + 1) * ROW + PLANE;
	int g = blockIdx.x * BX + threadIdx.x + (blockIdx.y * BY + threadIdx.y) * nx;
	u[ind + PLANE] = in[g];
	if (halo)
		u[ind_h + PLANE] = in[g_h];
	__syncthreads();
	out[g] = u[ind + PLANE - 1] + u[ind + PLANE + 1] + u[ind + PLANE];
}

void run(int nx, const float *in, float *out)
{
	tile2d<<<dim3(nx / BX, nx / BY), dim3(BX, BY)>>>(nx, 1, in, out);
}
