// CL2006 negative (ScoR rule-110, race-free build, rewritten): the twin of
// pos_device_atomic_after_block_fence.cu with a device-scope fence before
// the border's device-scope publication.
__global__ void step(int *cells, volatile int *copy, int *done, int t)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    copy[tid] = cells[tid];
    if (threadIdx.x == 0 || threadIdx.x == blockDim.x - 1) {
        __threadfence();
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
