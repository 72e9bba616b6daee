// CL2006 positive (ScoR graph-coloring -DRACEY, rewritten): each block takes
// work from its own queue head with a block-scope atomic, but blocks that run
// out steal from other blocks' heads with device-scope atomics: the owner's
// block-scope update races with the thief's.
__global__ void work(int *head, const int *tail, int *out)
{
    __shared__ int base;
    int bid = blockIdx.x;
    if (threadIdx.x == 0) {
        int b = atomicAdd_block(&head[bid], 32); // expect: CL2006 "also accessed with device scope"
        if (b >= tail[bid])
            b = atomicAdd(&head[(bid + 1) % gridDim.x], 32); // expect-note: "the device-scope access"
        base = b;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = base;
}
