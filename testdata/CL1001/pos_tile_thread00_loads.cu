// CL1001 positive: the seed article's tile story. Only thread (0,0) loads the
// whole tile and then calls __syncthreads() *inside* the if; every other thread
// skips the barrier and reads the tile before it is filled.
__global__ void tileKernel(const float *input, float *output, int width)
{
    __shared__ float tile[32][32];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (tx == 0 && ty == 0) {
        for (int i = 0; i < 32; ++i)
            for (int j = 0; j < 32; ++j)
                tile[i][j] = input[(row + i) * width + (col + j)];
        __syncthreads(); // expect: CL1001
    }
    float result = tile[ty][tx] * 2.0f;
    output[row * width + col] = result;
}
