// The twin of neg_stencil_planes_tile_32x4.cu, launched with the 32x4
// blocks it is written for, with the halo's tile index off by one (hi
// instead of hi + 1): the right halo cell lands on column 32, the last
// interior column, which thread (31, ty) writes too, with another value.
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
	int ind_h = hi + (hj + 1) * ROW + PLANE;
	int g_h = blockIdx.x * BX + hi + (blockIdx.y * BY + hj) * nx;
	int ind = (threadIdx.x + 1) + (threadIdx.y + 1) * ROW + PLANE;
	int g = blockIdx.x * BX + threadIdx.x + (blockIdx.y * BY + threadIdx.y) * nx;
	u[ind + PLANE] = in[g];
	if (halo)
		u[ind_h + PLANE] = in[g_h]; // expect: CL3001
	__syncthreads();
	out[g] = u[ind + PLANE - 1] + u[ind + PLANE + 1] + u[ind + PLANE];
}

void run(int nx, const float *in, float *out)
{
	march<<<dim3(nx / BX, nx / BY), dim3(BX, BY)>>>(nx, 1, in, out);
}
