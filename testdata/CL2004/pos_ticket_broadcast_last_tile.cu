// CL2004 positive: a ticket broadcast through __shared__ `tile`, and the
// block holding the last number reads every tile. The finding names the
// data read (`out[...]`), not the read of `tile`, which holds the ticket.
__device__ unsigned int blockCounter = 0;

__global__ void tiles(int *out, int *sum, unsigned ntiles)
{
    __shared__ unsigned int tile;
    if (threadIdx.x == 0)
        tile = atomicAdd(&blockCounter, 1);
    __syncthreads();
    out[tile * blockDim.x + threadIdx.x] = 1;
    __syncthreads();
    if (tile == ntiles - 1 && threadIdx.x == 0) {
        int s = 0;
        for (unsigned j = 0; j < ntiles * blockDim.x; j++)
            s += out[j + tile - ntiles + 1]; // expect: CL2004 "`out[j + tile - ntiles + 1]`"
        *sum = s;
    }
}
