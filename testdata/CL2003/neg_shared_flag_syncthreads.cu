// CL2003 negative: the data goes to shared memory, the whole block passes
// __syncthreads(), and then thread 0 raises a __shared__ flag that warp 1
// polls. For a __shared__ flag the barrier is a sufficient ordering point.
// (The flag is reset before the tile is written, so that store publishes
// nothing.)
__global__ void barrier_then_flag(const int *in, int *out)
{
    __shared__ int s_tile[64];
    __shared__ volatile int s_go;
    if (threadIdx.x == 0)
        s_go = 0;
    __syncthreads();
    if (threadIdx.x < 64)
        s_tile[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        s_go = 1;
    } else if (threadIdx.x == 32) {
        while (s_go == 0) {
        }
        __threadfence_block();
        out[blockIdx.x] = s_tile[5];
    }
}
