// CL3001 positive: the reversal kernel. tile[t] is written, then the mirrored
// element tile[BLOCK - 1 - t], written by another warp, is read without a
// barrier.
#define BLOCK 256
__global__ void reverse_block(const int *in, int *out)
{
    __shared__ int tile[BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * BLOCK + t;
    tile[t] = in[i];
    out[i] = tile[BLOCK - 1 - t]; // expect: CL3001
}
