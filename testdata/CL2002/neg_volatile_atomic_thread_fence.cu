// CL2002 negative: the volatile poll is followed by
// cuda::atomic_thread_fence(acquire, device), an ordering point of device
// scope, before the data read.
#include <cuda/atomic>

__device__ volatile int g_flag;
__device__ float g_buf[64];

__global__ void pc(float *out)
{
    if (blockIdx.x == 0) {
        g_buf[threadIdx.x] = 1.0f;
        __threadfence();
        __syncthreads();
        if (threadIdx.x == 0)
            g_flag = 1;
    } else if (threadIdx.x == 0) {
        while (g_flag == 0) {
        }
        cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
        out[blockIdx.x] = g_buf[5];
    }
}
