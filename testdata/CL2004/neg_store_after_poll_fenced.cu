// CL2004 negative: the twin of pos_store_after_poll_overwrites.cu with the
// acquire fence after the poll.
__device__ int g_flag;

__global__ void overwrite(int *val)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        val[0] = 1;
        __threadfence();
        atomicExch(&g_flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(&g_flag, 0) == 0) {
        }
        __threadfence();
        val[0] = 2;
    }
}
