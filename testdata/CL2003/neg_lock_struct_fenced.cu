// CL2003 + CL2004 negative: the struct lock fences inside its members:
// lock() after the compare-and-swap, unlock() before the exchange.
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

__global__ void count(Lock l, int *counter)
{
    if (threadIdx.x == 0) {
        l.lock();
        int c = *counter;
        *counter = c + 1;
        l.unlock();
    }
}
