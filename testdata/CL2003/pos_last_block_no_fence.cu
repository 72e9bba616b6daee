// CL2003 + CL2004 positive: a last-block reduction without
// threadFenceReduction's __threadfence(). Each block stores its partial sum
// and takes a ticket with atomicInc (CL2003: the partial may not be visible
// when the last block sees the count); the last block then reads all
// partials with no fence after its atomic (CL2004).
__device__ unsigned int g_count = 0;

__global__ void sum(const float *in, float *partial, float *total, unsigned n)
{
    __shared__ float sdata[256];
    __shared__ bool amLast;
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = sdata[0];
        unsigned t = atomicInc(&g_count, gridDim.x); // expect: CL2003
        amLast = (t == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast && tid == 0) {
        float acc = 0.0f;
        for (unsigned b = 0; b < gridDim.x; b++)
            acc += partial[b]; // expect: CL2004
        *total = acc;
        g_count = 0;
    }
}
