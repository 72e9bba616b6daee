// CL2003 positive: the release is two helpers deep (leave() calls the
// struct's unlock(), which exchanges with no fence before it); the store
// before leave() is what the release has to order. Reported at the call.
struct Lock {
    int *mutex;
    __device__ void lock()
    {
        while (atomicCAS(mutex, 0, 1) != 0);
        __threadfence();
    }
    __device__ void unlock() { atomicExch(mutex, 0); }
};

__device__ void leave(Lock &l)
{
    l.unlock();
}

__global__ void count(Lock l, int *counter)
{
    if (threadIdx.x == 0) {
        l.lock();
        *counter = *counter + 1;
        leave(l); // expect: CL2003
    }
}
