// CL2003 + CL2004 negative: the twin of pos_reference_local_data_in_lock.cu
// with a block-scope fence on each side (the lock's atomics are all
// block-scoped, so block scope is enough).
__global__ void add(int *locks, volatile int *sums, int v)
{
    int &l = locks[blockIdx.x * 32 + threadIdx.x % 32];
    volatile int &sum = sums[blockIdx.x * 32 + threadIdx.x % 32];
    bool done = false;
    do {
        if (atomicCAS_block(&l, 0, 1) == 0) {
            __threadfence_block();
            sum += v;
            __threadfence_block();
            atomicExch_block(&l, 0);
            done = true;
        }
    } while (!done);
}
