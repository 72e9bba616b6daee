// CL2005 negative: __threadfence_block() in a block that also uses
// __syncthreads(), but not next to it: the fence orders the shared data
// before the shared flag for a waiting warp, which the later barrier does
// not do in time.
__global__ void staged(int *out)
{
    __shared__ int s_val;
    __shared__ volatile int s_flag;
    if (threadIdx.x == 0)
        s_flag = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        s_val = 8;
        __threadfence_block();
        s_flag = 1;
    } else if (threadIdx.x == 32) {
        while (s_flag == 0) {
        }
        __threadfence_block();
        out[blockIdx.x] = s_val;
    }
    __syncthreads();
}
