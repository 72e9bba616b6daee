// CL2003 negative (ScoR graph-coloring, cut down): a block that has run out
// of work scans the other blocks' queue heads with atomicAdd(p, 0) in a
// loop that counts to the number of blocks, then claims work with atomicAdd.
// The read decides only when the search stops: the heads are work counters,
// not flags that publish the colours stored before the claim.
__global__ void claim(int *head, const int *tail, int *color, int *base, int nblocks)
{
    color[blockIdx.x * blockDim.x + threadIdx.x] = 1;
    __syncthreads();
    if (threadIdx.x == 0) {
        int other = 0;
        for (int b = 1; b < nblocks; b++) {
            other = (blockIdx.x + b) % nblocks;
            int h = atomicAdd(&head[other], 0);
            if (h + 256 < tail[other])
                break;
        }
        *base = atomicAdd(&head[other], 256);
    }
    __syncthreads();
    if (color[*base + threadIdx.x] == 1)
        color[*base + threadIdx.x] = 2;
}
