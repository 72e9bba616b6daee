// CL2003 negative (ScoR norace_interwarp-block_fence_hrf-indirect, cut down):
// each publication is paired with the poll that waits for its value. Value 1
// goes from thread 0 to thread 32 of block 0 (block scope is enough); value
// 2 goes from block 0 to block 1 with a device-scope fence.
__device__ int flag;

__global__ void chain(volatile unsigned *data, unsigned *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 1;
        __threadfence_block();
        atomicExch(&flag, 1);
    } else if (blockIdx.x == 0 && threadIdx.x == 32) {
        while (atomicAdd(&flag, 0) != 1) {
        }
        __threadfence_block();
        data[0] += 2;
        __threadfence();
        atomicExch(&flag, 2);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(&flag, 0) != 2) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
