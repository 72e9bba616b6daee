// CL2003 negative (item a of the ordering issue): one loop counts up to a
// bound read from memory, another thread raises the bound with atomicAdd
// after storing. The bound is read, not waited on, so the atomicAdd is no
// publication and the store before it needs no fence.
__device__ int g_limit;

__global__ void grow(float *items, float *out)
{
    if (threadIdx.x == 0) {
        items[blockIdx.x] = 2.0f;
        atomicAdd(&g_limit, 1);
    }
    int i = threadIdx.x;
    while (i < g_limit) {
        out[i] = items[i];
        i += blockDim.x;
    }
}
