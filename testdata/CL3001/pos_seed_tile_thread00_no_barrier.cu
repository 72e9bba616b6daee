// CL3001 positive: the seed article's naiveTileKernel. Only thread (0,0)
// fills the whole tile, and there is no __syncthreads() before the other
// threads read it (on an H200, 121,920 of 262,144 outputs were wrong and
// racecheck reported the hazard).
__global__ void naiveTileKernel(float *input, float *output, int width)
{
    __shared__ float tile[32][32];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (tx == 0 && ty == 0) {
        for (int i = 0; i < 32; ++i) {
            for (int j = 0; j < 32; ++j) {
                tile[i][j] = input[(row + i) * width + (col + j)];
            }
        }
    }
    float result = tile[ty][tx] * 2.0f; // expect: CL3001
    output[row * width + col] = result;
}
