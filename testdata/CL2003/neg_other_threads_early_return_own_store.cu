// CL2003 negative: the partial is stored under `threadIdx.x == 0`, the
// complement of the early return's condition: the thread that takes the
// ticket stored it itself, and its own fence orders it.
__device__ unsigned int g_done;

__global__ void reduce_last(const float *sums, float *partial, float *out)
{
    if (threadIdx.x == 0)
        partial[blockIdx.x] = sums[blockIdx.x];
    __threadfence();
    if (threadIdx.x != 0)
        return;
    unsigned t = atomicInc(&g_done, gridDim.x);
    if (t == gridDim.x - 1) {
        __threadfence();
        float s = 0.0f;
        for (unsigned b = 0; b < gridDim.x; b++)
            s += partial[b];
        *out = s;
    }
}
