// CL2002 positive: __device__ volatile flag and __device__ data in one kernel;
// block 1 waits for the flag and reads g_data without a fence.
__device__ volatile int g_ready;
__device__ int g_data;

__global__ void handoff(int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        g_data = 99;
        __threadfence();
        g_ready = 1;
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (g_ready == 0); // expect: CL2002
        out[0] = g_data;
    }
}
