// CL2003 negative: the store the ticket publishes is made by the publishing
// thread itself (under the same `threadIdx.x == 0`), so its own fence orders
// it: threadFenceReduction with the partial written in a separate branch.
__device__ unsigned int g_done;

__global__ void reduce_last(const float *sums, float *partial, float *out)
{
    if (threadIdx.x == 0)
        partial[blockIdx.x] = sums[blockIdx.x];
    __threadfence();
    if (threadIdx.x == 0) {
        unsigned t = atomicInc(&g_done, gridDim.x);
        if (t == gridDim.x - 1) {
            __threadfence();
            float s = 0.0f;
            for (unsigned b = 0; b < gridDim.x; b++)
                s += partial[b];
            *out = s;
        }
    }
}
