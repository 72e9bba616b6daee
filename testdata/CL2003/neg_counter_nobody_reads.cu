// CL2003 negative (ScoR uts, cut down): before publishing, the thread bumps
// statistics counters that no thread of the kernel reads (the host reads
// them afterwards). Atomic updates of a counter give the same sum in any
// order, so the publication need not order them.
__device__ int g_nodes, g_ready;

__global__ void expand(int *out)
{
    if (threadIdx.x == 0) {
        atomicAdd(&g_nodes, 3);
        atomicExch(&g_ready, 1);
    } else if (threadIdx.x == 32) {
        while (atomicAdd(&g_ready, 0) == 0) {
        }
        out[blockIdx.x] = 1;
    }
}
