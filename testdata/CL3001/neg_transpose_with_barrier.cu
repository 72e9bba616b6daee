// CL3001 negative: shared-memory transpose done right: write t[ty][tx],
// __syncthreads(), read t[tx][ty].
#define TILE 32
__global__ void transpose(const float *in, float *out, int width)
{
    __shared__ float t[TILE][TILE + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TILE + tx;
    int y = blockIdx.y * TILE + ty;
    t[ty][tx] = in[y * width + x];
    __syncthreads();
    int ox = blockIdx.y * TILE + tx;
    int oy = blockIdx.x * TILE + ty;
    out[oy * width + ox] = t[tx][ty];
}
