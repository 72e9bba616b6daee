// CL3001 positive: a race after a block-uniform branch the simulation
// cannot decide (the last block's `amLast`, read from __shared__ after a
// barrier) with a barrier in one way only. The block is run once per way;
// in both, the write of s[tid] and the neighbour's read meet with no
// barrier between them.
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
    s[tid] = 2.0f * tid;
    out[256 + tid] = s[(tid + 1) % 256]; // expect: CL3001
}
