// A 16x16 stencil tile with a halo of one cell: interior cells at
// ind = (tx + 1) + (ty + 1) * 18, columns 1..16; the halo columns 0 and 17
// taken by tx < 2 at tx * 17 + (ty + 1) * 18, or by tx == 0 and tx == 15;
// the halo rows by ty < 2. The interior and the halo are apart. (The
// second kernel reads only its row's neighbours: lanes of one warp in the
// 16x16 blocks it is launched with, so its barrier could be a warp's.)
#define BX 16
#define BY 16
__global__ void columns_by_two(const float *__restrict__ u0, float *__restrict__ u2, int nx)
{
	__shared__ float u1[(BX + 2) * (BY + 2)];
	int tx = threadIdx.x, ty = threadIdx.y;
	int g = blockIdx.x * BX + tx + (blockIdx.y * BY + ty) * nx;
	int ind = (tx + 1) + (ty + 1) * (BX + 2);
	u1[ind] = u0[g];
	if (tx < 2) {
		int ind_h = tx * (BX + 1) + (ty + 1) * (BX + 2);
		u1[ind_h] = u0[g - 1 + tx * (BX + 1)];
	}
	if (ty < 2) {
		int ind_h = (tx + 1) + ty * (BY + 1) * (BX + 2);
		u1[ind_h] = u0[g + (ty * (BY + 1) - 1) * nx];
	}
	__syncthreads();
	u2[g] = u1[ind - 1] + u1[ind + 1] + u1[ind - BX - 2] + u1[ind + BX + 2] - 4.0f * u1[ind];
}

__global__ void columns_by_edge(const float *__restrict__ u0, float *__restrict__ u2, int nx, int ny)
{
	extern __shared__ float u1[];
	int tx = threadIdx.x, ty = threadIdx.y;
	int i = blockIdx.x * BX + tx, j = blockIdx.y * BY + ty;
	int ind = (tx + 1) + (ty + 1) * (BX + 2), g = i + j * nx;
	if (i < nx && j < ny) {
		u1[ind] = u0[g];
		if (tx == 0)
			u1[ind - 1] = u0[g - 1];
		if (tx == BX - 1)
			u1[ind + 1] = u0[g + 1];
	}
	__syncthreads(); // expect: CL4002
	if (i < nx && j < ny)
		u2[g] = u1[ind - 1] + u1[ind + 1] - 2.0f * u1[ind];
}

void run(const float *a, float *b, int nx, int ny)
{
	columns_by_edge<<<dim3(nx / BX, ny / BY), dim3(BX, BY), (BX + 2) * (BY + 2) * sizeof(float)>>>(a, b, nx, ny);
}
