// CL2004 positive: the poll is atomicCAS(flag, 1, 1) (relaxed); once it
// succeeds the payload is read with no fence.
__device__ int g_payload[32];
__device__ int g_flag;

__global__ void cas_consumer(int *out)
{
    if (blockIdx.x == 0) {
        g_payload[threadIdx.x & 31] = (int)threadIdx.x;
        __threadfence();
        __syncthreads();
        if (threadIdx.x == 0)
            atomicExch(&g_flag, 1);
    } else if (threadIdx.x == 0) {
        while (atomicCAS(&g_flag, 1, 1) != 1) {
        }
        out[blockIdx.x] = g_payload[31]; // expect: CL2004
    }
}
