// CL1003 negative: `continue` under a block-uniform condition (a tile mask
// indexed by the loop counter and blockIdx -- uniform address, uniform
// value): the whole block skips the tile together.
__global__ void masked_tiles(const int *tile_mask, float *x, int tiles)
{
    __shared__ float s[256];
    for (int t = 0; t < tiles; ++t) {
        if (!tile_mask[blockIdx.x * tiles + t])
            continue;
        if (t % 2 == 1 && tiles > 8)
            continue;
        s[threadIdx.x] = x[t * 256 + threadIdx.x];
        __syncthreads();
        x[t * 256 + threadIdx.x] = s[255 - threadIdx.x];
        __syncthreads();
    }
}
