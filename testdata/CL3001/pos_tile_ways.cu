// CL3001 positive: a full tile and the last, partial one take different
// numbers of barriers (cub's ConsumeRange: `if (remaining > TILE) ... else
// if (remaining > 0) ...`, on a value the block shares). The block is run
// once per way; in each, the write after the tiles and a neighbour's read
// meet with no barrier between them.
__device__ void full_tile(float *s, float *out, unsigned tid)
{
    __syncthreads();
    out[tid] = s[255 - tid];
    __syncthreads();
}

__device__ void last_tile(float *s, float *out, unsigned tid, int remaining)
{
    __syncthreads();
    if (tid < remaining)
        s[tid] = out[tid];
    __syncthreads();
    out[tid] = s[(tid + 1) % 256];
}

__global__ void consume(float *out, const int *sizes)
{
    __shared__ float s[256];
    __shared__ int remaining;
    unsigned tid = threadIdx.x;
    if (tid == 0)
        remaining = sizes[blockIdx.x];
    s[tid] = out[tid];
    __syncthreads();
    if (remaining > 256)
        full_tile(s, out, tid);
    else if (remaining > 0)
        last_tile(s, out, tid, remaining);
    s[tid] = 1.0f;
    out[512 + tid] = s[(tid + 1) % 256]; // expect: CL3001
}
