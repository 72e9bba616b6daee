// CL2006 positive: thread 0 of every block bumps one counter with a
// block-scope atomic, and the kernel is launched with 8 blocks: the blocks'
// increments are not atomic to each other and can be lost.
__global__ void count_blocks(int *counter)
{
    if (threadIdx.x == 0)
        atomicAdd_block(counter, 1); // expect: CL2006 "every block of the grid runs it on this one location"
}

void run()
{
    int *d = nullptr;
    cudaMalloc(&d, sizeof(int));
    count_blocks<<<8, 128>>>(d);
}
