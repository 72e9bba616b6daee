// CL2006 negative: the same counter as pos_block_atomic_grid_counter.cu, but
// no launch is in view: in a grid of one block block scope is right, and
// cudalint cannot see the grid.
__global__ void count_blocks(int *counter)
{
    if (threadIdx.x == 0)
        atomicAdd_block(counter, 1);
}
