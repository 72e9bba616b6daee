// CL2002 positive: hand-off inside a block through a volatile __shared__
// flag. Warp 0 publishes correctly (data, __threadfence_block(), flag), but
// the waiting warp reads s_data straight after the loop with no fence.
__global__ void shared_handoff(int *out)
{
    __shared__ volatile int s_flag;
    __shared__ int s_data;
    if (threadIdx.x == 0) {
        s_data = 17;
        __threadfence_block();
        s_flag = 1;
    } else if (threadIdx.x == 32) {
        while (s_flag == 0); // expect: CL2002
        out[blockIdx.x] = s_data;
    }
}
