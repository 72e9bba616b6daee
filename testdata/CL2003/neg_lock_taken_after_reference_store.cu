// CL2003 negative: taking a lock publishes nothing. The block's partial
// sum (a reference local) is stored, the block syncs, and warp 0 takes the
// global lock with atomicCAS: the lock's write of 1 is no value any taker
// enters on (each enters on 0, which the fenced release writes).
__global__ void commit(int *gl_lock, volatile int *partial, volatile int *out, int v)
{
    volatile int &p = partial[blockIdx.x];
    if (threadIdx.x == 0)
        p = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        bool done = false;
        do {
            if (atomicCAS(&gl_lock[0], 0, 1) == 0) {
                __threadfence();
                out[0] = out[0] + p;
                __threadfence();
                atomicExch(&gl_lock[0], 0);
                done = true;
            }
        } while (!done);
    }
}
