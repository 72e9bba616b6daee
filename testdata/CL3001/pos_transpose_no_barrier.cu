// CL3001 positive: shared-memory transpose without the barrier. The tile is
// written at t[ty][tx] and read transposed at t[tx][ty], an element written by
// another thread (usually another warp).
#define TILE 32
__global__ void transpose(const float *in, float *out, int width)
{
    __shared__ float t[TILE][TILE + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TILE + tx;
    int y = blockIdx.y * TILE + ty;
    t[ty][tx] = in[y * width + x];
    int ox = blockIdx.y * TILE + tx;
    int oy = blockIdx.x * TILE + ty;
    out[oy * width + ox] = t[tx][ty]; // expect: CL3001
}
