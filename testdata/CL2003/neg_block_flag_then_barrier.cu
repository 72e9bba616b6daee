// CL2003 + CL2004 negative (ScoR graph-coloring, cut down): thread 0 stores
// the block's next base and the block id it works for, with a block-scoped
// exchange, and then the block passes __syncthreads(); every thread reads
// both after the barrier. The barrier orders the hand-off; the flag alone
// between two barriers needs no fence.
__global__ void steal(int *head, const int *tail, int *bases, int *blockIds, int *out)
{
    int *base = &bases[blockIdx.x];
    int *blockId = &blockIds[blockIdx.x];
    if (threadIdx.x == 0) {
        *base = atomicAdd(&head[blockIdx.x], 256);
        atomicExch_block(blockId, (int)blockIdx.x + 1);
    }
    __syncthreads();
    int bid = atomicAdd_block(blockId, 0);
    if (*base < tail[bid])
        out[bid * blockDim.x + threadIdx.x] = *base;
}
