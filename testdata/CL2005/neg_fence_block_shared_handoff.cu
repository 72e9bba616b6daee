// CL2005 negative: the intra-block shared hand-off with the right scope,
// __threadfence_block() on both sides.
__global__ void warp_handoff(int *out)
{
    __shared__ int s_data;
    __shared__ int s_result;
    __shared__ volatile int s_flag;
    if (threadIdx.x == 0) {
        s_data = 5;
        __threadfence_block();
        s_flag = 1;
    } else if (threadIdx.x == 32) {
        while (s_flag == 0) {
        }
        __threadfence_block();
        s_result = s_data;
    }
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = s_result;
}
