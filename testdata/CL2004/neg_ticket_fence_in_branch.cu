// CL2004 negative: a ticket taken with atomicAdd after a release fence, and
// an explicit __threadfence() at the top of the winning branch before the
// partials are read.
__device__ int g_count;

__global__ void merge_last(int *rows, int *merged)
{
    if (threadIdx.x == 0) {
        rows[blockIdx.x] = (int)blockIdx.x;
        __threadfence();
        int t = atomicAdd(&g_count, 1);
        if (t == (int)gridDim.x - 1) {
            __threadfence();
            int s = 0;
            for (unsigned r = 0; r < gridDim.x; r++)
                s += rows[r];
            *merged = s;
        }
    }
}
