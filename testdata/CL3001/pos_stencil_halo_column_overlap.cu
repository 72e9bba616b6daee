// The twin of neg_stencil_halo_columns.cu with the right halo column off
// by one: tx * 16 puts it at column 16, the last interior column, which
// thread (15, ty) writes too (in the 16x16 blocks it is launched with).
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
		int ind_h = tx * BX + (ty + 1) * (BX + 2);
		u1[ind_h] = u0[g - 1 + tx * (BX + 1)]; // expect: CL3001
	}
	__syncthreads(); // expect: CL4002
	u2[g] = u1[ind - 1] + u1[ind + 1] - 2.0f * u1[ind];
}

void run(const float *a, float *b, int nx)
{
	columns_by_two<<<dim3(nx / BX, nx / BY), dim3(BX, BY)>>>(a, b, nx);
}
