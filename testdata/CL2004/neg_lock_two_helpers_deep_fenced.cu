// CL2004 negative: the twin of pos_lock_two_helpers_deep.cu whose lock()
// fences after its compare-and-swap, two helpers below the read it
// orders.
struct Lock {
    int *mutex;
    __device__ void lock()
    {
        while (atomicCAS(mutex, 0, 1) != 0);
        __threadfence();
    }
    __device__ void unlock()
    {
        __threadfence();
        atomicExch(mutex, 0);
    }
};

__device__ void enter(Lock &l)
{
    l.lock();
}

__global__ void count(Lock l, int *counter)
{
    if (threadIdx.x == 0) {
        enter(l);
        int c = *counter;
        *counter = c + 1;
        l.unlock();
    }
}
