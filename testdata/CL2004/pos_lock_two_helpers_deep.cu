// CL2004 positive: the lock is taken two helpers deep (enter() calls the
// struct's lock(), which has no fence after its compare-and-swap); the
// read after enter() returns is what the acquire has to order.
struct Lock {
    int *mutex;
    __device__ void lock() { while (atomicCAS(mutex, 0, 1) != 0); }
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
        int c = *counter; // expect: CL2004
        *counter = c + 1;
        l.unlock();
    }
}
