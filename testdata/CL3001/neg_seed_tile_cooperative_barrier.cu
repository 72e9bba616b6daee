// CL3001 negative: the seed article's correctTileKernel. Every thread loads
// one element of the tile, then __syncthreads(), then reads; the write and the
// read are in different barrier intervals.
__global__ void correctTileKernel(float *input, float *output, int width)
{
    __shared__ float tile[32][32];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    tile[ty][tx] = input[row * width + col];
    __syncthreads();
    float result = tile[ty][tx] * 2.0f;
    output[row * width + col] = result;
}
