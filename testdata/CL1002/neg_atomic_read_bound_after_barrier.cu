// CL1002 negative (ScoR graph-coloring, cut down; item c of the ordering
// issue): thread 0 writes the block's work id with a block-scoped exchange
// before __syncthreads(); after it every thread reads the id with
// atomicAdd_block(p, 0), a read, and loops to the bound it selects. All
// threads read the same value, so the trip count is block-uniform.
__global__ void work(int *ids, const int *tail, int *out)
{
    int *id = &ids[blockIdx.x];
    int i = 0;
    int n = tail[blockIdx.x];
    while (i < n) {
        __syncthreads();
        if (threadIdx.x == 0)
            atomicExch_block(id, i % 4);
        __syncthreads();
        int b = atomicAdd_block(id, 0);
        n = tail[b];
        out[b * blockDim.x + threadIdx.x] += 1;
        i++;
    }
}
