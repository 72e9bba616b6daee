// CL3001 positive: a 2-D tile written at s[ty][tx] and read one row up at
// s[ty + 1][tx]; with blockDim.x == 32 that row belongs to another warp, and
// there is no barrier between the write and the read.
__global__ void vertical_diff(const float *in, float *out, int width)
{
    __shared__ float s[9][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * 32 + tx;
    int y = blockIdx.y * 8 + ty;
    s[ty][tx] = in[y * width + x];
    float below = s[ty + 1][tx]; // expect: CL3001
    out[y * width + x] = below - s[ty][tx];
}
