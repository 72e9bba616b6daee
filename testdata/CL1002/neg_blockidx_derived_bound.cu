// CL1002 negative: the loop bound is computed from blockIdx and a kernel
// parameter (the last block row may be partial): uniform within the block.
#define TILE 32
__global__ void partial_tile_rows(float *m, int nrows, int ld)
{
    __shared__ float row[TILE];
    int rows = min(TILE, nrows - (int)blockIdx.y * TILE);
    for (int r = 0; r < rows; ++r) {
        row[threadIdx.x] = m[(blockIdx.y * TILE + r) * ld + threadIdx.x];
        __syncthreads();
        m[(blockIdx.y * TILE + r) * ld + threadIdx.x] = row[TILE - 1 - threadIdx.x];
        __syncthreads();
    }
}
