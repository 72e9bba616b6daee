// CL1002 negative: an iterate-until-converged loop whose `break` depends on
// the result of __syncthreads_or (block-uniform), e.g. BFS frontier
// expansion. The break is uniform, so the trip count is uniform.
__global__ void relax(int *dist, const int *nbr, int maxIter)
{
    __shared__ int d[256];
    int tid = threadIdx.x;
    d[tid] = dist[blockIdx.x * 256 + tid];
    __syncthreads();
    for (int it = 0; it < maxIter; ++it) {
        int cand = d[nbr[tid]] + 1;
        int changed = cand < d[tid];
        __syncthreads();
        if (changed)
            d[tid] = cand;
        int any = __syncthreads_or(changed);
        if (!any)
            break;
    }
    dist[blockIdx.x * 256 + tid] = d[tid];
}
