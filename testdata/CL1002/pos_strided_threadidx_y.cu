// CL1002 positive: a row loop starting at threadIdx.y and striding by
// blockDim.y. If TILE is not a multiple of blockDim.y, some rows of threads
// do one more iteration -- and one more barrier -- than others.
#define TILE 40
__global__ void load_rows(const float *g, float *out, int ld)
{
    __shared__ float t[TILE][32];
    for (int r = threadIdx.y; r < TILE; r += blockDim.y) {
        t[r][threadIdx.x] = g[(blockIdx.y * TILE + r) * ld + threadIdx.x];
        __syncthreads(); // expect: CL1002
    }
    out[blockIdx.y * 32 + threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x % TILE][threadIdx.y % 32];
}
