// CL2003 negative (ScoR graph-coloring detectConflicts, cut down): a read
// written as atomicAdd(p, 0) writes nothing, so it is no publication,
// whatever stores come before it.
__global__ void conflicts(int *base, int *color, const int *edges, int n)
{
    if (threadIdx.x == 0)
        *base = n;
    __syncthreads();
    int u = edges[*base + threadIdx.x];
    if (atomicAdd(&color[u], 0) == 1)
        atomicExch(&color[u], 0);
}
