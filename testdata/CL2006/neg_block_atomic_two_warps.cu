// CL2006 negative (ScoR norace_interwarp_blkatom, rewritten): the two
// block-scope atomics are made by threads 0 and 32, warps of one block, and
// the kernel is launched with one block: block scope covers both.
__global__ void swap_two_warps(unsigned *data)
{
    if (threadIdx.x == 0)
        atomicExch_block(&data[0], 1);
    else if (threadIdx.x == 32)
        atomicExch_block(&data[0], 2);
}

void run(unsigned *d)
{
    swap_two_warps<<<1, 64>>>(d);
}
