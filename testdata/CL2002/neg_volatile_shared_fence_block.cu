// CL2002 negative: a volatile __shared__ flag followed by
// __threadfence_block(); block scope suffices for a hand-off within a block.
__global__ void shared_pair(int *out)
{
    __shared__ volatile int s_flag;
    __shared__ int s_val;
    if (threadIdx.x == 0) {
        s_val = 4;
        __threadfence_block();
        s_flag = 1;
    } else if (threadIdx.x == 32) {
        while (s_flag == 0) {
        }
        __threadfence_block();
        out[blockIdx.x] = s_val;
    }
}
