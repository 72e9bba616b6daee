// CL2004 positive: block 1 waits for block 0's flag and then overwrites the
// value block 0 published, with no fence after the poll: its store may land
// first and be overwritten by block 0's.
__device__ int g_flag;

__global__ void overwrite(int *val)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        val[0] = 1;
        __threadfence();
        atomicExch(&g_flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(&g_flag, 0) == 0) {
        }
        val[0] = 2; // expect: CL2004 "the store can take effect before the flag is seen"
    }
}
