// CL2003 negative: every thread fills its slot of a __shared__ tile (read
// by its neighbour after the barrier at the end) and fences before thread 0
// takes the last-block ticket. The ticket hands over to other blocks, which
// cannot read this block's shared memory, so the tile is not what it
// publishes: thread 0's partial is, and thread 0's own fence orders it.
__device__ unsigned int g_done;

__global__ void ticket_and_tile(const float *in, float *partial, float *out, float *next)
{
    __shared__ float tile[256];
    tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __threadfence();
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = in[blockIdx.x * blockDim.x];
        __threadfence();
        unsigned t = atomicInc(&g_done, gridDim.x);
        if (t == gridDim.x - 1) {
            __threadfence();
            float acc = 0.0f;
            for (unsigned b = 0; b < gridDim.x; b++)
                acc += partial[b];
            *out = acc;
        }
    }
    __syncthreads();
    next[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + 1) % 256];
}
