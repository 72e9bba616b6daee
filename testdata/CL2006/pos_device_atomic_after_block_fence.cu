// CL2006 positive (ScoR rule-110 -DRACEY, rewritten): the border threads of a
// block publish their cell with a device-scope atomic, for the neighbour
// block, and the inner ones with block-scope atomics: the program tells the
// scopes apart. The border's fence has block scope, though, so the neighbour
// block can see the flag before the cell.
__global__ void step(int *cells, volatile int *copy, int *done, int t)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    copy[tid] = cells[tid];
    if (threadIdx.x == 0 || threadIdx.x == blockDim.x - 1) {
        __threadfence_block(); // expect: CL2006 "which says this publication is for threads of other blocks"
        atomicExch(&done[tid], t);
    } else {
        __threadfence_block();
        atomicExch_block(&done[tid], t);
    }
    if (threadIdx.x > 0)
        while (atomicAdd_block(&done[tid - 1], 0) != t) {
        }
    __threadfence_block();
    cells[tid] = copy[tid - 1];
}
