// CL3001 negative: pos_after_last_block.cu with the barrier it lacks.
// After the block-uniform `if (amLast)` (a barrier in one way only, run
// once per way), the write and the neighbour's read are ordered.
__device__ unsigned int ticket = 0;

__global__ void last_block(const float *in, float *partial, float *out)
{
    __shared__ bool amLast;
    __shared__ float s[256];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    if (tid == 0) {
        partial[blockIdx.x] = s[0] + s[255];
        __threadfence();
        amLast = atomicInc(&ticket, gridDim.x) == gridDim.x - 1;
    }
    __syncthreads();
    if (amLast) {
        s[tid] = partial[tid];
        __syncthreads();
        out[tid] = s[255 - tid];
    }
    __syncthreads();
    s[tid] = 2.0f * tid;
    __syncthreads();
    out[256 + tid] = s[(tid + 1) % 256];
}
