// CL2002 positive: the flag lives in global memory and is set by another
// block, but the consumer only issues __threadfence_block() after the loop.
// Block scope is not enough for a cross-block hand-off.
__global__ void scope_too_small(int *data, volatile int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 8;
        __threadfence();
        *flag = 1;
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (*flag == 0); // expect: CL2002
        __threadfence_block();
        out[0] = data[0];
    }
}
