// CL2003 + CL2004 positive: a "last one out" ticket with atomicAdd. Every
// block writes its histogram row and bumps a counter; the block that gets
// the last ticket merges all rows. No fence before the atomicAdd (CL2003)
// and none after it in the merging branch (CL2004).
__device__ int g_done;

__global__ void hist(const int *keys, int *rows, int *merged, int nbins)
{
    if (threadIdx.x == 0) {
        for (int b = 0; b < nbins; b++)
            rows[blockIdx.x * nbins + b] = keys[blockIdx.x + b] & 1;
        int t = atomicAdd(&g_done, 1); // expect: CL2003
        if (t == (int)gridDim.x - 1) {
            for (int b = 0; b < nbins; b++) {
                int s = 0;
                for (unsigned r = 0; r < gridDim.x; r++)
                    s += rows[r * nbins + b]; // expect: CL2004
                merged[b] = s;
            }
        }
    }
}
