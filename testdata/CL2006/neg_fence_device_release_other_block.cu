// CL2006 negative: the twin of pos_fence_block_release_other_block.cu with
// device-scope fences on both sides: right between blocks.
__global__ void strong_fence(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 77;
        __threadfence();
        atomicExch(flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
