// CL2003 negative: a __shared__ hand-off ordered with __threadfence_block();
// block scope is enough when producer and consumer are in the same block.
__global__ void intra_block_ok(int *out)
{
    __shared__ int s_data[4];
    __shared__ volatile int s_flag;
    if (threadIdx.x == 0) {
        s_data[0] = 1;
        s_data[1] = 2;
        __threadfence_block();
        s_flag = 1;
    } else if (threadIdx.x == 32) {
        while (s_flag == 0) {
        }
        __threadfence_block();
        out[blockIdx.x] = s_data[0] + s_data[1];
    }
}
