// CL2003 negative: the fix of pos_other_threads_early_return.cu: the block
// syncs after the fences, before the other threads leave.
__device__ unsigned int g_done;

__global__ void parts(const float *in, float *part, float *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    part[i] = in[i] * 2.0f;
    __threadfence();
    __syncthreads();
    if (threadIdx.x != 0)
        return;
    unsigned t = atomicInc(&g_done, gridDim.x);
    if (t == gridDim.x - 1) {
        __threadfence();
        float s = 0.0f;
        for (unsigned j = 0; j < gridDim.x * blockDim.x; j++)
            s += part[j];
        *out = s;
    }
}
