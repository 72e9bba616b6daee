// CL2004 negative: the textbook CUDA spin lock: atomicCAS loop,
// __threadfence() after taking the lock, critical section, __threadfence()
// before releasing with atomicExch.
__device__ int g_lock;
__device__ float g_sum;

__global__ void locked_add(const float *vals)
{
    if (threadIdx.x == 0) {
        while (atomicCAS(&g_lock, 0, 1) != 0) {
        }
        __threadfence();
        g_sum = g_sum + vals[blockIdx.x];
        __threadfence();
        atomicExch(&g_lock, 0);
    }
}
