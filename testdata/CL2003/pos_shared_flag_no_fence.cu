// CL2003 positive: a hand-off inside a block through __shared__ memory.
// Thread 0 writes s_data and then the volatile shared flag with no
// __threadfence_block() in between; the waiting warp may see the flag first.
__global__ void intra_block(int *out)
{
    __shared__ int s_data[4];
    __shared__ volatile int s_flag;
    if (threadIdx.x == 0) {
        s_data[0] = 1;
        s_data[1] = 2;
        s_flag = 1; // expect: CL2003
    } else if (threadIdx.x == 32) {
        while (s_flag == 0) {
        }
        __threadfence_block();
        out[blockIdx.x] = s_data[0] + s_data[1];
    }
}
