// CL2004 negative: the tile counter of a persistent kernel, the loop left
// with `if (t >= ntiles) break;`: what follows the test runs for numbers
// below the count only, which the first taker gets too; nothing is handed
// over through the counter.
__device__ unsigned int nextTile = 0;

__global__ void tiles(float *img, unsigned ntiles)
{
    __shared__ unsigned int tile;
    for (;;) {
        if (threadIdx.x == 0)
            tile = atomicAdd(&nextTile, 1);
        __syncthreads();
        unsigned t = tile;
        __syncthreads();
        if (t >= ntiles)
            break;
        float *p = img + t * blockDim.x;
        if (p[threadIdx.x] < 0.0f)
            p[threadIdx.x] = 0.0f;
    }
}
