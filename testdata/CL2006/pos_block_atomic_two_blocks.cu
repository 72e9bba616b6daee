// CL2006 positive (ScoR race_interblock_blkatom, rewritten): block 0 and the
// other blocks exchange one location with block-scope atomics; atomics of two
// blocks at block scope are no atomics to each other.
__global__ void swap_two_blocks(unsigned *data)
{
    if (blockIdx.x == 0)
        atomicExch_block(&data[0], 1); // expect: CL2006 "the same location is accessed atomically in other blocks"
    else
        atomicExch_block(&data[0], 2); // expect: CL2006 "use device scope: `atomicExch()`"
}
