// CL3001 negative: pos_tile_ways.cu with the barrier it lacks. Each way
// of the block-uniform branches, with its own number of barriers, is run
// as a block of its own; none races.
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
    __syncthreads();
    s[tid] = 1.0f;
    __syncthreads();
    out[512 + tid] = s[(tid + 1) % 256];
}
