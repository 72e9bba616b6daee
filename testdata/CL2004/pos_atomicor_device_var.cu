// CL2004 positive: polling with atomicOr(&flag, 0) (a relaxed RMW read) on a
// __device__ variable, then reading the __device__ result unfenced.
__device__ int g_ready;
__device__ double g_result;

__global__ void pc(double *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        g_result = 2.5;
        __threadfence();
        atomicExch(&g_ready, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicOr(&g_ready, 0) == 0) {
        }
        *out = g_result; // expect: CL2004
    }
}
