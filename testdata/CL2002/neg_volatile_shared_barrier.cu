// CL2002 negative: a volatile __shared__ flag; the waiting threads pass
// __syncthreads() before reading s_data. For shared memory a barrier is a
// block-scope ordering point, which is all that is needed.
__global__ void shared_gate(int *out)
{
    __shared__ volatile int s_flag;
    __shared__ int s_data;
    if (threadIdx.x == 0) {
        s_data = 21;
        __threadfence_block();
        s_flag = 1;
    } else {
        while (s_flag == 0) {
        }
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s_data;
}
