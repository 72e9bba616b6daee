// CL1001 negative: memory fences are not barriers. Thread 0 writes and fences
// under a varying if; the barrier itself is unconditional.
__global__ void publish_then_sync(float *g, int *flag)
{
    __shared__ float s0;
    if (threadIdx.x == 0) {
        s0 = g[blockIdx.x];
        __threadfence_block();
        __threadfence();
        flag[blockIdx.x] = 1;
    }
    __syncthreads();
    g[blockIdx.x * blockDim.x + threadIdx.x] += s0;
}
