// CL2005 negative: the fence orders a shared store and a global store; the
// global one may be read by another block, so device scope is warranted.
__global__ void mixed(float *g_partial, int *g_flag)
{
    __shared__ float s_acc;
    if (threadIdx.x == 0) {
        s_acc = 1.0f;
        g_partial[blockIdx.x] = 2.0f;
        __threadfence();
        atomicExch(&g_flag[blockIdx.x], 1);
    }
    __syncthreads();
    g_partial[gridDim.x + blockIdx.x] = s_acc;
}
