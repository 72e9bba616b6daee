// CL2006 negative: the twin of pos_block_atomic_two_blocks.cu with
// device-scope atomics, which are atomic between blocks.
__global__ void swap_two_blocks(unsigned *data)
{
    if (blockIdx.x == 0)
        atomicExch(&data[0], 1);
    else
        atomicExch(&data[0], 2);
}
