// CL2004 / CL2003 negative: a persistent kernel hands out tiles with a
// counter (a work ticket, not a flag). Thread 0 takes the next number into
// __shared__ `tile`, the block computes that tile, and the loop runs while
// the number is below the count. The first block passes `tile < ntiles`
// before any other did anything, so the test says nothing about other
// blocks' data: the read of `out` and of `tile` itself need no acquire, and
// the stores before the next atomicAdd need no release.
__device__ unsigned int blockCounter = 0;

__global__ void mandel(int *out, unsigned ntiles, unsigned tilesize)
{
    __shared__ unsigned int tile;
    if (threadIdx.x == 0)
        tile = atomicAdd(&blockCounter, 1);
    __syncthreads();
    while (tile < ntiles) {
        unsigned i = tile * tilesize + threadIdx.x;
        out[i] = out[i] * 2 + 1;
        __syncthreads();
        if (threadIdx.x == 0)
            tile = atomicAdd(&blockCounter, 1);
        __syncthreads();
    }
}
