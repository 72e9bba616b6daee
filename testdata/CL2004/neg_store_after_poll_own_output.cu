// CL2004 negative: after the poll the consumer writes only its own output,
// which the producer never stores to before raising the flag: no store of
// the producer's can collide with it.
__device__ int g_flag;

__global__ void consume(int *val, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        val[0] = 1;
        __threadfence();
        atomicExch(&g_flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(&g_flag, 0) == 0) {
        }
        out[0] = 7;
        out[1] = 8;
    }
}
